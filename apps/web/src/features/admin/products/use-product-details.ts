import type { ProductPictures } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import {
  compareAtWarning,
  EDIT_FIELDS,
  type EditField,
  type EditValues,
  editChanges,
  editFieldError,
  editValues,
  isChanged,
  type StockLine,
  stockLineError,
  stockLines,
} from './product-edit-fields';
import { type AdminProduct, changedAdminProduct, useModifyProduct } from './products-api';

export type DetailsView = 'details' | 'stock';

/** The server's refusals of a save, keyed by the field, 'picture' or `stock.<size>`; `named` if any was. */
function refusedFields(failure: unknown): { fields: Record<string, string>; named: boolean } {
  const fields: Record<string, string> = {};
  let named = false;
  if (failure instanceof ApiError)
    for (const [path, message] of Object.entries(failure.fields)) {
      const key = /^(card|detail|original)_picture$/.test(path) ? 'picture' : path;
      const shown = message === 'The name contains an invalid character' ? 'Invalid character' : message;
      if ((EDIT_FIELDS as readonly string[]).includes(key) || key === 'picture' || key.startsWith('stock.')) {
        fields[key] ??= shown;
        named = true;
      }
    }
  return { fields, named };
}

/** The server's stock refusals, keyed by size. */
const stockRefusals = (server: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(server)
      .filter(([key]) => key.startsWith('stock.'))
      .map(([key, message]) => [key.slice('stock.'.length), message]),
  );

/** What the edits come to: which fields changed, their messages, whether any holds, and the changes to send. */
function reviewEdits(
  base: AdminProduct,
  values: EditValues,
  lines: StockLine[],
  pictures: ProductPictures | null,
  server: Record<string, string>,
) {
  const stored = editValues(base);
  const changed = (field: EditField) => isChanged(stored, values, field);
  const fieldError = (field: EditField) =>
    server[field] ?? (changed(field) ? editFieldError(field, values[field]) : null);
  const fieldWarning = (field: EditField) =>
    field === 'compareAtPrice' ? compareAtWarning(base, values) : null;
  const stockServer = stockRefusals(server);
  const hasErrors =
    EDIT_FIELDS.some((field) => fieldError(field)) ||
    lines.some((line) => stockServer[line.size] ?? stockLineError(line)) ||
    Boolean(server.picture);
  const changes = editChanges(base, values, lines, pictures);
  // A new picture is one change, though it names three sizes.
  const changedCount = changes
    ? Object.keys(changes).filter((key) => key !== 'detail_picture' && key !== 'original_picture').length
    : 0;
  return { changed, fieldError, fieldWarning, stockServer, hasErrors, changes, changedCount };
}

/** Which view shows (the fields or the stock) and which field is open behind its pencil. */
function useDetailsView() {
  const [editing, setEditing] = useState<EditField | null>(null);
  const [view, setView] = useState<DetailsView>('details');
  return {
    editing,
    view,
    lockFields: () => setEditing(null),
    /** 'Stock' and 'Back': the other view, with every field locked again. */
    toggleView: () => {
      setEditing(null);
      setView((current) => (current === 'details' ? 'stock' : 'details'));
    },
    /** A pencil: opens its field (locking any other), or locks it again. */
    toggleEditing: (field: EditField) => setEditing((current) => (current === field ? null : field)),
  };
}

/** 'The product was saved.': when it showed (0 while hidden), and the element that takes focus then. */
function useSavedNotice() {
  const [savedAt, setSavedAt] = useState(0);
  const savedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (savedAt) savedRef.current?.focus();
  }, [savedAt]);
  return { savedAt, setSavedAt, savedRef };
}

/**
 * Product Details' state: the stored product and the values being edited, the field open behind its pencil,
 * the view (fields or stock), the messages, how many changes wait, and Save.
 */
export function useProductDetails(product: AdminProduct) {
  const modify = useModifyProduct();
  const [base, setBase] = useState(product);
  const [values, setValues] = useState(() => editValues(product));
  const [lines, setLines] = useState<StockLine[]>(() => stockLines(product.stock));
  const [pictures, setPictures] = useState<ProductPictures | null>(null);
  const detailsView = useDetailsView();
  const [uploading, setUploading] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { savedAt, setSavedAt, savedRef } = useSavedNotice();

  const { changed, fieldError, fieldWarning, stockServer, hasErrors, changes, changedCount } = reviewEdits(
    base,
    values,
    lines,
    pictures,
    server,
  );
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
      const next = changedAdminProduct(saved, base);
      setBase(next);
      setValues(editValues(next));
      setLines(stockLines(next.stock));
      setPictures(null);
      detailsView.lockFields();
      setServer({});
      setSavedAt(Date.now());
    } catch (failure) {
      const { fields, named } = refusedFields(failure);
      setServer(fields);
      setFormError(
        `The product was not saved: ${errorText(failure)}${named ? ' See the fields marked.' : ''}`,
      );
    }
  };

  return {
    base,
    values,
    lines,
    pictures,
    ...detailsView,
    server,
    stockServer,
    formError,
    savedAt,
    savedRef,
    changed,
    fieldError,
    fieldWarning,
    hasErrors,
    changedCount,
    saveDisabled,
    busy: modify.isPending,
    onUploaded,
    onSave,
    setUploading,
    changeValue: (field: EditField, value: string) => {
      forget(field);
      setValues((current) => ({ ...current, [field]: value }));
    },
    changeLines: (next: StockLine[]) => {
      for (const line of next) forget(`stock.${line.size}`);
      setLines(next);
    },
    dismissSaved: () => setSavedAt(0),
    dismissError: () => setFormError(null),
  };
}
