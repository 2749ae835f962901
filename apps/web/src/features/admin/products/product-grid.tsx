import { formatPrice } from '@shop/contracts';
import { capitalize } from './form-bits';
import type { AdminProduct } from './products-api';

export interface ProductActions {
  onEdit: (product: AdminProduct) => void;
  onReviews: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
  /** Puts an archived product back on sale. */
  onRestore: (product: AdminProduct) => void;
  /** The id of the product being restored, if any. */
  restoringId: string | null;
}

/** The id of a card's Edit button (focus goes there once its Delete button is gone). */
export const editButtonId = (product: AdminProduct) => `admin-product-${product._id}-edit`;

export const totalUnits = (product: AdminProduct) =>
  Object.values(product.stock).reduce((sum, units) => sum + units, 0);

/** The staff's product cards: a dense row each on a phone, then 2 to 4 cards a row as the screen widens. */
export function ProductGrid({
  products,
  busy,
  ...actions
}: { products: AdminProduct[]; busy: boolean } & ProductActions) {
  return (
    <ul
      className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-2 g-sm-3 admin-grid"
      aria-busy={busy}
    >
      {products.map((product) => (
        <li key={product._id} className="col">
          <AdminProductCard product={product} {...actions} />
        </li>
      ))}
    </ul>
  );
}

function AdminProductCard({
  product,
  onEdit,
  onReviews,
  onDelete,
  onRestore,
  restoringId,
}: { product: AdminProduct } & ProductActions) {
  const restoring = restoringId === product._id;
  const units = totalUnits(product);
  const nameId = `admin-product-${product._id}-name`;
  return (
    <article
      className={`card h-100 admin-product${product.archived ? ' is-archived' : ''}`}
      aria-labelledby={nameId}
    >
      <div className="admin-product__media">
        <img
          src={product.card_picture}
          alt=""
          className="admin-product__image"
          width={480}
          height={360}
          loading="lazy"
        />
        {product.archived ? <span className="badge text-bg-dark admin-product__badge">Archived</span> : null}
      </div>
      <div className="card-body admin-product__body">
        <p className="admin-product__brand">{capitalize(product.brand)}</p>
        <h3 id={nameId} className="admin-product__name line-clamp-2">
          {product.name}
        </h3>
        <dl className="admin-product__facts">
          <div>
            <dt>Price</dt>
            <dd>{formatPrice(product.price)}</dd>
          </div>
          <div>
            <dt>In stock</dt>
            <dd className={units === 0 ? 'text-danger' : undefined}>
              {units === 0 ? 'Sold out' : `${units} ${units === 1 ? 'unit' : 'units'}`}
            </dd>
          </div>
        </dl>
      </div>
      <div className="card-footer admin-product__actions">
        <button
          type="button"
          id={editButtonId(product)}
          className="btn btn-sm btn-dark"
          aria-label={`Edit ${product.name}`}
          onClick={() => onEdit(product)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          aria-label={`Reviews of ${product.name}`}
          onClick={() => onReviews(product)}
        >
          Reviews
        </button>
        {product.archived ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-success"
            aria-label={`Restore ${product.name}`}
            disabled={restoring}
            onClick={() => onRestore(product)}
          >
            {restoring ? 'Restoring…' : 'Restore'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={`Delete ${product.name}`}
            onClick={() => onDelete(product)}
          >
            Delete
          </button>
        )}
      </div>
    </article>
  );
}
