import type { BoughtItem, Order, Product, Review, StockAlert, UserDashboard } from '@shop/contracts';
import { buildProduct } from '@shop/contracts/testing';
import {
  AJ1,
  DUNK,
  dashboardFixture,
  orderFixture,
  REVIEW_ID,
  reviewFixture,
  UID,
} from '../../test/fixtures';
import { type ApiAnswer, type ApiCall, mockApi } from '../../test/mock-api';
import { renderInRouter, Where } from '../../test/render-routes';
import { AccountLayout, type AccountTabs } from './account-layout';
import { BoughtTab } from './bought/bought-tab';
import { FavoritesTab } from './favorites/favorites-tab';
import { MyDropsTab } from './my-drops/my-drops-tab';
import { OrdersTab } from './orders/orders-tab';
import { ProfileTab } from './profile/profile-tab';

export { AJ1, DUNK, REVIEW_ID, UID };

/** Test helpers for the account area: fixtures shaped by the contracts and the area in a memory router. */

export const sessionBody = (role: 'user' | 'admin' = 'user') => ({
  user: { id: UID, email: 'demo@shop.test', emailVerified: true, username: 'demo_user', role },
});

export function product(id: string, name: string, overrides: Partial<Product> = {}): Product {
  return buildProduct({
    _id: id,
    name,
    description: `<p>${name}</p>`,
    color: 'Black',
    collection: '2024',
    ...overrides,
  });
}

export const dashboard = dashboardFixture;

let orderCounter = 0;
/** The shared order fixture with an id of its own and the user's picture. */
export function order(overrides: Partial<Order> = {}): Order {
  orderCounter += 1;
  return orderFixture({
    _id: `7f3e2d1c-0b9a-4877-8665-${String(orderCounter).padStart(12, '0')}`,
    number: 700 + orderCounter,
    user: { _id: UID, username: 'demo_user', email: 'demo@shop.test', image: '/uploads/avatars/me.webp' },
    ...overrides,
  });
}

export const review = reviewFixture;

export function bought(id: string, name: string, itemReview: Review | null = null): BoughtItem {
  return {
    product: { _id: id, name, brand: 'nike', card_picture: `/uploads/${id}-card.webp` },
    date: '2024-05-17T10:20:30.000Z',
    review: itemReview,
  };
}

export function stockAlert(id: string, productId: string, name: string, size: string): StockAlert {
  return {
    _id: id,
    size,
    createdAt: '2024-06-02T08:00:00.000Z',
    product: {
      _id: productId,
      name,
      brand: 'nike',
      gender: ['men'],
      card_picture: `/uploads/${productId}-card.webp`,
    },
  };
}

/**
 * The account area at `entry`, as the shop's router places it, with a scripted API: the session (a
 * verified user unless `role` says admin) and the dashboard are answered unless the handler answers first.
 */
export type AccountApiHandler = (
  call: ApiCall,
  stored: { current: UserDashboard },
) => ApiAnswer | Promise<ApiAnswer>;

/** The shopper's tabs, as the routes give them to the frame. */
const SHOPPER_TABS: AccountTabs = {
  shopper: [
    { path: '/account/profile', label: 'Profile' },
    { path: '/account/favorites', label: 'Favorites' },
    { path: '/account/orders', label: 'Orders' },
    { path: '/account/bought', label: 'Bought' },
    { path: '/account/my-drops', label: 'My drops' },
  ],
  staff: [],
};

export function renderAccount(
  entry: string,
  handler: AccountApiHandler = () => undefined,
  options: { profile?: Partial<UserDashboard>; role?: 'user' | 'admin'; tabs?: AccountTabs } = {},
) {
  const stored = { current: dashboard(options.profile) };
  const api = mockApi(async (call) => {
    const answer = await handler(call, stored);
    if (answer) return answer;
    if (call.path === '/api/auth/get-session') return { body: sessionBody(options.role) };
    if (call.method === 'GET' && call.path === `/api/users/dashboard/${UID}`)
      return { body: [stored.current] };
    if (call.method === 'GET' && call.path === '/api/stock-alerts') return { body: [] };
    if (call.method === 'GET' && call.path === `/api/users/${UID}/credit`)
      return { body: { balance: 0, entries: [], page: 1, pages: 0 } };
    return undefined;
  });
  const view = renderInRouter(
    [
      {
        element: <AccountLayout tabs={options.tabs ?? SHOPPER_TABS} />,
        children: [
          { path: '/account/profile', element: <ProfileTab /> },
          { path: '/account/favorites', element: <FavoritesTab /> },
          { path: '/account/orders', element: <OrdersTab /> },
          { path: '/account/bought', element: <BoughtTab /> },
          { path: '/account/my-drops', element: <MyDropsTab /> },
        ],
      },
      { path: '/', element: <Where name="home" /> },
      { path: '*', element: <Where name="elsewhere" /> },
    ],
    entry,
  );
  return { ...api, ...view, stored };
}

export { errorBody, mockLocationAssign } from '../../test/mock-api';
