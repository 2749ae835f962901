import type { UserDashboard } from '@shop/contracts';
import { Link, useParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { LockIcon } from '../../components/icons';
import { LoadingSpinner } from '../../components/loading-cards';
import { OrderLines } from '../../components/order-lines';
import { ApiError } from '../../lib/api';
import { EMPTY_CART_TEXT } from '../../lib/cart/cart-check';
import { useHydrated } from '../../lib/hydrated';
import { CHECKOUT_PROVIDERS, type CheckoutProvider, useProviderLabel } from '../../lib/payment-providers';
import { type SessionUser, useSession } from '../../lib/session';
import { useDashboard } from './checkout-api';
import { CheckoutDetails } from './checkout-details';
import { CheckoutTotals } from './checkout-totals';
import { ShippingOptions } from './shipping-options';
import { type CheckoutState, errorText, useCheckout } from './use-checkout';
import './checkout.css';
import { BusyLabel } from '../../components/busy-label';
import { ShopCard } from '../../components/shop-card';

export const NOT_YOUR_CHECKOUT = 'This is not your checkout';

const PROVIDER_HINTS: Record<CheckoutProvider, string> = {
  stripe: 'Visa, Mastercard, American Express and more',
  paypal: 'Pay with your PayPal account or balance',
};

/** /checkout/:id: the buyer's details, the order summary, the payment choice and Buy. */
export function CheckoutPage() {
  const { id } = useParams();
  const { user, loading } = useSession();
  // The checkout reads the cart from the browser's storage: a server-rendered page waits for it.
  const hydrated = useHydrated();

  if (loading || !hydrated) return <PageSpinner label="Loading your checkout" />;
  if (!user) {
    return (
      <main className="container py-5 checkout-message">
        <title>Checkout · Sneaker Shop</title>
        <h1 className="h3 fw-bold">Log in to check out</h1>
        <p>Your checkout needs you to be logged in.</p>
        <Link to="/login" className="btn btn-dark">
          Log in
        </Link>
      </main>
    );
  }
  if (id !== user.uid) {
    return (
      <main className="container py-5 checkout-message">
        <title>Checkout · Sneaker Shop</title>
        <h1 className="h3 fw-bold">{NOT_YOUR_CHECKOUT}</h1>
        <p>This checkout belongs to another account. You can only pay for your own cart.</p>
        <Link to={`/checkout/${user.uid}`} className="btn btn-dark">
          Go to your checkout
        </Link>
      </main>
    );
  }
  return <Checkout user={user} />;
}

function Checkout({ user }: { user: SessionUser }) {
  const dashboard = useDashboard(user.uid);
  return (
    <main className="container py-4 py-lg-5 checkout">
      <title>Checkout · Sneaker Shop</title>
      <h1 className="section-title mb-3 mb-lg-4">Checkout</h1>
      {dashboard.isPending ? (
        <PageSpinner label="Loading your details" inline />
      ) : dashboard.isError ? (
        <AlertError
          message={`We could not load your details: ${dashboard.error.message}`}
          onRetry={() => dashboard.refetch()}
        />
      ) : (
        <CheckoutForm user={user} dashboard={dashboard.data} />
      )}
    </main>
  );
}

function CheckoutForm({ user, dashboard }: { user: SessionUser; dashboard: UserDashboard }) {
  const checkout = useCheckout(user, dashboard);
  return (
    <form className="row g-4" noValidate onSubmit={checkout.save}>
      <div className="col-12 col-lg-7">
        <CheckoutDetails checkout={checkout} user={user} dashboard={dashboard} />
      </div>
      <div className="col-12 col-lg-5">
        <PaymentSummary checkout={checkout} />
      </div>
    </form>
  );
}

/** The order summary, the payment choice and Buy. */
function PaymentSummary({ checkout }: { checkout: CheckoutState }) {
  const {
    cart,
    shipping,
    provider,
    setProvider,
    phase,
    busy,
    canBuy,
    buyHint,
    buy,
    buyError,
    clearBuyError,
    paidByCredit,
  } = checkout;
  const buyLabel = {
    idle: paidByCredit ? 'Place order' : 'Buy',
    saving: 'Saving your details…',
    paying: paidByCredit ? 'Placing your order…' : 'Preparing your payment…',
    redirecting: paidByCredit ? 'Opening your order…' : 'Taking you to the payment page…',
  }[phase];
  const providerLabel = useProviderLabel();

  return (
    <ShopCard
      headingId="checkout-summary-heading"
      title="Order summary"
      titleClassName="checkout-card__title"
      className="checkout-summary"
    >
      <OrderSummary checkout={checkout} />

      {cart.buyable.length > 0 && (
        <ShippingOptions shipping={shipping} linesTotal={cart.buyableTotal} disabled={busy} />
      )}

      {paidByCredit ? (
        <p className="checkout-summary__code-note">Your store credit pays for the whole order.</p>
      ) : (
        <fieldset className="checkout-providers" disabled={busy}>
          <legend className="checkout-providers__legend">Payment method</legend>
          {CHECKOUT_PROVIDERS.map((value) => (
            <div key={value} className={`checkout-provider checkout-provider--${value}`}>
              <input
                className="form-check-input"
                type="radio"
                name="provider"
                id={`provider-${value}`}
                value={value}
                checked={provider === value}
                onChange={() => setProvider(value)}
                aria-describedby={`provider-${value}-hint`}
              />
              <label className="checkout-provider__label" htmlFor={`provider-${value}`}>
                {providerLabel(value)}
              </label>
              <span id={`provider-${value}-hint`} className="checkout-provider__hint">
                {PROVIDER_HINTS[value]}
              </span>
            </div>
          ))}
        </fieldset>
      )}

      <div className="d-grid">
        <button
          type="button"
          className="btn btn-accent btn-lg"
          disabled={!canBuy}
          aria-describedby={buyHint ? 'checkout-buy-hint' : undefined}
          onClick={buy}
        >
          <BusyLabel busy={busy} text={buyLabel} busyText={buyLabel} />
        </button>
      </div>
      <div aria-live="polite">
        {buyHint && !busy && (
          <p id="checkout-buy-hint" className="small text-muted mt-2 mb-0">
            {buyHint}
          </p>
        )}
      </div>
      {buyError && (
        <BuyError
          error={buyError}
          onClose={clearBuyError}
          onRemoveCode={() => {
            checkout.code.remove();
            clearBuyError();
          }}
        />
      )}
      <p className="checkout-secure small text-muted mt-3 mb-0">
        <LockIcon className="me-1 align-baseline" /> You pay on the provider's secure page. We never see your
        card.
      </p>
    </ShopCard>
  );
}

interface BuyErrorProps {
  error: Error;
  onClose: () => void;
  /** The checkout was refused for its discount code: buy without it. */
  onRemoveCode: () => void;
}

function BuyError({ error, onClose, onRemoveCode }: BuyErrorProps) {
  const apiError = error instanceof ApiError ? error : null;
  return (
    <AlertError message={errorText(error)} onClose={onClose} className="mt-3 mb-0">
      {apiError?.code.startsWith('PROMOTION_') && (
        <button type="button" className="btn btn-sm btn-outline-danger mt-2" onClick={onRemoveCode}>
          Remove the code
        </button>
      )}
      {apiError?.code === 'OUT_OF_STOCK' && (
        <Link to="/cart" className="btn btn-sm btn-outline-danger mt-2">
          Back to your cart
        </Link>
      )}
      {apiError?.code === 'EMAIL_NOT_VERIFIED' && (
        <Link to="/verify-email" className="btn btn-sm btn-outline-danger mt-2">
          Verify your e-mail
        </Link>
      )}
      {apiError?.status === 401 && (
        <Link to="/login" className="btn btn-sm btn-outline-danger mt-2">
          Log in again
        </Link>
      )}
    </AlertError>
  );
}

function OrderSummary({ checkout }: { checkout: CheckoutState }) {
  const { cart } = checkout;
  if (cart.items.length === 0) {
    return (
      <div className="checkout-summary__empty">
        <p className="fw-semibold mb-2">{EMPTY_CART_TEXT}</p>
        <Link to="/home" className="btn btn-outline-dark btn-sm">
          Browse products
        </Link>
      </div>
    );
  }
  const notices = cart.items.flatMap((item) =>
    (cart.notices[item.idAux] ?? []).map((notice) => `${item.name} (size ${item.size}): ${notice}`),
  );
  return (
    <>
      {cart.status === 'checking' ? (
        <p className="small text-muted d-flex align-items-center gap-2">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          Checking prices and stock…
        </p>
      ) : (
        <OrderLines
          label="Products you are buying"
          lines={cart.buyable.map((item) => ({
            ...item,
            key: item.idAux,
            productId: item.id,
            discount: checkout.code.lineDiscount(item),
          }))}
        />
      )}
      <div aria-live="polite">
        {cart.status === 'error' && (
          <p className="small text-muted mt-2 mb-0">
            We could not refresh prices and stock just now: the shop checks them again when you pay.
          </p>
        )}
        {notices.length > 0 && (
          <ul className="checkout-summary__notices">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        )}
        {cart.excluded.length > 0 && (
          <p className="small text-danger mt-2 mb-0">
            {cart.excluded.length === 1
              ? '1 product in your cart is not available and is left out. '
              : `${cart.excluded.length} products in your cart are not available and are left out. `}
            <Link to="/cart" className="link-danger">
              Review your cart
            </Link>
          </p>
        )}
      </div>
      <CheckoutTotals checkout={checkout} />
    </>
  );
}

function PageSpinner({ label, inline = false }: { label: string; inline?: boolean }) {
  const spinner = (
    <LoadingSpinner label={label} className="align-items-center py-5" spinnerClassName="text-dark" />
  );
  return inline ? spinner : <main className="container">{spinner}</main>;
}
