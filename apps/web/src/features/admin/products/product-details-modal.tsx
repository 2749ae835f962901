import { formatPrice, type ProductPictures, SUCCESS_MESSAGE_MS } from '@shop/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { ApiError, errorText } from '../../../lib/api';
import { EditField } from './edit-field';
import { capitalize } from './form-bits';
import { PictureUpload } from './picture-upload';
import {
  EDIT_FIELDS,
  editChanges,
  editFieldError,
  editValues,
  type EditField as Field,
  isChanged,
  type StockLine,
  stockLineError,
  stockLines,
} from './product-edit-fields';
import { type AdminProduct, useModifyProduct } from './products-api';
import { StockEditor } from './stock-editor';

export const SAVED_TEXT = 'The product was saved.';
export const ARCHIVED_TEXT = 'This product is archived: shoppers no longer see it in the shop.';

interface ProductDetailsModalProps {
  /** The product to show; null closes the modal. */
  product: AdminProduct | null;
  onHide: () => void;
}

/** 'Product Details': the product, its fields one at a time behind a pencil, and its stock behind 'Stock'. */
export function ProductDetailsModal({ product, onHide }: ProductDetailsModalProps) {
  // The last product stays on screen while the modal fades out.
  const last = useRef(product);
  if (product) last.current = product;
  const shown = product ?? last.current;
  return (
    <Modal
      show={product !== null}
      onHide={onHide}
      size="lg"
      fullscreen="md-down"
      aria-labelledby="admin-details-title"
      className="admin-products-modal"
    >
      <Modal.Header closeButton>
        <Modal.Title id="admin-details-title" as="h2" className="admin-products-modal__title">
          Product Details
        </Modal.Title>
      </Modal.Header>
      {shown ? <ProductDetails key={shown._id} product={shown} onHide={onHide} /> : null}
    </Modal>
  );
}

