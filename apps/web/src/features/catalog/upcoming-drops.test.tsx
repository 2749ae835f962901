import type { DropSummary } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { testQueryClient } from '../../test/query-client';
import { CatalogPage } from './catalog-page';
import { NO_DROPS_TEXT } from './upcoming-drops';

const drop = (n: number, overrides: Partial<DropSummary> = {}): DropSummary => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  mode: 'draw',
  state: 'scheduled',
  product: {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Drop shoe ${n}`,
    brand: 'nike',
    price: 200,
    card_picture: `/uploads/${n}.webp`,
  },
  releaseAt: '2030-01-31T18:00:00.000Z',
  entryOpensAt: null,
  entryClosesAt: null,
  preQueueOpensAt: null,
  perPersonLimit: 1,
  purchaseWindowMinutes: 30,
  admissionPerMinute: null,
  sizes: [],
  commitment: null,
  drawnAt: null,
  ...overrides,
});

function serve(drops: DropSummary[]) {
  return mockApi((call) => {
    if (call.path === '/api/drops') return { body: { drops } };
    if (call.path === '/api/products')
      return { body: { products: [], total: 0, totalExact: true, page: 1, pages: 0 } };
    return undefined;
  });
}

function renderCatalog(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <CatalogPage /> },
      { path: '/home/:id', element: <p>product page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe("the catalogue's upcoming drops", () => {
  it('shows the upcoming drops as cards in place of the products, from ?upcoming=1', async () => {
    serve([drop(1), drop(2, { mode: 'queue', state: 'pre_queue' })]);
    renderCatalog('/home?upcoming=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming drops' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upcoming drops' })).toHaveAttribute('aria-pressed', 'true');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Draw')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('First come')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Waiting room open')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/home/${drop(1).product.id}`,
    );
    expect(screen.getByText('2 upcoming drops')).toBeInTheDocument();
  });

  it('the toggle puts upcoming=1 in the URL and back; an empty list says so', async () => {
    serve([]);
    const router = renderCatalog('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upcoming drops' }));
    expect(router.state.location.search).toBe('?upcoming=1');
    expect(await screen.findByText(NO_DROPS_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browse every sneaker' }));
    expect(router.state.location.search).toBe('');
  });
});
