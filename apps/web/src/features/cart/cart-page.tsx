import { type CartItem, formatPrice } from '@shop/contracts';
import { Link, useNavigate } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { TrashIcon } from '../../components/icons';
import {
  EMPTY_CART_TEXT,
  isExcluded,
  type LineAvailability,
  unavailableText,
  useCartRefresh,
} from '../../lib/cart/cart-check';
import { useCartStore } from '../../lib/cart/cart-store';
import { useHydrated } from '../../lib/hydrated';
import { usePageHints } from '../../lib/page-hints';
import { useSession } from '../../lib/session';
import './cart.css';

export { EMPTY_CART_TEXT };

/** /cart: the cart's lines with today's prices and stock, the total and Buy. */
export function CartPage() {
  const cart = useCartRefresh();
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const hints = usePageHints();

  if (!hydrated && hints.cartLines > 0) {
    // The cart lives in the browser's storage: a page rendered on the server shows its lines once they
    // are read. An empty cart (the cart's cookie says so) is shown at once, below.
    return (
      <main className="container py-4 py-lg-5 cart">
        <title>Cart · Sneaker Shop</title>
        <h1 className="section-title mb-4">Your cart</h1>
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading your cart</span>
        </div>
      </main>
    );
  }

  if (!hydrated || cart.items.length === 0) {
    return (
      <main className="container py-4 py-lg-5 cart">
        <title>Cart · Sneaker Shop</title>
        <h1 className="section-title mb-4">Your cart</h1>
        <div className="cart-empty text-center">
          <p className="cart-empty__text">{EMPTY_CART_TEXT}</p>
          <Link to="/home" className="btn btn-dark btn-lg">
            Browse products
          </Link>
        </div>
      </main>
    );
  }

  const units = cart.items.reduce((sum, item) => sum + item.count, 0);
  const buyableUnits = cart.buyable.reduce((sum, item) => sum + item.count, 0);
  const nothingToBuy = cart.status !== 'checking' && cart.buyable.length === 0;
  const canBuy = cart.status !== 'checking' && !nothingToBuy && !loading;

  const buy = () => navigate(user ? `/checkout/${user.uid}` : '/register');

  return (
    <main className="container py-4 py-lg-5 cart">
      <title>Cart · Sneaker Shop</title>
      <div className="d-flex align-items-baseline justify-content-between gap-3 mb-3 mb-lg-4">
        <h1 className="section-title mb-0">Your cart</h1>
        <span className="text-muted">
          {units} {units === 1 ? 'item' : 'items'}
        </span>
      </div>

      {cart.status === 'error' && (
        <AlertError
          message={`We could not refresh prices and stock: ${cart.error?.message ?? 'unknown error'}`}
          className="mb-3"
          onRetry={cart.retry}
        />
      )}

      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <ul className="list-unstyled mb-0 cart-lines" aria-label="Products in your cart">
            {cart.items.map((item) => (
              <CartLine
                key={item.idAux}
                item={item}
                availability={cart.availability(item)}
                notices={cart.notices[item.idAux] ?? []}
              />
            ))}
          </ul>
          <Link to="/home" className="cart__continue link-dark d-inline-block mt-3">
            <span aria-hidden="true">←</span> Keep shopping
          </Link>
        </div>

        <div className="col-12 col-lg-4">
          <section className="cart-summary" aria-labelledby="cart-summary-heading">
            <h2 id="cart-summary-heading" className="h5 fw-bold mb-3">
              Order summary
            </h2>
            <div aria-live="polite">
              {cart.status === 'checking' && (
                <p className="small text-muted d-flex align-items-center gap-2">
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                  Checking prices and stock…
                </p>
              )}
              {cart.excluded.length > 0 && (
                <p className="small text-danger mb-3">
                  {cart.excluded.length === 1
                    ? '1 product is not available and is left out.'
                    : `${cart.excluded.length} products are not available and are left out.`}
                </p>
              )}
            </div>
            <dl className="cart-summary__rows">
              <div>
                <dt>
                  Products ({buyableUnits} {buyableUnits === 1 ? 'pair' : 'pairs'})
                </dt>
                <dd>{formatPrice(cart.buyableTotal)}</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd>Free</dd>
              </div>
              <div className="cart-summary__total">
                <dt>Total</dt>
                <dd data-testid="cart-total">{formatPrice(cart.buyableTotal)}</dd>
              </div>
            </dl>
            <div className="d-grid">
              <button
                type="button"
                className="btn btn-accent btn-lg"
                disabled={!canBuy}
                onClick={buy}
                aria-describedby={nothingToBuy ? 'cart-buy-hint' : undefined}
              >
                Buy
              </button>
            </div>
            {nothingToBuy && (
              <p id="cart-buy-hint" className="small text-muted mt-2 mb-0">
                Nothing in your cart can be bought right now.
              </p>
            )}
            <p className="small text-muted mt-3 mb-0">
              Secure payment by card (Stripe) or PayPal on the next step.
            </p>
          </section>
        </div>
      </div>
    </main>
  );
}

