import type { Order } from '@shop/contracts';
import { Suspense } from 'react';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../../../components/busy-label';
import { OrderCard } from './order-card';

/** The orders as a grid of cards; `detailButtonRef` receives each card's Detail button. */
export function OrderCards({
  orders,
  onOpen,
  detailButtonRef,
}: {
  orders: Order[];
  onOpen: (order: Order) => void;
  detailButtonRef: (orderId: string) => (button: HTMLButtonElement | null) => void;
}) {
  return (
    <ul
      className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled mb-0"
      aria-label="Your orders"
    >
      {orders.map((order) => (
        <li key={order._id} className="col">
          {/* A boundary per card: the browser takes a server-rendered list over card by card, in
              short tasks. */}
          <Suspense>
            <OrderCard order={order} onOpen={onOpen} ref={detailButtonRef(order._id)} />
          </Suspense>
        </li>
      ))}
    </ul>
  );
}

interface MoreOrdersProps {
  /** Orders shown so far. */
  shown: number;
  /** Why the next page did not load, if it did not. */
  loadError: string | null;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** How many orders show, and Load more while there are more. */
export function MoreOrders({ shown, loadError, hasMore, loading, onLoadMore }: MoreOrdersProps) {
  return (
    <div className="orders-more" aria-live="polite">
      <p className="small text-muted mb-2">{shown === 1 ? 'Showing 1 order' : `Showing ${shown} orders`}</p>
      {loadError !== null ? <AlertError message={`We could not load more orders: ${loadError}`} /> : null}
      {hasMore ? (
        <button type="button" className="btn btn-outline-dark" disabled={loading} onClick={onLoadMore}>
          <BusyLabel busy={loading} text="Load more" busyText="Loading…" />
        </button>
      ) : null}
    </div>
  );
}
