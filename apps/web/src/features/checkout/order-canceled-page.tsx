import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { setOrderState } from './checkout-api';
import { type OrderLink, readOrderLink } from './order-link';
import {
  InvalidOrderLink,
  OrderDetails,
  ResultActions,
  ResultError,
  ResultHero,
  ResultLoading,
  TryAgainActions,
} from './order-result';
import './checkout.css';

export const CANCELED_TITLE = 'The purchase has been canceled';

/**
 * /order-canceled: the buyer left the payment page. The pending order is cancelled (its units go back to
 * stock); the cart is kept. If the provider says it was paid after all, the server answers it approved.
 */
export function OrderCanceledPage() {
  const [params] = useSearchParams();
  const link = readOrderLink(params);
  if (!link) return <InvalidOrderLink />;
  return <Canceled link={link} search={params.toString()} />;
}

function Canceled({ link, search }: { link: OrderLink; search: string }) {
  const cancel = useQuery({
    queryKey: ['order', 'cancel', link],
    queryFn: () => setOrderState(link.order, 'cancelled'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });

  let content: ReactNode;
  if (cancel.isPending) content = <ResultLoading text="Cancelling your order…" />;
  else if (cancel.isError)
    content = <ResultError error={cancel.error} title="Cancel your purchase" action="cancel your order" />;
  else if (cancel.data.state === 'aprobed') {
    content = (
      <>
        <ResultHero tone="success" title="Your payment went through">
          <p className="order-result__lead">
            The payment was completed before the purchase could be canceled, so your order is confirmed.
          </p>
        </ResultHero>
        <OrderDetails order={cancel.data} />
        <ResultActions>
          <Link to={`/order-completed?${search}`} className="btn btn-dark">
            See your confirmed order
          </Link>
          <Link to="/home" className="btn btn-outline-dark">
            Keep shopping
          </Link>
        </ResultActions>
      </>
    );
  } else if (cancel.data.state === 'pending') {
    content = (
      <>
        <ResultHero tone="pending" title="Your order is still open">
          <p className="order-result__lead">
            We could not cancel it yet: the payment provider is still deciding. If the payment is not
            completed, the order is cancelled by itself and nothing is charged.
          </p>
        </ResultHero>
        <ResultActions>
          <Link to="/account/orders" className="btn btn-dark">
            Your orders
          </Link>
          <Link to="/cart" className="btn btn-outline-dark">
            Go to your cart
          </Link>
        </ResultActions>
      </>
    );
  } else {
    content = (
      <>
        <ResultHero tone="canceled" title={CANCELED_TITLE}>
          <p className="order-result__lead">
            Nothing was charged. The items are back in stock and your cart is kept, so you can try again
            whenever you like.
          </p>
        </ResultHero>
        <TryAgainActions />
      </>
    );
  }

  return (
    <main className="container py-4 py-lg-5 order-result">
      <title>Purchase canceled · Sneaker Shop</title>
      {content}
    </main>
  );
}
