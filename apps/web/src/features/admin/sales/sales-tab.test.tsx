import type { LowStockSize, SalesDay } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, errorBody } from '../../../test/mock-api';
import { retryFailedLoad } from '../../../test/retry';
import { NO_LOW_STOCK_TEXT, noSalesText } from './sales-tab';
import {
  AJ1,
  DUNK,
  days,
  lowStockPage,
  manyLowSizes,
  renderSales,
  salesReport,
  salesSizes,
} from './sales-test-utils';

// Chart.js needs a real canvas and layout, which jsdom has not: the chart is stood in for by its
// accessible face (sales-chart.test.tsx tests the real one's configuration).
vi.mock('./sales-chart', () => ({
  SalesChart: ({ perDay, summary }: { perDay: SalesDay[]; summary: string }) => (
    <div role="img" aria-label={summary} data-days={perDay.length} />
  ),
}));

const salesCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/admin/sales');

const lowStockCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/admin/sales/low-stock');

/** The sales API: the report of the asked period, and the pages of `sizes` running low. */
const salesApi =
  (report = salesReport, sizes?: LowStockSize[]) =>
  (call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/admin/sales') {
      return { body: report({ days: Number(call.search.get('days')) }) };
    }
    if (call.method === 'GET' && call.path === '/api/admin/sales/low-stock') {
      return { body: lowStockPage(Number(call.search.get('page')), sizes) };
    }
    if (call.method === 'GET' && call.path === '/api/admin/sales/sizes') {
      return { body: salesSizes(call.search.get('from') ?? '', call.search.get('to') ?? '') };
    }
    return undefined;
  };

const dayRows = () => {
  const table = screen.getByRole('table', { name: /Revenue and orders per day/ });
  return within(table).getAllByRole('row').slice(1);
};

