import { type Order, orderName } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCartStore } from '../../lib/cart/cart-store';
import { executePaypalPayment, fetchOrder, setOrderState } from './checkout-api';
import { takeCheckout } from './checkout-pending';
import type { OrderLink } from './order-link';
import { OrderDetails, ResultActions, ResultHero, ResultPage, TRY_AGAIN_LINKS } from './order-result';
import './checkout.css';

export const SUCCESS_TITLE = 'Checkout Success';
export const SUCCESS_TEXT = 'Thank you for your purchase!';
/** While the provider has not confirmed yet, the order is read again this often… */
export const POLL_INTERVAL_MS = 2000;
/** …for this long. */
export const POLL_LIMIT_MS = 30_000;

/**
 * /order-completed: the payment page sends the buyer here. The server verifies the payment with the provider
 * (stripe: PUT the order to 'aprobed'; paypal: execute the payment) and answers the order as it stands.
 */
export function OrderCompletedPage() {
  return (
    <ResultPage
      title="Your order · Sneaker Shop"
      action="confirm"
      run={confirmPayment}
      loadingText="Confirming your payment…"
      errorTitle="Your order"
      errorAction="confirm your payment"
    >
      {(order) =>
        order.state === 'pending' ? <PendingOrder initial={order} /> : <SettledOrder order={order} />
      }
    </ResultPage>
  );
}

/**
 * PayPal sends its buyer back with its order's token; an order the store credit paid whole comes back
 * without one, and the shop confirms it like any other.
 */
const confirmPayment = (link: OrderLink) =>
  link.provider === 'paypal' && link.token
    ? executePaypalPayment({ token: link.token ?? '', PayerID: link.PayerID, order: link.order })
    : setOrderState(link.order, 'aprobed');

/** The provider has not confirmed the payment yet: read the order every 2 s for up to 30 s. */
function PendingOrder({ initial }: { initial: Order }) {
  const [deadline, setDeadline] = useState(() => Date.now() + POLL_LIMIT_MS);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, deadline - Date.now()));
    return () => window.clearTimeout(timer);
  }, [deadline]);

  const checkAgain = () => {
    setTimedOut(false);
    setDeadline(Date.now() + POLL_LIMIT_MS);
  };

  const poll = useQuery({
    queryKey: ['order', initial._id],
    queryFn: () => fetchOrder(initial._id),
    initialData: initial,
    initialDataUpdatedAt: Date.now(),
    staleTime: POLL_INTERVAL_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      !timedOut && (query.state.data?.state ?? 'pending') === 'pending' ? POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
  });

  if (poll.data.state !== 'pending') return <SettledOrder order={poll.data} />;

  return (
    <>
      <div aria-live="polite">
        {timedOut ? (
          <ResultHero tone="pending" title="Still confirming your payment">
            <p className="order-result__lead">
              The payment provider has not confirmed your payment yet. Your order is saved: it shows in your
              orders as soon as the payment is confirmed, and is cancelled (with nothing charged) if it is
              not.
            </p>
          </ResultHero>
        ) : (
          <ResultHero tone="pending" title="Confirming your payment">
            <p className="order-result__lead">
              Your payment is being confirmed. This usually takes a few seconds…
            </p>
          </ResultHero>
        )}
      </div>
      <OrderDetails order={poll.data} />
      <ResultActions links={[{ to: '/account/orders', label: 'Your orders' }]}>
        {timedOut && (
          <button type="button" className="btn btn-dark" onClick={checkAgain}>
            Check again
          </button>
        )}
      </ResultActions>
    </>
  );
}

function SettledOrder({ order }: { order: Order }) {
  return order.state === 'aprobed' ? <ApprovedOrder order={order} /> : <CancelledOrder order={order} />;
}

function ApprovedOrder({ order }: { order: Order }) {
  // The purchase is done: the cart is emptied of what was bought (spec: the cart is cleared from storage
  // on success), only when this browser started this order's checkout, and only on the first visit.
  useEffect(() => {
    const bought = takeCheckout(order._id);
    if (!bought) return;
    const cart = useCartStore.getState();
    for (const line of bought) cart.remove(line);
    // The code was used on this order: it is not kept for the next one.
    if (order.code) cart.setCode(null);
  }, [order._id, order.code]);

  return (
    <>
      <ResultHero tone="success" title={SUCCESS_TITLE}>
        <p className="order-result__lead">{SUCCESS_TEXT}</p>
        <p className="small text-muted mt-2 mb-0">Your order is confirmed and on its way to being packed.</p>
      </ResultHero>
      <OrderDetails order={order} />
      <ResultActions
        links={[
          { to: '/account/orders', label: 'See your orders' },
          { to: '/home', label: 'Keep shopping', primary: true },
        ]}
      />
    </>
  );
}

function CancelledOrder({ order }: { order: Order }) {
  return (
    <>
      <ResultHero tone="canceled" title="This order was cancelled">
        <p className="order-result__lead">
          The payment did not go through, so order {orderName(order)} was cancelled and nothing was charged.
          Your cart is kept, so you can try again.
        </p>
      </ResultHero>
      <ResultActions links={TRY_AGAIN_LINKS} />
    </>
  );
}
