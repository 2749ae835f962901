import { OrdersTab } from '../features/account/orders/orders-tab';
import { AdminOrdersTab } from '../features/admin/orders/orders-tab';
import { useSession } from '../lib/session';

/**
 * /account/orders is both dashboards' Orders tab (spec section 2): a shopper's own orders, or every order
 * with its customer for an admin. Both tabs come with the route (about 7 kB together): the page is
 * rendered on the server, and the browser must have the tab's code when it takes the page over, or the
 * list would show without working buttons until it arrived.
 */
export function AccountOrdersSection() {
  const { user } = useSession();
  return user?.role === 'admin' ? <AdminOrdersTab /> : <OrdersTab />;
}
