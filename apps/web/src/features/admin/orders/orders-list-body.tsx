import type { Order } from '@shop/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type RefObject, Suspense } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { refInto } from '../shared/element-refs';
import { LoadMore } from '../shared/load-more';
import { QueryStatus } from '../shared/query-status';
import { AdminOrderCard } from './order-card';

export const NO_ORDERS_TEXT = 'No orders yet.';
export const NO_MATCH_TEXT = 'No orders match these filters.';

interface OrdersListBodyProps {
  orders: UseInfiniteQueryResult<InfiniteData<Order[]>>;
  /** Every order loaded so far. */
  list: Order[];
  filtered: boolean;
  onClearFilters: () => void;
  onOpen: (order: Order) => void;
  /** Where the orders' Detail buttons are kept, for focus to come back to one. */
  detailButtons: RefObject<Map<string, HTMLButtonElement>>;
}

/** The list as it stands: loading, a failure with Retry, no orders (or none matching), or the cards. */
export function OrdersListBody({
  orders,
  list,
  filtered,
  onClearFilters,
  onOpen,
  detailButtons,
}: OrdersListBodyProps) {
  if (orders.isPending || (orders.isError && list.length === 0)) {
    return <QueryStatus query={orders} what="the orders" />;
  }
  if (list.length === 0) {
    return filtered ? (
      <EmptyState text={NO_MATCH_TEXT}>
        <button type="button" className="btn btn-dark" onClick={onClearFilters}>
          Clear filters
        </button>
      </EmptyState>
    ) : (
      <EmptyState text={NO_ORDERS_TEXT} />
    );
  }
  return (
    <>
      <ul className="admin-cards admin-cards--3 list-unstyled mb-0" aria-label="Orders">
        {list.map((order) => (
          <li key={order._id}>
            {/* As in the shopper's tab: a boundary per card, so a server-rendered list is taken
                over card by card, in short tasks. */}
            <Suspense>
              <AdminOrderCard order={order} onOpen={onOpen} ref={refInto(detailButtons, order._id)} />
            </Suspense>
          </li>
        ))}
      </ul>
      <LoadMore pages={orders} what="orders" />
    </>
  );
}
