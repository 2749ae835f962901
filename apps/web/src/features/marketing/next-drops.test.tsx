import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { numberedDrop } from '../../test/drop-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { NextDrops } from './next-drops';

/** The first is a draw open for entries, the others first-come drops. */
const drop = (n: number) =>
  numberedDrop(n, n === 1 ? { state: 'entry_open' } : { mode: 'queue', state: 'scheduled' });

const renderSection = () => renderInRouter([{ path: '/', element: <NextDrops /> }], '/');

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