interface CartLineProps {
  item: CartItem;
  availability: LineAvailability;
  notices: string[];
}

function CartLine({ item, availability, notices }: CartLineProps) {
  const excluded = isExcluded(availability);
  const maxCount = availability.kind === 'ok' ? availability.maxCount : item.count;
  const canChange = availability.kind === 'ok';
  const label = `${item.name}, size ${item.size}`;
  const { increment, decrement, remove } = useCartStore.getState();

  return (
    <li className={`cart-line${excluded ? ' cart-line--excluded' : ''}`} aria-label={label}>
      <Link to={`/home/${item.id}`} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <img src={item.img} alt="" width={160} height={120} loading="lazy" />
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <div className="min-w-0">
            <h2 className="cart-line__name">
              <Link to={`/home/${item.id}`} className="text-reset text-decoration-none">
                {item.name}
              </Link>
            </h2>
            <p className="cart-line__meta">
              Size {item.size} · {formatPrice(item.price)} each
            </p>
          </div>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={`Remove ${label} from the cart`}
            title="Remove"
            onClick={() => remove(item.idAux)}
          >
            <TrashIcon />
          </button>
        </div>

        {excluded && (
          <p className="cart-line__status">
            <span className="badge text-bg-dark">{unavailableText(item, availability)}</span>
            <span className="small text-muted">Not included in your purchase</span>
          </p>
        )}

        <div className="cart-line__foot">
          {excluded ? (
            <span className="small text-muted">Quantity {item.count}</span>
          ) : (
            // biome-ignore lint/a11y/useSemanticElements: a stepper of two buttons and a count, not a fieldset of fields
            <div className="cart-stepper" role="group" aria-label={`Quantity of ${label}`}>
              <button
                type="button"
                aria-label={`One fewer ${label}`}
                disabled={!canChange || item.count <= 1}
                onClick={() => decrement(item.idAux)}
              >
                −
              </button>
              <output aria-live="polite" aria-label={`Quantity ${item.count}`}>
                {item.count}
              </output>
              <button
                type="button"
                aria-label={`One more ${label}`}
                disabled={!canChange || item.count >= maxCount}
                onClick={() => increment(item.idAux, maxCount)}
              >
                +
              </button>
            </div>
          )}
          <span className="cart-line__total" data-testid={`line-total-${item.idAux}`}>
            {formatPrice(item.totalPrice)}
          </span>
        </div>
        {availability.kind === 'ok' && item.count >= maxCount && availability.units <= 5 && (
          <p className="small text-muted mb-0 mt-1">
            Only {availability.units} left in size {item.size}
          </p>
        )}
        <div aria-live="polite" className="cart-line__notices">
          {notices.map((notice) => (
            <p key={notice} className="cart-line__notice">
              {notice}
            </p>
          ))}
        </div>
      </div>
    </li>
  );
}
