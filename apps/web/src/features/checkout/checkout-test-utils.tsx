import type { CartCheck, CartItem, Order, UserDashboard } from '@shop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { rehydrateCart, useCartStore } from '../cart/cart-store';

/** Test helpers for the cart and checkout pages: a scripted API, a memory router, fixtures. */

export {
  type ApiAnswer,
  type ApiCall,
  type ApiHandler,
  errorBody,
  mockApi,
  mockLocationAssign,
} from '../../test/mock-api';

export const UID = '0b9d1c1e-5a5b-4c1e-9a3e-1f2a3b4c5d6e';
export const ORDER_ID = '7f3e2d1c-0b9a-4877-8665-544332211000';

export const sessionBody = (uid = UID) => ({
  user: { id: uid, email: 'demo@shop.test', emailVerified: true, username: 'demo_user', role: 'user' },
});

export function dashboard(overrides: Partial<UserDashboard> = {}): UserDashboard {
  return {
    _id: UID,
    username: 'demo_user',
    email: 'demo@shop.test',
    emailVerified: true,
    phone: '5551234567',
    address: '742 Evergreen Terrace',
    city: 'Springfield',
    state: 'Oregon',
    country: 'United States',
    image: '',
    status: true,
    roles: ['user'],
    favourites: [],
    productsFavourites: [],
    reviews: [],
    ...overrides,
  };
}

export const AJ1 = '11111111-1111-4111-8111-111111111111';
export const DUNK = '22222222-2222-4222-8222-222222222222';
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
      ...override[`${line.id}${line.size}`],
    })),
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    user: { _id: UID, username: 'demo_user', email: 'demo@shop.test', image: '' },
    date: '2024-05-17T10:20:30.000Z',
    state: 'aprobed',
    provider: 'stripe',
    finalAmount: 420,
    products: [
      {
        id: AJ1,
        name: 'Air Jordan 1 Mid XQ',
        brand: 'nike',
        card_picture: '/uploads/aj1.webp',
        img: '/uploads/aj1.webp',
        size: '9',
        count: 1,
        price: 120,
        totalPrice: 120,
      },
      {
        id: DUNK,
        name: 'Dunk Low Panda',
        brand: 'nike',
        card_picture: '/uploads/dunk.webp',
        img: '/uploads/dunk.webp',
        size: '10',
        count: 3,
        price: 100,
        totalPrice: 300,
      },
    ],
    ...overrides,
  };
}

/** Renders one page at `entry` in a memory router with a fresh QueryClient; other paths show their name. */
export function renderPage(path: string, element: ReactNode, entry: string, extra: RouteObject[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path, element }, ...extra, { path: '*', element: <p data-testid="elsewhere">elsewhere</p> }],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
