import type { Permission } from '@shop/contracts';
import { type RouteObject, redirect } from 'react-router';
import type { AccountTabs } from '../features/account/account-layout';
import { RequireLogin, RequireStaff, RequireVerified, type StaffSection } from './guards';
import { RootLayout } from './layout/root-layout';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';
import { serverData } from './server-data';

const SERVER_RENDERED: RouteHandle = { serverRendered: true };
/** Pages kept out of search results (app/route-handle.ts): the visitor's own, the forms, dev pages. */
const PRIVATE: RouteHandle = { noindex: true };
const SERVER_RENDERED_PRIVATE: RouteHandle = { serverRendered: true, noindex: true };
const NOT_FOUND: RouteHandle = { serverRendered: true, status: 404, noindex: true };

/** An account tab: its page under /account, its label and, for staff, the permissions that open it (any). */
const tab = (page: string, label: string, ...permissions: Permission[]): StaffSection => ({
  path: `/account/${page}`,
  label,
  permissions,
});

/** The account frame's tabs, in the spec's order (section 2): the shopper's, and the staff's dashboard. */
export const ACCOUNT_TABS: AccountTabs = {
  shopper: [
    tab('profile', 'Profile'),
    tab('favorites', 'Favorites'),
    tab('orders', 'Orders'),
    tab('bought', 'Bought'),
    tab('my-drops', 'My drops'),
    tab('security', 'Security'),
    tab('sessions', 'Sessions'),
  ],
  // Each member sees the tabs their permissions open (issue 38); Orders shows a member without
  // orders.read their own orders, as a shopper's.
  staff: [
    tab('orders', 'Orders'),
    tab('to-ship', 'To ship', 'fulfilment.ship'),
    tab('products', 'Products', 'products.write'),
    tab('sizes', 'Sizes', 'products.write'),
    tab('users', 'Users', 'users.read'),
    tab('roles', 'Roles', 'users.roles', 'settings.write'),
    tab('profile', 'Profile'),
    tab('sales', 'Sales', 'sales.read'),
    tab('promotions', 'Promotions', 'promotions.write'),
    tab('shipping', 'Shipping', 'shipping.write'),
    tab('tax', 'Tax', 'tax.write'),
    tab('returns', 'Returns', 'returns.decide', 'returns.receive'),
    tab('drops', 'Drops', 'drops.write'),
    tab('activity', 'Activity', 'audit.read'),
    tab('team', 'Team', 'users.read'),
    tab('security', 'Security'),
    tab('sessions', 'Sessions'),
  ],
};

