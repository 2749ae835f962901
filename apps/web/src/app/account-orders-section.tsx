import { OrdersTab } from '../features/account/orders/orders-tab';
import { AdminOrdersTab } from '../features/admin/orders/orders-tab';
import { useCan } from '../lib/permissions';

/**
 * /account/orders is both dashboards' Orders tab (spec section 2): a shopper's own orders, or every order
 * with its customer for staff with orders.read. Both tabs come with the route (about 7 kB together): the page is
 * rendered on the server, and the browser must have the tab's code when it takes the page over, or the
 * list would show without working buttons until it arrived.
 */
export function AccountOrdersSection() {
  return useCan('orders.read') ? <AdminOrdersTab /> : <OrdersTab />;
}
