import type { DropSummary } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { testQueryClient } from '../../test/query-client';
import { NextDrops } from './next-drops';

const drop = (n: number): DropSummary => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  mode: n === 1 ? 'draw' : 'queue',
  state: n === 1 ? 'entry_open' : 'scheduled',
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
});

function renderSection() {
  const router = createMemoryRouter([{ path: '/', element: <NextDrops /> }]);
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return view;
}

afterEach(() => vi.unstubAllGlobals());

describe('Next drops on the landing page', () => {
  it('lists up to three upcoming drops, soonest first, linking to their products', async () => {
    mockApi((call) => (call.path === '/api/drops' ? { body: { drops: [1, 2, 3, 4].map(drop) } } : undefined));
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Next drops' })).toBeInTheDocument();
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Drop shoe 1', 'Drop shoe 2', 'Drop shoe 3']);
    expect(screen.getByText('Entry open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Drop shoe 2' })).toHaveAttribute(
      'href',
      `/home/${drop(2).product.id}`,
    );
  });

  it('shows nothing when no drop is coming', async () => {
    const { calls } = mockApi((call) => (call.path === '/api/drops' ? { body: { drops: [] } } : undefined));
    const view = renderSection();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(view.container).toBeEmptyDOMElement();
  });
});
