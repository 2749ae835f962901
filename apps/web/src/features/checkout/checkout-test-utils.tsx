import type { CartCheck, CartItem, Order, UserDashboard } from '@shop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { rehydrateCart, useCartStore } from '../cart/cart-store';

/** Test helpers for the cart and checkout pages: a scripted API, a memory router, fixtures. */

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
export type ApiAnswer = { status?: number; body?: unknown } | undefined;
export type ApiHandler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/** Stubs fetch: every call is recorded and answered by the handler (404 envelope when it answers nothing). */
export function mockApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const call: ApiCall = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const answer = await handler(call);
    if (!answer) {
      return new Response(
        JSON.stringify({ error: { code: 'NOT_FOUND', message: `No mock for ${method} ${url.pathname}` } }),
        { status: 404 },
      );
    }
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Replaces window.location with a copy whose assign() is a mock. Undo with vi.unstubAllGlobals(). */
export function mockLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

export const errorBody = (code: string, message: string, fields?: Record<string, string>) => ({
  error: fields ? { code, message, fields } : { code, message },
});

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
