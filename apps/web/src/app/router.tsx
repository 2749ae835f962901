import { createBrowserRouter } from 'react-router';
import { RequireAdmin, RequireLogin, RequireVerified } from './guards';
import { RootLayout } from './layout/root-layout';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';

/** Every route of the spec's route table. Pages load lazily, so each route ships only its own code. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        index: true,
        lazy: () => import('../features/marketing/landing-page').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: 'home',
        lazy: () => import('../features/catalog/catalog-page').then((m) => ({ Component: m.CatalogPage })),
      },
      {
        path: 'home/:id',
        lazy: () => import('../features/product/product-page').then((m) => ({ Component: m.ProductPage })),
      },
      {
        path: 'women',
        lazy: () => import('../features/marketing/women-page').then((m) => ({ Component: m.WomenPage })),
      },
      {
        path: 'basketball',
        lazy: () =>
          import('../features/marketing/basketball-page').then((m) => ({ Component: m.BasketballPage })),
      },
      {
        path: 'login',
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        lazy: () => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'restore-password',
        lazy: () =>
          import('../features/auth/restore-password-page').then((m) => ({
            Component: m.RestorePasswordPage,
          })),
      },
      {
        // Needs login (spec route table).
        Component: RequireLogin,
        children: [
          {
            path: 'verify-email',
            lazy: () =>
              import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: 'cart',
            lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
          },
        ],
      },
      {
        // Needs login and a verified e-mail.
        Component: RequireVerified,
        children: [
          {
            path: 'checkout/:id',
            lazy: () =>
              import('../features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
          },
          {
            path: 'account/:section',
            lazy: () =>
              import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })),
          },
          {
            // The staff sections of the account area: admins only (the API checks the role itself).
            Component: RequireAdmin,
            children: ['account/products', 'account/users'].map((path) => ({
              path,
              lazy: () =>
                import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })),
            })),
          },
        ],
      },
      {
        path: 'order-completed',
        lazy: () =>
          import('../features/checkout/order-completed-page').then((m) => ({
            Component: m.OrderCompletedPage,
          })),
      },
      {
        path: 'order-canceled',
        lazy: () =>
          import('../features/checkout/order-canceled-page').then((m) => ({
            Component: m.OrderCanceledPage,
          })),
      },
      {
        path: 'demogrid',
        lazy: () =>
          import('../features/marketing/demo-grid-page').then((m) => ({ Component: m.DemoGridPage })),
      },
      {
        path: 'preview',
        lazy: () => import('../features/marketing/preview-page').then((m) => ({ Component: m.PreviewPage })),
      },
      {
        path: 'dev/outbox',
        lazy: () => import('../features/dev/outbox-page').then((m) => ({ Component: m.DevOutboxPage })),
      },
      {
        path: 'test-gateway/:reference',
        lazy: () =>
          import('../features/checkout/test-gateway-page').then((m) => ({ Component: m.TestGatewayPage })),
      },
      { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