function ProductDetails({ product, onHide }: { product: AdminProduct; onHide: () => void }) {
  const id = useId();
  const modify = useModifyProduct();
  const [base, setBase] = useState(product);
  const [values, setValues] = useState(() => editValues(product));
  const [lines, setLines] = useState<StockLine[]>(() => stockLines(product.stock));
  const [pictures, setPictures] = useState<ProductPictures | null>(null);
  const [editing, setEditing] = useState<Field | null>(null);
  const [view, setView] = useState<'details' | 'stock'>('details');
  const [uploading, setUploading] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState(0);
  const savedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (savedAt) savedRef.current?.focus();
  }, [savedAt]);

  const stored = editValues(base);
  const fieldError = (field: Field) =>
    server[field] ?? (isChanged(stored, values, field) ? editFieldError(field, values[field]) : null);
  const stockServer = Object.fromEntries(
    Object.entries(server)
      .filter(([key]) => key.startsWith('stock.'))
      .map(([key, message]) => [key.slice('stock.'.length), message]),
  );
  const hasErrors =
    EDIT_FIELDS.some((field) => fieldError(field)) ||
    lines.some((line) => stockServer[line.size] ?? stockLineError(line)) ||
    Boolean(server.picture);
  const changes = editChanges(base, values, lines, pictures);
  // A new picture is one change, though it names three sizes.
  const changedCount = changes
    ? Object.keys(changes).filter((key) => key !== 'detail_picture' && key !== 'original_picture').length
    : 0;
  const saveDisabled = hasErrors || !changes || changedCount === 0 || uploading || modify.isPending;

  const forget = (key: string) =>
    setServer((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  const onUploaded = useCallback((stored: ProductPictures) => {
    setPictures(stored);
    setServer(({ picture: _gone, ...rest }) => rest);
  }, []);

  const onSave = async () => {
    if (saveDisabled || !changes) return;
    setFormError(null);
    setSavedAt(0);
    try {
      const saved = await modify.mutateAsync({ id: base._id, changes });
      const next = { ...saved, archived: base.archived };
      setBase(next);
      setValues(editValues(next));
      setLines(stockLines(next.stock));
      setPictures(null);
      setEditing(null);
      setServer({});
      setSavedAt(Date.now());
    } catch (failure) {
      const fields: Record<string, string> = {};
      let named = false;
      if (failure instanceof ApiError)
        for (const [path, message] of Object.entries(failure.fields)) {
          const key = /^(card|detail|original)_picture$/.test(path) ? 'picture' : path;
          const shown = message === 'The name contains an invalid character' ? 'Invalid character' : message;
          if (
            (EDIT_FIELDS as readonly string[]).includes(key) ||
            key === 'picture' ||
            key.startsWith('stock.')
          ) {
            fields[key] ??= shown;
            named = true;
          }
        }
      setServer(fields);
      setFormError(
        `The product was not saved: ${errorText(failure)}${named ? ' See the fields marked.' : ''}`,
      );
    }
  };

  const picture = pictures?.original_picture ?? base.original_picture;
  const busy = modify.isPending;

  return (
    <>
      <div className="modal-body">
        {base.archived ? (
          <p className="alert alert-secondary py-2 admin-details__archived">
            <span className="badge text-bg-dark me-2">Archived</span>
            {ARCHIVED_TEXT}
          </p>
        ) : null}
        <div className="admin-details__summary">
          <img
            src={picture}
            alt={pictures ? `The new picture of ${base.name}` : base.name}
            className="admin-details__picture"
            width={1600}
            height={1200}
          />
          <div className="admin-details__facts">
            <p className="admin-details__brand">{capitalize(base.brand)}</p>
            <p className="admin-details__name">{base.name}</p>
            <p className="admin-details__price">{formatPrice(base.price)}</p>
            <button
              type="button"
              className="btn btn-outline-dark btn-sm"
              aria-controls={`${id}-view`}
              onClick={() => {
                setEditing(null);
                setView((current) => (current === 'details' ? 'stock' : 'details'));
              }}
            >
              {view === 'details' ? 'Stock' : 'Back'}
            </button>
          </div>
        </div>

        {/* Both views stay mounted (an upload goes on while the stock shows); one is hidden. */}
        <div id={`${id}-view`}>
          <div className="row g-3" hidden={view !== 'details'}>
            {EDIT_FIELDS.map((field) => (
              <div
                key={field}
                className={field === 'name' || field === 'description' ? 'col-12' : 'col-12 col-sm-6'}
              >
                <EditField
                  id={`${id}-${field}`}
                  field={field}
                  value={values[field]}
                  editing={editing === field}
                  changed={isChanged(stored, values, field)}
                  error={fieldError(field)}
                  disabled={busy}
                  onToggle={() => setEditing((current) => (current === field ? null : field))}
                  onChange={(value) => {
                    forget(field);
                    setValues((current) => ({ ...current, [field]: value }));
                  }}
                />
              </div>
            ))}
            <div className="col-12">
              <PictureUpload
                id={`${id}-picture`}
                label="Change picture"
                pictures={pictures}
                onUploaded={onUploaded}
                onBusyChange={setUploading}
                error={server.picture}
                preview={false}
              />
            </div>
          </div>
          <div hidden={view !== 'stock'}>
            <StockEditor
              id={`${id}-stock`}
              lines={lines}
              stock={base.stock}
              serverErrors={stockServer}
              disabled={busy}
              onChange={(next) => {
                for (const line of next) forget(`stock.${line.size}`);
                setLines(next);
              }}
            />
          </div>
        </div>

        <div ref={savedRef} tabIndex={-1} className="admin-details__alerts">
          {savedAt ? (
            <AlertSuccess
              key={savedAt}
              message={SAVED_TEXT}
              autoHideMs={SUCCESS_MESSAGE_MS}
              onClose={() => setSavedAt(0)}
              className="mt-3 mb-0"
            />
          ) : null}
        </div>
        {formError ? (
          <AlertError message={formError} onClose={() => setFormError(null)} className="mt-3 mb-0" />
        ) : null}
      </div>
      <div className="modal-footer admin-form-footer">
        <p className="admin-form-footer__pending" aria-live="polite">
          {hasErrors
            ? 'Correct the fields marked before saving.'
            : changedCount > 0
              ? `${changedCount} ${changedCount === 1 ? 'change' : 'changes'} to save.`
              : view === 'stock'
                ? 'Type the units of a size to change them; 0 sells it out.'
                : 'Press a pencil to change a field.'}
        </p>
        <button type="button" className="btn btn-outline-dark" onClick={onHide} disabled={busy}>
          Close
        </button>
        <button type="button" className="btn btn-dark" disabled={saveDisabled} onClick={onSave}>
          {busy ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Saving…
            </>
          ) : (
            'Save'
          )}
        </button>
      </div>
    </>
  );
}
