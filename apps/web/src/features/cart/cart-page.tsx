import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { EMPTY_CART_TEXT } from '../../lib/cart/cart-check';
import { useSizeLabels } from '../../lib/size-labels';
import { CartLine } from './cart-line';
import { CartRecoveryNotice } from './cart-recovery-notice';
import { CartSummary } from './cart-summary';
import { useCartPage } from './use-cart-page';
import { useCartRecovery } from './use-cart-recovery';
import './cart.css';
import { LoadingSpinner } from '../../components/loading-cards';

export { EMPTY_CART_TEXT };

/**
 * /cart: the cart's lines with today's prices and stock, the total and Buy; opened from a reminder's link
 * (`?recover=`), the abandoned checkout's lines come back into it first.
 */
export function CartPage() {
  const { cart, code, tax, readingLines, empty, units, buyableUnits, nothingToBuy, canBuy, buy } =
    useCartPage();
  const labelOf = useSizeLabels(cart.items);
  const recovered = useCartRecovery();
  const recovery = <CartRecoveryNotice outcome={recovered} />;

  if (readingLines) {
    // The cart lives in the browser's storage: a page rendered on the server shows its lines once they
    // are read. An empty cart (the cart's cookie says so) is shown at once, below.
    return (
      <CartPageFrame notice={recovery}>
        <LoadingSpinner label="Loading your cart" className="py-5" spinnerClassName="text-dark" />
      </CartPageFrame>
    );
  }

  if (empty) {
    return (
      <CartPageFrame notice={recovery}>
        <div className="cart-empty text-center">
          <p className="cart-empty__text">{EMPTY_CART_TEXT}</p>
          <Link to="/home" className="btn btn-dark btn-lg">
            Browse products
          </Link>
        </div>
      </CartPageFrame>
    );
  }

  return (
    <main className="container py-4 py-lg-5 cart">
      <title>Cart · Sneaker Shop</title>
      <div className="d-flex align-items-baseline justify-content-between gap-3 mb-3 mb-lg-4">
        <h1 className="section-title mb-0">Your cart</h1>
        <span className="text-muted">
          {units} {units === 1 ? 'item' : 'items'}
        </span>
      </div>
      {recovery}

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
                sizeLabel={labelOf(item.id, item.size)}
                availability={cart.availability(item)}
                notices={cart.notices[item.idAux] ?? []}
                discount={code.lineDiscount(item)}
              />
            ))}
          </ul>
          <Link to="/home" className="cart__continue link-dark d-inline-block mt-3">
            <span aria-hidden="true">←</span> Keep shopping
          </Link>
        </div>

        <div className="col-12 col-lg-4">
          <CartSummary
            checking={cart.status === 'checking'}
            excludedCount={cart.excluded.length}
            buyableUnits={buyableUnits}
            total={cart.buyableTotal}
            canBuy={canBuy}
            nothingToBuy={nothingToBuy}
            onBuy={buy}
            code={code}
            tax={tax}
          />
        </div>
      </div>
    </main>
  );
}

/** The page's frame and heading around a cart that shows no lines (yet), and what a reminder's link did. */
function CartPageFrame({ notice, children }: { notice: ReactNode; children: ReactNode }) {
  return (
    <main className="container py-4 py-lg-5 cart">
      <title>Cart · Sneaker Shop</title>
      <h1 className="section-title mb-4">Your cart</h1>
      {notice}
      {children}
    </main>
  );
}
