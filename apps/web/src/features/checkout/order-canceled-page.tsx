import type { Order } from '@shop/contracts';
import { setOrderState } from './checkout-api';
import { OrderDetails, ResultActions, ResultHero, ResultPage, TRY_AGAIN_LINKS } from './order-result';
import './checkout.css';

export const CANCELED_TITLE = 'The purchase has been canceled';

/**
 * /order-canceled: the buyer left the payment page. The pending order is cancelled (its units go back to
 * stock); the cart is kept. If the provider says it was paid after all, the server answers it approved.
 */
export function OrderCanceledPage() {
  return (
    <ResultPage
      title="Purchase canceled · Sneaker Shop"
      action="cancel"
      run={(link) => setOrderState(link.order, 'cancelled')}
      loadingText="Cancelling your order…"
      errorTitle="Cancel your purchase"
      errorAction="cancel your order"
    >
      {(order, search) => <CancelResult order={order} search={search} />}
    </ResultPage>
  );
}

/** What became of the order: paid after all, still open, or cancelled. */
function CancelResult({ order, search }: { order: Order; search: string }) {
  if (order.state === 'aprobed')
    return (
      <>
        <ResultHero tone="success" title="Your payment went through">
          <p className="order-result__lead">
            The payment was completed before the purchase could be canceled, so your order is confirmed.
          </p>
        </ResultHero>
        <OrderDetails order={order} />
        <ResultActions
          links={[
            { to: `/order-completed?${search}`, label: 'See your confirmed order', primary: true },
            { to: '/home', label: 'Keep shopping' },
          ]}
        />
      </>
    );
  if (order.state === 'pending')
    return (
      <>
        <ResultHero tone="pending" title="Your order is still open">
          <p className="order-result__lead">
            We could not cancel it yet: the payment provider is still deciding. If the payment is not
            completed, the order is cancelled by itself and nothing is charged.
          </p>
        </ResultHero>
        <ResultActions
          links={[
            { to: '/account/orders', label: 'Your orders', primary: true },
            { to: '/cart', label: 'Go to your cart' },
          ]}
        />
      </>
    );
  return (
    <>
      <ResultHero tone="canceled" title={CANCELED_TITLE}>
        <p className="order-result__lead">
          Nothing was charged. The items are back in stock and your cart is kept, so you can try again
          whenever you like.
        </p>
      </ResultHero>
      <ResultActions links={TRY_AGAIN_LINKS} />
    </>
  );
}