/**
 * Every route of the spec's route table. Pages load lazily, so each route ships only its own code. The
 * browser makes its router from these (main.tsx), the server renders pages with them (entry-server.tsx).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    loader: serverData((data) => data.layout),
    children: [
      {
        index: true,
        handle: SERVER_RENDERED,
        lazy: () => import('../features/marketing/landing-page').then((m) => ({ Component: m.LandingPage })),
        loader: serverData((data) => data.landing),
      },
      {
        path: 'home',
        handle: SERVER_RENDERED,
        lazy: () => import('../features/catalog/catalog-page').then((m) => ({ Component: m.CatalogPage })),
        loader: serverData((data) => data.catalog),
      },
      {
        path: 'home/:id',
        handle: SERVER_RENDERED,
        lazy: () => import('../features/product/product-page').then((m) => ({ Component: m.ProductPage })),
        loader: serverData((data) => data.productPage),
      },
      {
        // A drop: how it works and, once drawn, the draw's proof.
        path: 'drops/:id',
        handle: SERVER_RENDERED,
        lazy: () => import('../features/drops/drop-page').then((m) => ({ Component: m.DropPage })),
        loader: serverData((data) => data.dropPage),
      },
      {
        path: 'women',
        handle: SERVER_RENDERED,
        lazy: () => import('../features/marketing/women-page').then((m) => ({ Component: m.WomenPage })),
        loader: serverData((data) => data.women),
      },
      {
        path: 'basketball',
        handle: SERVER_RENDERED,
        lazy: () =>
          import('../features/marketing/basketball-page').then((m) => ({ Component: m.BasketballPage })),
        loader: serverData((data) => data.basketball),
      },
      {
        path: 'login',
        handle: PRIVATE,
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        handle: PRIVATE,
        lazy: () => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'restore-password',
        handle: PRIVATE,
        lazy: () =>
          import('../features/auth/restore-password-page').then((m) => ({
            Component: m.RestorePasswordPage,
          })),
      },
      {
        // Needs login (spec route table).
        Component: RequireLogin,
        handle: PRIVATE,
        children: [
          {
            path: 'verify-email',
            lazy: () =>
              import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: 'cart',
            handle: SERVER_RENDERED,
            lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
          },
        ],
      },
      // Bare /account opens the profile.
      { path: 'account', loader: () => redirect('/account/profile') },
      {
        // Needs login and a verified e-mail.
        Component: RequireVerified,
        handle: PRIVATE,
        children: [
          {
            // A first-come drop's waiting room: a place is one a person, so it needs the account.
            path: 'drops/:id/queue',
            lazy: () => import('../features/drops/queue-page').then((m) => ({ Component: m.QueuePage })),
          },
          {
            path: 'checkout/:id',
            lazy: () =>
              import('../features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
          },
          {
            // The account area: the frame loads the profile and role, each section is a tab with its URL.
            // Any other /account/{section} falls through to the not-found page.
            lazy: () =>
              import('../features/account/account-layout').then(({ AccountLayout }) => ({
                Component: () => <AccountLayout tabs={ACCOUNT_TABS} />,
              })),
            children: [
              {
                path: 'account/profile',
                lazy: () =>
                  import('../features/account/profile/profile-tab').then((m) => ({
                    Component: m.ProfileTab,
                  })),
              },
              {
                // Two-factor sign-in and passkeys, for everyone signed in (decision 36).
                path: 'account/security',
                lazy: () =>
                  import('../features/account/security/security-tab').then((m) => ({
                    Component: m.SecurityTab,
                  })),
              },
              {
                path: 'account/favorites',
                handle: SERVER_RENDERED,
                lazy: () =>
                  import('../features/account/favorites/favorites-tab').then((m) => ({
                    Component: m.FavoritesTab,
                  })),
                loader: serverData((data) => data.accountFavorites),
              },
              {
                path: 'account/orders',
                handle: SERVER_RENDERED,
                lazy: () =>
                  import('./account-orders-section').then((m) => ({ Component: m.AccountOrdersSection })),
                loader: serverData((data) => data.accountOrders),
              },
              {
                path: 'account/bought',
                handle: SERVER_RENDERED,
                lazy: () =>
                  import('../features/account/bought/bought-tab').then((m) => ({ Component: m.BoughtTab })),
                loader: serverData((data) => data.accountBought),
              },
              {
                // The shopper's draw entries and waiting-room places (/account/drops is the staff's drops).
                path: 'account/my-drops',
                lazy: () =>
                  import('../features/account/my-drops/my-drops-tab').then((m) => ({
                    Component: m.MyDropsTab,
                  })),
              },
              {
                // Where the account is signed in, for everyone (staff and shoppers).
                path: 'account/sessions',
                lazy: () =>
                  import('../features/account/sessions/sessions-tab').then((m) => ({
                    Component: m.SessionsTab,
                  })),
              },
              {
                // The staff's sections, each for the members whose permissions open it (the API checks
                // the permission itself on every call).
                element: <RequireStaff sections={ACCOUNT_TABS.staff} />,
                children: [
                  {
                    path: 'account/to-ship',
                    lazy: () =>
                      import('../features/admin/to-ship/to-ship-tab').then((m) => ({
                        Component: m.AdminToShipTab,
                      })),
                  },
                  {
                    path: 'account/products',
                    lazy: () =>
                      import('../features/admin/products/products-tab').then((m) => ({
                        Component: m.AdminProductsTab,
                      })),
                  },
                  {
                    // A brand's size chart for men or women, as a grid or CSV (decision 38).
                    path: 'account/sizes',
                    lazy: () =>
                      import('../features/admin/sizes/sizes-tab').then((m) => ({
                        Component: m.AdminSizesTab,
                      })),
                  },
                  {
                    path: 'account/users',
                    lazy: () =>
                      import('../features/admin/users/users-tab').then((m) => ({
                        Component: m.AdminUsersTab,
                      })),
                  },
                  {
                    path: 'account/roles',
                    lazy: () =>
                      import('../features/admin/roles/roles-tab').then((m) => ({
                        Component: m.AdminRolesTab,
                      })),
                  },
                  {
                    path: 'account/sales',
                    lazy: () =>
                      import('../features/admin/sales/sales-tab').then((m) => ({
                        Component: m.AdminSalesTab,
                      })),
                  },
                  {
                    path: 'account/promotions',
                    lazy: () =>
                      import('../features/admin/promotions/promotions-tab').then((m) => ({
                        Component: m.AdminPromotionsTab,
                      })),
                  },
                  {
                    // A new promotion (the static segment wins over :id), and the change of one.
                    path: 'account/promotions/new',
                    lazy: () =>
                      import('../features/admin/promotions/promotion-form-page').then((m) => ({
                        Component: m.AdminPromotionFormPage,
                      })),
                  },
                  {
                    path: 'account/promotions/:id',
                    lazy: () =>
                      import('../features/admin/promotions/promotion-form-page').then((m) => ({
                        Component: m.AdminPromotionFormPage,
                      })),
                  },
                  {
                    path: 'account/shipping',
                    lazy: () =>
                      import('../features/admin/shipping/shipping-tab').then((m) => ({
                        Component: m.AdminShippingTab,
                      })),
                  },
                  {
                    path: 'account/tax',
                    lazy: () =>
                      import('../features/admin/tax/tax-tab').then((m) => ({
                        Component: m.AdminTaxTab,
                      })),
                  },
                  {
                    path: 'account/returns',
                    lazy: () =>
                      import('../features/admin/returns/returns-tab').then((m) => ({
                        Component: m.AdminReturnsTab,
                      })),
                  },
                  {
                    path: 'account/drops',
                    lazy: () =>
                      import('../features/admin/drops/drops-tab').then((m) => ({
                        Component: m.AdminDropsTab,
                      })),
                  },
                  {
                    path: 'account/team',
                    lazy: () =>
                      import('../features/admin/team/team-tab').then((m) => ({
                        Component: m.AdminTeamTab,
                      })),
                  },
                  {
                    path: 'account/activity',
                    lazy: () =>
                      import('../features/admin/activity/activity-tab').then((m) => ({
                        Component: m.AdminActivityTab,
                      })),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // Where an invitation to the staff leads: anyone may open it (a guest is asked to sign up or in).
        path: 'invitation/:token',
        handle: PRIVATE,
        lazy: () =>
          import('../features/invitation/invitation-page').then((m) => ({ Component: m.InvitationPage })),
      },
      {
        path: 'order-completed',
        handle: PRIVATE,
        lazy: () =>
          import('../features/checkout/order-completed-page').then((m) => ({
            Component: m.OrderCompletedPage,
          })),
      },
      {
        path: 'order-canceled',
        handle: PRIVATE,
        lazy: () =>
          import('../features/checkout/order-canceled-page').then((m) => ({
            Component: m.OrderCanceledPage,
          })),
      },
      {
        path: 'demogrid',
        handle: SERVER_RENDERED_PRIVATE,
        lazy: () =>
          import('../features/marketing/demo-grid-page').then((m) => ({ Component: m.DemoGridPage })),
      },
      {
        path: 'preview',
        handle: SERVER_RENDERED_PRIVATE,
        lazy: () => import('../features/marketing/preview-page').then((m) => ({ Component: m.PreviewPage })),
        loader: serverData((data) => data.preview),
      },
      {
        path: 'dev/outbox',
        handle: PRIVATE,
        lazy: () => import('../features/dev/outbox-page').then((m) => ({ Component: m.DevOutboxPage })),
      },
      {
        path: 'test-gateway/:reference',
        handle: PRIVATE,
        lazy: () =>
          import('../features/checkout/test-gateway-page').then((m) => ({ Component: m.TestGatewayPage })),
      },
      {
        path: '*',
        handle: NOT_FOUND,
        lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
