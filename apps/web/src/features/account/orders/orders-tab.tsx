import type { Order } from '@shop/contracts';
import { Suspense, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { useAccount } from '../account-context';
import { useOrders } from '../api/get-orders';
import { OrderCard } from './order-card';
import { OrderDetail } from './order-detail';
import {
  directionLabels,
  readSort,
  SORT_LABELS,
  type SortDirection,
  type SortField,
  toOrdersSort,
} from './order-sort';

export const NO_ORDERS_TEXT = 'With your first purchase your orders!.';

/**
 * /account/orders: the user's own orders, newest first unless sorted otherwise, 20 at a time with
 * 'Load more'. `?order=<id>` shows one order's detail, so Back and a reload keep it.
 */
export function OrdersTab() {
  const { user } = useAccount();
  const [params, setParams] = useSearchParams();
  const { field, direction } = readSort(params);
  const openId = params.get('order');
  const orders = useOrders(user.uid, toOrdersSort(field, direction));
  const list = orders.data?.pages.flat() ?? [];
  const detailButtons = useRef(new Map<string, HTMLButtonElement>());
  const cameFrom = useRef<string | null>(null);
  const sortId = useId();

  // Back from a detail: focus returns to that order's Detail button.
  useEffect(() => {
    if (openId || !cameFrom.current) return;
    detailButtons.current.get(cameFrom.current)?.focus();
    cameFrom.current = null;
  }, [openId]);

  const change = (update: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        update(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  const open = (order: Order) => {
    cameFrom.current = order._id;
    change((next) => next.set('order', order._id));
  };

  if (openId) {
    return (
      <OrderDetail
        key={openId}
        id={openId}
        initial={list.find((order) => order._id === openId)}
        onBack={() => change((next) => next.delete('order'))}
      />
    );
  }

  const setSort = (nextField: SortField, nextDirection: SortDirection) =>
    change((next) => {
      next.set('sort', nextField);
      next.set('dir', nextDirection);
    }, true);
  const directions = directionLabels(field);

  return (
    <section aria-labelledby="orders-heading">
      <div className="account-section-head">
        <h2 id="orders-heading" className="account-section-title">
          Orders
        </h2>
        <fieldset className="orders-sort">
          <legend className="visually-hidden">Sort orders</legend>
          <label htmlFor={`${sortId}-field`} className="orders-sort__label">
            Sort by
          </label>
          <select
            id={`${sortId}-field`}
            className="form-select form-select-sm"
            value={field}
            onChange={(event) => setSort(event.target.value as SortField, direction)}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor={`${sortId}-direction`} className="visually-hidden">
            Sort direction
          </label>
          <select
            id={`${sortId}-direction`}
            className="form-select form-select-sm"
            value={direction}
            onChange={(event) => setSort(field, event.target.value as SortDirection)}
          >
            <option value="desc">{directions.desc}</option>
            <option value="asc">{directions.asc}</option>
          </select>
        </fieldset>
      </div>

      {orders.isPending ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading your orders</span>
        </div>
      ) : orders.isError && list.length === 0 ? (
        <AlertError
          message={`We could not load your orders: ${orders.error.message}`}
          dismissible={false}
          onRetry={() => orders.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState text={NO_ORDERS_TEXT}>
          <Link to="/home" className="btn btn-accent">
            Browse products
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul
            className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 list-unstyled mb-0"
            aria-label="Your orders"
          >
            {list.map((order) => (
              <li key={order._id} className="col">
                {/* A boundary per card: the browser takes a server-rendered list over card by card, in
                    short tasks. */}
                <Suspense>
                  <OrderCard
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
          <div className="orders-more" aria-live="polite">
            <p className="small text-muted mb-2">
              {list.length === 1 ? 'Showing 1 order' : `Showing ${list.length} orders`}
            </p>
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
