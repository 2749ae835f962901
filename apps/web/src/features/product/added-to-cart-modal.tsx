import { type CartItem, formatPrice } from '@shop/contracts';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import type { AddResult } from '../../lib/cart/cart-store';

export const ADDED_TITLE = 'You added products to the cart';
export const DUPLICATE_TITLE = 'This product is already in your cart';

interface AddedToCartModalProps {
  show: boolean;
  /** What happened: a new line, or the same id + size was already in the cart. */
  result: AddResult;
  /** The line just added, or the line already in the cart for a duplicate. */
  item: CartItem | null;
  cartItems: CartItem[];
  cartTotal: number;
  onHide: () => void;
}

/** Shown after 'Add to cart': the added line and a strip of everything in the cart. */
export function AddedToCartModal({
  show,
  result,
  item,
  cartItems,
  cartTotal,
  onHide,
}: AddedToCartModalProps) {
  const duplicate = result === 'duplicate';
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="added-to-cart-title" className="added-modal">
      <Modal.Header closeButton>
        <Modal.Title id="added-to-cart-title" as="h2" className="h5 fw-bold d-flex align-items-center gap-2">
          <span
            className={`added-modal__icon${duplicate ? ' added-modal__icon--info' : ''}`}
            aria-hidden="true"
          >
            {duplicate ? 'i' : '✓'}
          </span>
          {duplicate ? DUPLICATE_TITLE : ADDED_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {item && (
          <div className="d-flex gap-3 align-items-center added-modal__item">
            <img src={item.img} alt="" width={112} height={84} className="added-modal__image" />
            <div className="flex-grow-1 min-w-0">
              <p className="fw-semibold mb-1 text-truncate">{item.name}</p>
              <p className="small text-muted mb-1">
                Size {item.size} · Quantity {item.count}
              </p>
              <p className="fw-bold mb-0">{formatPrice(item.totalPrice)}</p>
            </div>
          </div>
        )}
        {duplicate && (
          <p className="small text-muted mt-3 mb-0">
            Nothing was added. You can change the quantity from your cart.
          </p>
        )}
        {cartItems.length > 0 && (
          <section className="mt-4" aria-labelledby="added-modal-cart-heading">
            <div className="d-flex justify-content-between align-items-baseline mb-2">
              <h3 id="added-modal-cart-heading" className="h6 fw-bold mb-0">
                In your cart ({cartItems.length} {cartItems.length === 1 ? 'item' : 'items'})
              </h3>
              <span className="small">
                Total <strong>{formatPrice(cartTotal)}</strong>
              </span>
            </div>
            <ul className="list-unstyled added-modal__strip mb-0">
              {cartItems.map((line) => (
                <li key={line.idAux} className="added-modal__strip-item">
                  <Link to={`/home/${line.id}`} onClick={onHide} className="text-reset text-decoration-none">
                    <img src={line.img} alt="" width={96} height={72} loading="lazy" />
                    <span className="d-block small text-truncate mt-1">{line.name}</span>
                    <span className="d-block small text-muted">
                      Size {line.size} · ×{line.count}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-nowrap">
        <button type="button" className="btn btn-outline-dark flex-fill" onClick={onHide}>
          Keep shopping
        </button>
        <Link to="/cart" className="btn btn-dark flex-fill" onClick={onHide}>
          Go to cart
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
