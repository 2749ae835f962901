import type { Drop, DropSummary } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { testQueryClient } from '../../test/query-client';

/** Test helpers for the drop pages: a drop as the API answers it, and a page at a URL. */

export const DROP_ID = 'd1111111-1111-4111-8111-111111111111';
export const PRODUCT_ID = '11111111-1111-4111-8111-111111111111';

export const sessionBody = (emailVerified = true) => ({
  user: { id: 'u1', email: 'demo@shop.test', emailVerified, username: 'demo_user', role: 'user' },
});

export function dropSummary(overrides: Partial<DropSummary> = {}): DropSummary {
  return {
    id: DROP_ID,
    mode: 'draw',
    state: 'entry_open',
    product: {
      id: PRODUCT_ID,
      name: 'Air Jordan 1 Mid XQ',
      brand: 'nike',
      price: 180,
      card_picture: '/uploads/aj1-card.webp',
    },
    releaseAt: '2030-01-31T18:00:00.000Z',
    entryOpensAt: '2030-01-30T18:00:00.000Z',
    entryClosesAt: '2030-01-31T17:00:00.000Z',
    preQueueOpensAt: null,
    perPersonLimit: 1,
    purchaseWindowMinutes: 30,
    admissionPerMinute: null,
    sizes: [
      { size: '9', units: 2, entrants: 5 },
      { size: '10', units: 1, entrants: 3 },
    ],
    commitment: null,
    drawnAt: null,
    ...overrides,
  };
}

export function dropDetail(overrides: Partial<Drop> = {}): Drop {
  return { ...dropSummary(), seed: null, entries: null, winners: null, ...overrides };
}

/** Renders `element` at `url` for the route `path`, with the other pages it links to as plain text. */
export function renderAt(path: string, url: string, element: ReactNode) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/cart', element: <p>cart page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