describe('Sales tab', () => {
  it('asks for the last 30 days and shows the totals as tiles, the chart and the figures of each day', async () => {
    const { calls } = renderSales('/account/sales', salesApi());
    expect(await screen.findByRole('img', { name: /revenue and orders per day/i })).toBeInTheDocument();
    expect(salesCalls(calls).map((call) => call.search.get('days'))).toEqual(['30']);
    expect(screen.getByRole('heading', { level: 2, name: 'Sales' })).toBeInTheDocument();
    expect(screen.getByText(/Paid orders from Sat, Jun 1, 2024 to Sun, Jun 30, 2024/)).toBeInTheDocument();

    const tile = (term: string) => screen.getByText(term, { selector: '.sales-tile dt' }).nextElementSibling;
    expect(tile('Net revenue')).toHaveTextContent('$540.00');
    expect(tile('Orders')).toHaveTextContent(/^4$/);
    expect(tile('Average order')).toHaveTextContent('$135.00');
    const part = (term: string) =>
      screen.getByText(term, { selector: '.sales-breakdown dt' }).nextElementSibling;
    expect(part('Taken')).toHaveTextContent('$600.00');
    expect(part('Refunded')).toHaveTextContent('−$60.00');
    expect(part('Shipping charged')).toHaveTextContent('$15.00');

    const chart = screen.getByRole('img', { name: /revenue and orders per day/i });
    expect(chart).toHaveAccessibleName(
      'Chart of revenue and orders per day, Jun 1 to Jun 30: $540.00 from 4 orders; best day Jun 17 with $420.00 from 3 orders. The figures are in the table of days below.',
    );
    expect(chart).toHaveAttribute('data-days', '30');

    expect(screen.getByText('Show the figures for each day')).toBeInTheDocument();
    const rows = dayRows();
    expect(rows).toHaveLength(30);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Jun 1');
    const busiest = rows.find((row) => row.textContent?.startsWith('Jun 17')) as HTMLElement;
    expect(
      within(busiest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$420.00', '3']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$0.00', '0']);
  });

  it('switches to the last 90 days, in the address too, and back', async () => {
    const { calls } = renderSales('/account/sales', salesApi());
    const user = userEvent.setup();
    const thirty = await screen.findByRole('radio', { name: 'Last 30 days' });
    expect(thirty).toBeChecked();
    await waitFor(() => expect(dayRows()).toHaveLength(30));

    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(dayRows()).toHaveLength(90));
    expect(screen.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
    expect(salesCalls(calls).map((call) => call.search.get('days'))).toEqual(['30', '90']);
    expect(screen.getByTestId('location')).toHaveTextContent('/account/sales?days=90');
    expect(screen.getByRole('img', { name: /revenue/i })).toHaveAttribute('data-days', '90');

    await user.click(thirty);
    await waitFor(() => expect(dayRows()).toHaveLength(30));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account\/sales$/);
  });

  it('opens on the period the address names, and on 30 days for one it does not offer', async () => {
    const first = renderSales('/account/sales?days=90', salesApi());
    await waitFor(() => expect(dayRows()).toHaveLength(90));
    expect(salesCalls(first.calls).map((call) => call.search.get('days'))).toEqual(['90']);
    expect(screen.getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
    first.unmount();

    const second = renderSales('/account/sales?days=7', salesApi());
    await waitFor(() => expect(dayRows()).toHaveLength(30));
    expect(salesCalls(second.calls).map((call) => call.search.get('days'))).toEqual(['30']);
  });

  it('lists the top products with picture, name, brand, units and revenue, linked to their page', async () => {
    renderSales('/account/sales', salesApi());
    const section = await screen.findByRole('region', { name: 'Top products' });
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Dunk Low Panda' })).toHaveAttribute(
      'href',
      `/home/${DUNK}`,
    );
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/dunk.webp');
    expect(first).toHaveTextContent('nike');
    expect(first).toHaveTextContent('3 pairs');
    expect(first).toHaveTextContent('$300.00');
    expect(within(second).getByRole('link', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'href',
      `/home/${AJ1}`,
    );
    expect(second).toHaveTextContent('2 pairs');
    expect(second).toHaveTextContent('$240.00');

    const user = userEvent.setup();
    await user.click(within(first).getByRole('link', { name: 'Dunk Low Panda' }));
    expect(await screen.findByText('Product page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/home/${DUNK}`);
  });

  it('shows the returns by reason, counted per returned line, and the return rate of the products most returned', async () => {
    renderSales(
      '/account/sales',
      salesApi((overrides) =>
        salesReport({
          ...overrides,
          returns: {
            // One of the two returns sends a pair back too small and two damaged.
            returns: 2,
            units: 4,
            byReason: [
              { reason: 'too_small', returns: 2, lines: 2, units: 2 },
              { reason: 'damaged', returns: 1, lines: 1, units: 2 },
            ],
            products: [
              { _id: DUNK, name: 'Dunk Low Panda', brand: 'nike', returned: 3, sold: 8, rate: 0.375 },
              { _id: AJ1, name: 'Air Jordan 1 Mid XQ', brand: 'nike', returned: 1, sold: 0, rate: null },
            ],
          },
        }),
      ),
    );
    const section = await screen.findByRole('region', { name: 'Returns' });
    expect(section).toHaveTextContent('2 returns opened, 4 pairs');
    const reasons = within(within(section).getByRole('table', { name: 'By reason' }))
      .getAllByRole('row')
      .slice(1);
    expect(reasons.map((row) => row.textContent)).toEqual(['Too small22', 'Arrived damaged12']);
    const rates = within(within(section).getByRole('table', { name: 'Most returned products' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rates[0] as HTMLElement).getByRole('link', { name: 'Dunk Low Panda' })).toHaveAttribute(
      'href',
      `/home/${DUNK}`,
    );
    expect(
      within(rates[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '8', '37.5%']);
    expect(
      within(rates[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '0', '—']);
  });

  it('says so when no return was opened in the period', async () => {
    renderSales('/account/sales', salesApi());
    const section = await screen.findByRole('region', { name: 'Returns' });
    expect(section).toHaveTextContent('No return opened in this period.');
  });

  it('shows the sizes running low, the sold-out ones marked, with the threshold and their count', async () => {
    renderSales('/account/sales', salesApi());
    const table = await screen.findByRole('table', { name: 'Sizes running low' });
    expect(screen.getByText(/Sizes on sale with 3 units or fewer, fewest first/)).toHaveTextContent(
      'Sizes on sale with 3 units or fewer, fewest first: 2 sizes.',
    );
    expect(screen.getByText('Showing 2 of 2 sizes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Size', 'Units']);
    const [soldOut, low] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(soldOut).getByRole('link', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'href',
      `/home/${AJ1}`,
    );
    expect(
      within(soldOut)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['9', 'Sold out0']);
    expect(soldOut).toHaveClass('sales-low__row--out');
    expect(
      within(low)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10.5', '2']);
    expect(low).not.toHaveClass('sales-low__row--out');
    expect(within(low).queryByText('Sold out')).not.toBeInTheDocument();
  });

  it('says so when nothing sold, and still lists the sizes running low', async () => {
    const quiet = (overrides: { days?: number } = {}) =>
      salesReport({
        ...overrides,
        totals: { revenue: 0, gross: 0, refunded: 0, shipping: 0, orders: 0, averageOrder: 0 },
        perDay: days(overrides.days ?? 30, '2024-06-30'),
        topProducts: [],
      });
    renderSales('/account/sales', salesApi(quiet));
    expect(await screen.findByText(noSalesText(30))).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Average order')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Sizes running low' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Last 90 days' }));
    expect(await screen.findByText(noSalesText(90))).toBeInTheDocument();
  });

  it('says so when no size is running low', async () => {
    renderSales('/account/sales', salesApi(salesReport, []));
    expect(await screen.findByText(NO_LOW_STOCK_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Sizes running low' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, and an error with a retry that loads the report', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = renderSales('/account/sales', async (call) => {
      if (call.path === '/api/admin/sales/low-stock') return { body: lowStockPage(1) };
      if (call.path === '/api/admin/sales/sizes') return { body: salesSizes('2024-06-01', '2024-06-30') };
      if (call.path !== '/api/admin/sales') return undefined;
      await gate;
      if (fail) return { status: 500, body: errorBody('INTERNAL', 'The report is not ready') };
      return { body: salesReport() };
    });
    expect(await screen.findByText('Loading the sales report')).toBeInTheDocument();
    release();

    await retryFailedLoad('We could not load the sales report: The report is not ready', () => {
      fail = false;
    });
    expect(await screen.findByRole('img', { name: /revenue/i })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(salesCalls(calls)).toHaveLength(2);
  });

  it('counts every size running low and shows them all with Show more, focusing the first one added', async () => {
    const { calls } = renderSales('/account/sales', salesApi(salesReport, manyLowSizes(45, 5)));
    const table = await screen.findByRole('table', { name: 'Sizes running low' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(20);
    expect(screen.getByText(/fewest first/)).toHaveTextContent('3 units or fewer, fewest first: 45 sizes.');
    expect(screen.getByText('Showing 20 of 45 sizes.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show 20 more' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    expect(within(rows()[20] as HTMLElement).getByRole('link')).toHaveFocus();
    expect(
      within(rows()[20] as HTMLElement).getByRole('cell', { name: String(4 + 20 / 4) }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 40 of 45 sizes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(within(rows()[40] as HTMLElement).getByRole('link')).toHaveFocus();
    expect(screen.getByText('Showing 45 of 45 sizes.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
    expect(lowStockCalls(calls).map((call) => call.search.get('page'))).toEqual(['1', '2', '3']);

    // The sizes running low do not depend on the period: another period asks for none again.
    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(salesCalls(calls).map((call) => call.search.get('days'))).toEqual(['30', '90']),
    );
    expect(lowStockCalls(calls)).toHaveLength(3);
  });

  it('shows the red alert when more sizes cannot be loaded, and keeps those shown', async () => {
    let failing = true;
    renderSales('/account/sales', (call) => {
      if (call.path === '/api/admin/sales/low-stock' && call.search.get('page') === '2' && failing)
        return { status: 500, body: errorBody('INTERNAL', 'The stock is not readable') };
      return salesApi(salesReport, manyLowSizes(25))(call);
    });
    const table = await screen.findByRole('table', { name: 'Sizes running low' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load more sizes: The stock is not readable',
    );
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
  });
});
