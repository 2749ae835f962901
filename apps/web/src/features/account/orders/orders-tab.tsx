import { useId } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSpinner } from '../../../components/loading-cards';
import { AccountSection } from '../account-section';
import { MoreOrders, OrderCards } from './order-cards';
import { OrderDetail } from './order-detail';
import { OrdersSortControls } from './orders-sort-controls';
import { useOrdersTab } from './use-orders-tab';

export const NO_ORDERS_TEXT = 'With your first purchase your orders!.';

/**
 * /account/orders: the user's own orders, newest first unless sorted otherwise, 20 at a time with
 * 'Load more'. `?order=<id>` shows one order's detail, so Back and a reload keep it.
 */
export function OrdersTab() {
  const { field, direction, openId, orders, list, open, closeDetail, setSort, detailButtonRef } =
    useOrdersTab();
  const sortId = useId();

  if (openId) {
    return (
      <OrderDetail
        key={openId}
        id={openId}
        initial={list.find((order) => order._id === openId)}
        onBack={closeDetail}
      />
    );
  }

  return (
    <AccountSection
      name="orders"
      title="Orders"
      aside={<OrdersSortControls id={sortId} field={field} direction={direction} onChange={setSort} />}
    >
      {orders.isPending ? (
        <LoadingSpinner label="Loading your orders" className="py-5" spinnerClassName="text-dark" />
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
          <OrderCards orders={list} onOpen={open} detailButtonRef={detailButtonRef} />
          <MoreOrders
            shown={list.length}
            loadError={orders.isFetchNextPageError ? (orders.error?.message ?? '') : null}
            hasMore={orders.hasNextPage}
            loading={orders.isFetchingNextPage}
            onLoadMore={() => orders.fetchNextPage()}
          />
        </>
      )}
    </AccountSection>
  );
}
