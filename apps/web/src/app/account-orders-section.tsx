import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session';
import { PageLoading } from './page-loading';

const OrdersTab = lazy(() =>
  import('../features/account/orders/orders-tab').then((module) => ({ default: module.OrdersTab })),
);
const AdminOrdersTab = lazy(() =>
  import('../features/admin/orders/orders-tab').then((module) => ({ default: module.AdminOrdersTab })),
);

/**
 * /account/orders is both dashboards' Orders tab (spec section 2): a shopper's own orders, or every order
 * with its customer for an admin. Only the code of the one shown is loaded.
 */
export function AccountOrdersSection() {
  const { user } = useSession();
  return (
    <Suspense fallback={<PageLoading />}>
      {user?.role === 'admin' ? <AdminOrdersTab /> : <OrdersTab />}
    </Suspense>
  );
}
