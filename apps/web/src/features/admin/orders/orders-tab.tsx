import { useId } from 'react';
import { AdminOrderDetail } from './order-detail';
import { OrderFilters } from './order-filters';
import { OrdersListBody } from './orders-list-body';
import { useOrdersTab } from './use-orders-tab';
import './orders.css';

export { NO_MATCH_TEXT } from './orders-list-body';

/**
 * /account/orders for staff: every customer's orders, filtered by state and dates, sorted, 20 at a time
 * with 'Load more'. `?order=<id>` shows one order in detail, so Back and a reload keep it; the filters live
 * in the address too.
 */
export function AdminOrdersTab() {
  const tab = useOrdersTab();
  const { orders, list, filtered, openId } = tab;
  const id = useId();

  if (openId) {
    return (
      <AdminOrderDetail
        key={openId}
        id={openId}
        initial={list.find((order) => order._id === openId)}
        onBack={tab.closeDetail}
      />
    );
  }

  return (
    <section className="admin-orders" aria-labelledby={`${id}-heading`}>
      <div className="admin-orders__head">
        <h2 id={`${id}-heading`} ref={tab.heading} tabIndex={-1} className="admin-orders__title">
          Orders
        </h2>
        <p className="admin-orders__count" role="status">
          {orders.isSuccess
            ? `Showing ${list.length} ${list.length === 1 ? 'order' : 'orders'}${orders.hasNextPage ? ' so far' : ''}${filtered ? ' matching the filters' : ''}`
            : ''}
        </p>
      </div>

      <OrderFilters filters={tab.filters} onChange={tab.applyFilters} />

      <OrdersListBody
        orders={orders}
        list={list}
        filtered={filtered}
        onClearFilters={tab.clearFilters}
        onOpen={tab.open}
        detailButtons={tab.detailButtons}
      />
    </section>
  );
}
