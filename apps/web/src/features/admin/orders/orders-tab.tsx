import type { Order } from '@shop/contracts';
import { Suspense, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { useAdminOrders } from './api/get-orders';
import { AdminOrderCard } from './order-card';
import { AdminOrderDetail } from './order-detail';
import { OrderFilters } from './order-filters';
import { isFiltered, type OrdersFilters, readFilters, writeFilters } from './orders-view';
import './orders.css';

export const NO_ORDERS_TEXT = 'No orders yet.';
export const NO_MATCH_TEXT = 'No orders match these filters.';

/**
 * /account/orders for staff: every customer's orders, filtered by state and dates, sorted, 20 at a time
 * with 'Load more'. `?order=<id>` shows one order in detail, so Back and a reload keep it; the filters live
 * in the address too.
 */
export function AdminOrdersTab() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const openId = params.get('order');
  const orders = useAdminOrders(filters);
  const list = orders.data?.pages.flat() ?? [];
  const detailButtons = useRef(new Map<string, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  // The order whose detail was last open: focus goes back to its Detail button.
  const cameFrom = useRef<string | null>(null);
  const id = useId();

  const change = (update: (next: URLSearchParams) => URLSearchParams | undefined, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        return update(next) ?? next;
      },
      { replace, preventScrollReset: true },
    );

  // Back from a detail: once the list is there, focus returns to that order's Detail button (or the
  // heading, when the order is not in this list).
  useEffect(() => {
    if (openId || !cameFrom.current || orders.isPending) return;
    const button = detailButtons.current.get(cameFrom.current);
    (button ?? heading.current)?.focus();
    cameFrom.current = null;
  }, [openId, orders.isPending]);

  if (openId) {
    return (
      <AdminOrderDetail
        key={openId}
        id={openId}
        initial={list.find((order) => order._id === openId)}
        onBack={() => {
          cameFrom.current = openId;
          change((next) => {
            next.delete('order');
            return next;
          });
        }}
      />
    );
  }

  const open = (order: Order) => {
    cameFrom.current = order._id;
    change((next) => {
      next.set('order', order._id);
      return next;
    });
  };

  const applyFilters = (nextFilters: OrdersFilters, replace = false) =>
    change((next) => writeFilters(next, nextFilters), replace);

  const filtered = isFiltered(filters);

  return (
    <section className="admin-orders" aria-labelledby={`${id}-heading`}>
      <div className="admin-orders__head">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-orders__title">
          Orders
        </h2>
        <p className="admin-orders__count" role="status">
          {orders.isSuccess
            ? `Showing ${list.length} ${list.length === 1 ? 'order' : 'orders'}${orders.hasNextPage ? ' so far' : ''}${filtered ? ' matching the filters' : ''}`
            : ''}
        </p>
      </div>

      <OrderFilters filters={filters} onChange={applyFilters} />

      {orders.isPending ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading the orders</span>
        </div>
      ) : orders.isError && list.length === 0 ? (
        <AlertError
          message={`We could not load the orders: ${orders.error.message}`}
          dismissible={false}
          onRetry={() => orders.refetch()}
        />
      ) : list.length === 0 ? (
        filtered ? (
          <EmptyState text={NO_MATCH_TEXT}>
            <button
              type="button"
              className="btn btn-dark"
              onClick={() => applyFilters({ ...filters, state: '', from: '', to: '' })}
            >
              Clear filters
            </button>
          </EmptyState>
        ) : (
          <EmptyState text={NO_ORDERS_TEXT} />
        )
      ) : (
        <>
          <ul className="admin-orders__list list-unstyled mb-0" aria-label="Orders">
            {list.map((order) => (
              <li key={order._id}>
                {/* As in the shopper's tab: a boundary per card, so a server-rendered list is taken
                    over card by card, in short tasks. */}
                <Suspense>
                  <AdminOrderCard
                    order={order}
                    onOpen={open}
                    ref={(button) => {
                      if (button) detailButtons.current.set(order._id, button);
                      else detailButtons.current.delete(order._id);
                    }}
                  />
                </Suspense>
              </li>
            ))}
          </ul>
          <div className="admin-orders__more">
            {orders.isFetchNextPageError ? (
              <AlertError message={`We could not load more orders: ${orders.error?.message ?? ''}`} />
            ) : null}
            {orders.hasNextPage ? (
              <button
                type="button"
                className="btn btn-outline-dark"
                disabled={orders.isFetchingNextPage}
                onClick={() => orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    Loading…
                  </>
                ) : (
                  'Load more'
                )}
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
