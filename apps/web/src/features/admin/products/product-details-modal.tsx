import { SUCCESS_MESSAGE_MS } from '@shop/contracts';
import { useId } from 'react';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { ProductDetailsFooter } from './product-details-footer';
import { ProductEditFields } from './product-edit-fields-view';
import { ProductSummary } from './product-summary';
import type { AdminProduct } from './products-api';
import { ProductsModal } from './products-modal';
import { StockEditor } from './stock-editor';
import { UnchartedSizes } from './uncharted-sizes';
import { useLastShown } from './use-last-shown';
import { useProductDetails } from './use-product-details';

export { ARCHIVED_TEXT } from './product-summary';
export const SAVED_TEXT = 'The product was saved.';

interface ProductDetailsModalProps {
  /** The product to show; null closes the modal. */
  product: AdminProduct | null;
  onHide: () => void;
}

/** 'Product Details': the product, its fields one at a time behind a pencil, and its stock behind 'Stock'. */
export function ProductDetailsModal({ product, onHide }: ProductDetailsModalProps) {
  // The last product stays on screen while the modal fades out.
  const shown = useLastShown(product);
  return (
    <ProductsModal
      show={product !== null}
      onHide={onHide}
      titleId="admin-details-title"
      title="Product Details"
    >
      {shown ? <ProductDetails key={shown._id} product={shown} onHide={onHide} /> : null}
    </ProductsModal>
  );
}

function ProductDetails({ product, onHide }: { product: AdminProduct; onHide: () => void }) {
  const id = useId();
  const details = useProductDetails(product);
  const { base, values, busy } = details;

  return (
    <>
      <div className="modal-body">
        <ProductSummary
          product={base}
          pictures={details.pictures}
          view={details.view}
          viewId={`${id}-view`}
          onToggleView={details.toggleView}
        />

        {/* Both views stay mounted (an upload goes on while the stock shows); one is hidden. */}
        <div id={`${id}-view`}>
          <ProductEditFields
            id={id}
            hidden={details.view !== 'details'}
            values={values}
            editing={details.editing}
            changed={details.changed}
            fieldError={details.fieldError}
            fieldWarning={details.fieldWarning}
            disabled={busy}
            onToggle={details.toggleEditing}
            onChange={details.changeValue}
            pictures={details.pictures}
            onUploaded={details.onUploaded}
            onUploadBusyChange={details.setUploading}
            pictureError={details.server.picture}
          />
          <div hidden={details.view !== 'stock'}>
            <StockEditor
              id={`${id}-stock`}
              lines={details.lines}
              stock={base.stock}
              serverErrors={details.stockServer}
              disabled={busy}
              onChange={details.changeLines}
            />
          </div>
        </div>
        {/* Under both views: a change of brand or gender in the fields moves the product to another chart. */}
        <UnchartedSizes
          brand={values.brand}
          genders={[values.gender]}
          sizes={details.lines.map((line) => line.size)}
          className="mt-3"
        />

        <div ref={details.savedRef} tabIndex={-1} className="admin-details__alerts">
          {details.savedAt ? (
            <AlertSuccess
              key={details.savedAt}
              message={SAVED_TEXT}
              autoHideMs={SUCCESS_MESSAGE_MS}
              onClose={details.dismissSaved}
              className="mt-3 mb-0"
            />
          ) : null}
        </div>
        {details.formError ? (
          <AlertError message={details.formError} onClose={details.dismissError} className="mt-3 mb-0" />
        ) : null}
      </div>
      <ProductDetailsFooter
        hasErrors={details.hasErrors}
        changedCount={details.changedCount}
        view={details.view}
        busy={busy}
        saveDisabled={details.saveDisabled}
        onClose={onHide}
        onSave={details.onSave}
      />
    </>
  );
}
