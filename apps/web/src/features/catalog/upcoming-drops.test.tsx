import type { DropSummary } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { numberedDrop } from '../../test/drop-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { CatalogPage } from './catalog-page';
import { NO_DROPS_TEXT } from './upcoming-drops';

const drop = numberedDrop;

function serve(drops: DropSummary[]) {
  return mockApi((call) => {
    if (call.path === '/api/drops') return { body: { drops } };
    if (call.path === '/api/products')
      return { body: { products: [], total: 0, totalExact: true, page: 1, pages: 0 } };
    return undefined;
  });
}

function renderCatalog(path: string) {
  return renderInRouter(
    [
      { path: '/home', element: <CatalogPage /> },
      { path: '/home/:id', element: <p>product page</p> },
    ],
    path,
  ).router;
}

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
