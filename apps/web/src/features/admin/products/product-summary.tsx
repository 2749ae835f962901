import { formatPrice, type ProductPictures } from '@shop/contracts';
import { capitalize } from './form-bits';
import type { AdminProduct } from './products-api';
import type { DetailsView } from './use-product-details';

export const ARCHIVED_TEXT = 'This product is archived: shoppers no longer see it in the shop.';

interface ProductSummaryProps {
  product: AdminProduct;
  /** A picture uploaded but not saved yet, shown in place of the stored one. */
  pictures: ProductPictures | null;
  view: DetailsView;
  /** The id of the views the 'Stock'/'Back' button switches between. */
  viewId: string;
  onToggleView: () => void;
}

/** The top of Product Details: archived or not, the picture, brand, name and price, and 'Stock'/'Back'. */
export function ProductSummary({ product, pictures, view, viewId, onToggleView }: ProductSummaryProps) {
  return (
    <>
      {product.archived ? (
        <p className="alert alert-secondary py-2 admin-details__archived">
          <span className="badge text-bg-dark me-2">Archived</span>
          {ARCHIVED_TEXT}
        </p>
      ) : null}
      <div className="admin-details__summary">
        <img
          src={pictures?.original_picture ?? product.original_picture}
          alt={pictures ? `The new picture of ${product.name}` : product.name}
          className="admin-details__picture"
          width={1600}
          height={1200}
        />
        <div className="admin-details__facts">
          <p className="admin-details__brand">{capitalize(product.brand)}</p>
          <p className="admin-details__name">{product.name}</p>
          <p className="admin-details__price">{formatPrice(product.price)}</p>
          <button
            type="button"
            className="btn btn-outline-dark btn-sm"
            aria-controls={viewId}
            onClick={onToggleView}
          >
            {view === 'details' ? 'Stock' : 'Back'}
          </button>
        </div>
      </div>
    </>
  );
}
