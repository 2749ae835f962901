import type { CartCheck, CartItem } from '@shop/contracts';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { rehydrateCart, useCartStore } from '../lib/cart/cart-store';
import { AJ1, DUNK, dashboardFixture, ORDER_ID, orderFixture, UID } from './fixtures';

/** Test helpers for the cart and checkout pages: a scripted API, a memory router, fixtures. */

export {
  type ApiAnswer,
  type ApiCall,
  type ApiHandler,
  errorBody,
  mockApi,
  mockLocationAssign,
} from './mock-api';

import { renderInRouter } from './render-routes';

export const sessionBody = (uid = UID) => ({
  user: { id: uid, email: 'demo@shop.test', emailVerified: true, username: 'demo_user', role: 'user' },
});

export const dashboard = dashboardFixture;

export const VANS = '33333333-3333-4333-8333-333333333333';

/** Puts these lines in the cart (and localStorage), replacing what was there. */
export function seedCart(lines: Array<Pick<CartItem, 'id' | 'name' | 'size' | 'price' | 'count'>>) {
  localStorage.clear();
  rehydrateCart();
  useCartStore.getState().replace(
    lines.map((line) => ({
      ...line,
      description: `${line.name} description`,
      img: `/uploads/${line.id}.webp`,
    })),
  );
}

export const cartLines = () => [
  { id: AJ1, name: 'Air Jordan 1 Mid XQ', size: '9', price: 120, count: 1 },
  { id: DUNK, name: 'Dunk Low Panda', size: '10', price: 100, count: 3 },
];

/** A cart check where every asked line is in stock at its price unless overridden. */
export function checkAnswer(
  body: unknown,
  override: Record<string, Partial<CartCheck['lines'][number]>> = {},
  prices: Record<string, number> = {},
): CartCheck {
  const products = (body as { products: { id: string; size: string }[] }).products;
  return {
    lines: products.map((line) => ({
      id: line.id,
      size: line.size,
      available: true,
      price: prices[line.id] ?? 100,
      units: 10,
      limit: null,
      ...override[`${line.id}${line.size}`],
    })),
  };
}

export { AJ1, DUNK, ORDER_ID, UID };
export const order = orderFixture;

/** Renders one page at `entry` in a memory router with a fresh QueryClient; other paths show their name. */
export function renderPage(path: string, element: ReactNode, entry: string, extra: RouteObject[] = []) {
  const { router, client } = renderInRouter(
    [{ path, element }, ...extra, { path: '*', element: <p data-testid="elsewhere">elsewhere</p> }],
    entry,
  );
  return { router, client };
}
