import { formatPrice, type TestPayment } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { ApiError } from '../../lib/api';
import { useProviderLabel } from '../../lib/payment-providers';
import { decideTestPayment, fetchTestPayment } from './checkout-api';
import './test-gateway.css';
import { LoadingSpinner } from '../../components/loading-cards';

export const TEST_MODE_TEXT = 'Test mode: no real money moves';
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

const CLOSED_TEXT: Record<Exclude<TestPayment['status'], 'open'>, string> = {
  paid: 'This payment is already paid.',
  cancelled: 'This payment was cancelled.',
  expired: 'This payment has expired.',
};

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return formatPrice(amount);
  }
}

/**
 * /test-gateway/:reference: the shop's stand-in for the provider's hosted payment page, used when no
 * provider keys are configured. Pay and Cancel report back through the same path as the real provider.
 */
export function TestGatewayPage() {
  const { reference = '' } = useParams();
  const payment = useQuery({
    queryKey: ['test-gateway', reference],
    queryFn: () => fetchTestPayment(reference),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const provider = payment.data?.provider ?? 'stripe';
  const providerName = useProviderLabel();

  return (
    <main className={`test-gateway test-gateway--${provider}`}>
      <title>{`Test payment · ${providerName(provider)}`}</title>
      <p className="test-gateway__banner" role="note">
        <span className="test-gateway__badge">TEST MODE</span> {TEST_MODE_TEXT}
      </p>
      <div className="container py-4 py-lg-5">
        {payment.isPending ? (
          <>
            {/* The page has its heading while the payment loads too; each panel brings its own. */}
            <h1 className="visually-hidden">Test payment</h1>
            <LoadingSpinner label="Loading the payment" className="py-5" spinnerClassName="text-secondary" />
          </>
        ) : payment.isError ? (
          <div className="test-gateway__narrow">
            <h1 className="h4 mb-3">Test payment</h1>
            <AlertError
              dismissible={false}
              message={
                payment.error instanceof ApiError && payment.error.status === 404
                  ? 'This payment page does not exist.'
                  : payment.error.message
              }
            />
            <Link to="/home" className="btn btn-dark">
              Back to the shop
            </Link>
          </div>
        ) : payment.data.provider === 'paypal' ? (
          <PaypalPanel payment={payment.data} />
        ) : (
          <StripePanel payment={payment.data} />
        )}
      </div>
    </main>
  );
}

/** Pay and Cancel: the server records the decision and answers where the browser goes next. */
function Decision({ payment, payClassName }: { payment: TestPayment; payClassName: string }) {
  const [pending, setPending] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const decide = async (decision: 'pay' | 'cancel') => {
    setPending(decision);
    setError(null);
    try {
      window.location.assign(await decideTestPayment(payment.reference, decision));
    } catch (failure) {
      setPending(null);
      setError(failure instanceof Error ? failure.message : 'The payment could not be completed');
    }
  };
  const disabled = payment.status !== 'open' || pending !== null;
  return (
    <>
      {error && <AlertError message={error} onClose={() => setError(null)} className="mt-2" />}
      <button type="button" className={payClassName} disabled={disabled} onClick={() => decide('pay')}>
        {pending === 'pay' ? 'Processing…' : `Pay ${money(payment.amount, payment.currency)}`}
      </button>
      <button type="button" className="tg-cancel" disabled={disabled} onClick={() => decide('cancel')}>
        {pending === 'cancel' ? 'Cancelling…' : 'Cancel'}
      </button>
    </>
  );
}

function Lines({ payment }: { payment: TestPayment }) {
  return (
    <ul className="test-gateway__lines list-unstyled" aria-label="What you pay for">
      {payment.lines.map((line) => (
        <li key={`${line.name}-${line.size}`}>
          <span className="min-w-0">
            <span className="d-block text-break">{line.name}</span>
            <span className="test-gateway__muted">
              Size {line.size} · Qty {line.count}
            </span>
          </span>
          <span>{money(line.price * line.count, payment.currency)}</span>
        </li>
      ))}
      {payment.shipping && (
        <li data-testid="test-gateway-shipping">
          <span className="min-w-0">
            <span className="d-block text-truncate">Shipping</span>
            <span className="test-gateway__muted">{payment.shipping.name}</span>
          </span>
          <span>
            {payment.shipping.price === 0 ? 'Free' : money(payment.shipping.price, payment.currency)}
          </span>
        </li>
      )}
      {payment.discount.amount > 0 && (
        <li data-testid="test-gateway-discount">
          <span className="min-w-0">
            <span className="d-block text-truncate">Discount</span>
            {payment.discount.code && <span className="test-gateway__muted">{payment.discount.code}</span>}
          </span>
          <span>−{money(payment.discount.amount, payment.currency)}</span>
        </li>
      )}
      {payment.tax.amount > 0 && (
        <li data-testid="test-gateway-tax">
          <span className="min-w-0">
            <span className="d-block text-truncate">{payment.tax.included ? 'Tax included' : 'Tax'}</span>
          </span>
          <span>
            {payment.tax.included ? '' : '+'}
            {money(payment.tax.amount, payment.currency)}
          </span>
        </li>
      )}
      {payment.credit > 0 && (
        <li data-testid="test-gateway-credit">
          <span className="min-w-0">
            <span className="d-block text-truncate">Store credit</span>
          </span>
          <span>−{money(payment.credit, payment.currency)}</span>
        </li>
      )}
    </ul>
  );
}

function Closed({ payment }: { payment: TestPayment }) {
  if (payment.status === 'open') return null;
  return (
    <div className="test-gateway__closed" role="status">
      <p className="fw-semibold mb-2">{CLOSED_TEXT[payment.status]}</p>
      <Link to="/home" className="btn btn-outline-dark btn-sm">
        Back to the shop
      </Link>
    </div>
  );
}

function StripePanel({ payment }: { payment: TestPayment }) {
  const amount = money(payment.amount, payment.currency);
  return (
    <div className="tg-stripe">
      <section className="tg-stripe__order" aria-labelledby="tg-merchant">
        <p id="tg-merchant" className="tg-stripe__merchant">
          <span className="tg-stripe__logo" aria-hidden="true">
            S
          </span>
          Sneaker Shop
        </p>
        <p className="test-gateway__muted mb-1">Pay Sneaker Shop</p>
        <p className="tg-stripe__amount">{amount}</p>
        <Lines payment={payment} />
      </section>

      <section className="tg-stripe__form" aria-labelledby="tg-stripe-heading">
        <h1 id="tg-stripe-heading" className="h5 fw-semibold mb-3">
          Pay with card
        </h1>
        <Closed payment={payment} />
        <label className="tg-label" htmlFor="tg-email">
          Email
        </label>
        <input id="tg-email" className="tg-input" value={payment.email} readOnly />

        <label className="tg-label" htmlFor="tg-card">
          Card information
        </label>
        <div className="tg-card">
          <input
            id="tg-card"
            className="tg-input tg-card__number"
            value={TEST_CARD_NUMBER}
            readOnly
            aria-describedby="tg-card-hint"
          />
          <div className="tg-card__row">
            <input className="tg-input" value="12 / 34" readOnly aria-label="Expiry date" />
            <input className="tg-input" value="123" readOnly aria-label="CVC" />
          </div>
        </div>
        <p id="tg-card-hint" className="test-gateway__muted small mt-1">
          Stripe's test card. Nothing is charged.
        </p>

        <Decision payment={payment} payClassName="tg-stripe__pay" />
        <p className="test-gateway__muted small text-center mt-3 mb-0">
          Powered by <strong>stripe</strong> · test gateway
        </p>
      </section>
    </div>
  );
}

function PaypalPanel({ payment }: { payment: TestPayment }) {
  const amount = money(payment.amount, payment.currency);
  return (
    <div className="tg-paypal">
      <header className="tg-paypal__head">
        <span className="tg-paypal__logo" aria-hidden="true">
          <span>Pay</span>
          <span>Pal</span>
        </span>
        <span className="tg-paypal__cart">{amount}</span>
      </header>
      <div className="tg-paypal__body">
        <h1 className="h5 fw-semibold mb-1">Pay Sneaker Shop</h1>
        <p className="test-gateway__muted mb-3">
          Logged in as <strong>{payment.email}</strong>
        </p>
        <Closed payment={payment} />
        <Lines payment={payment} />
        <p className="tg-paypal__total">
          <span>Total</span>
          <span>{amount}</span>
        </p>
        <Decision payment={payment} payClassName="tg-paypal__pay" />
        <p className="test-gateway__muted small text-center mt-3 mb-0">
          PayPal sandbox look-alike · test gateway
        </p>
      </div>
    </div>
  );
}
