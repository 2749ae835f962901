import { useId } from 'react';
import { StaffPage } from '../shared/staff-page';
import { AdminOrderDetail } from './order-detail';
import { OrderFilters } from './order-filters';
import { OrdersListBody } from './orders-list-body';
import { useOrdersTab } from './use-orders-tab';
import '../shared/admin.css';
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
    <StaffPage
      id={id}
      className="admin-orders"
      title="Orders"
      headingRef={tab.heading}
      count={
        orders.isSuccess
          ? `Showing ${list.length} ${list.length === 1 ? 'order' : 'orders'}${orders.hasNextPage ? ' so far' : ''}${filtered ? ' matching the filters' : ''}`
          : ''
      }
    >
      <OrderFilters filters={tab.filters} onChange={tab.applyFilters} />

      <OrdersListBody
        orders={orders}
        list={list}
        filtered={filtered}
        onClearFilters={tab.clearFilters}
        onOpen={tab.open}
        detailButtons={tab.detailButtons}
      />
    </StaffPage>
  );
}
