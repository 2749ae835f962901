import type { Order } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { OrderSummary } from '../../components/order-summary';
import { ApiError } from '../../lib/api';
import { useProviderLabel } from '../../lib/payment-providers';

/** Pieces shared by /order-completed and /order-canceled. */

type Tone = 'success' | 'canceled' | 'pending' | 'info';
const ICONS: Record<Tone, string> = { success: '✓', canceled: '✕', pending: '…', info: '?' };

export function ResultHero({ tone, title, children }: { tone: Tone; title: string; children?: ReactNode }) {
  return (
    <div className="order-result__hero">
      <span className={`order-result__icon order-result__icon--${tone}`} aria-hidden="true">
        {tone === 'pending' ? <span className="spinner-border spinner-border-sm" /> : ICONS[tone]}
      </span>
      <h1 className="order-result__title">{title}</h1>
      {children}
    </div>
  );
}

/** The order that was bought, in its card. */
export function OrderDetails({ order }: { order: Order }) {
  const providerLabel = useProviderLabel();
  return (
    <section className="checkout-card" aria-labelledby="order-details-heading">
      <h2 id="order-details-heading" className="checkout-card__title mb-3">
        Your order
      </h2>
      <OrderSummary order={order} payment={providerLabel(order.provider)} showState={false} />
    </section>
  );
}

export function ResultActions({ children }: { children: ReactNode }) {
  return <div className="order-result__actions">{children}</div>;
}

/** After a payment that did not happen: back to the kept cart, or on with shopping. */
export function TryAgainActions() {
  return (
    <ResultActions>
      <Link to="/cart" className="btn btn-dark">
        Back to your cart
      </Link>
      <Link to="/home" className="btn btn-outline-dark">
        Keep shopping
      </Link>
    </ResultActions>
  );
}

export function InvalidOrderLink() {
  return (
    <main className="container py-5 order-result">
      <title>Order · Sneaker Shop</title>
      <ResultHero tone="info" title="We could not read this link">
        <p className="order-result__lead">
          The link is missing the order details from the payment page. If you paid, your order is in your
          account.
        </p>
      </ResultHero>
      <ResultActions>
        <Link to="/home" className="btn btn-dark">
          Back to the shop
        </Link>
        <Link to="/account/orders" className="btn btn-outline-dark">
          Your orders
        </Link>
      </ResultActions>
    </main>
  );
}

export function ResultError({ error, title, action }: { error: Error; title: string; action: string }) {
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <>
      <h1 className="h4 fw-bold text-center mb-3">{title}</h1>
      <AlertError message={`We could not ${action}: ${error.message}`} dismissible={false}>
        {signedOut && (
          <Link to="/login" className="btn btn-sm btn-outline-danger mt-2">
            Log in
          </Link>
        )}
      </AlertError>
      <ResultActions>
        <Link to="/cart" className="btn btn-outline-dark">
          Go to your cart
        </Link>
        <Link to="/home" className="btn btn-dark">
          Back to the shop
        </Link>
      </ResultActions>
    </>
  );
}

export function ResultLoading({ text }: { text: string }) {
  return (
    <div className="d-flex flex-column align-items-center gap-3 py-5" role="status">
      <span className="spinner-border text-dark" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
