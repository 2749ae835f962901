import type { SalesDay, SalesSizeModel } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpHost } from '../../../components/step-up-host';
import { UID } from '../../../test/fixtures';
import { type ApiCall, errorBody } from '../../../test/mock-api';
import { renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { ABOVE_AVERAGE_TEXT, NO_SIZES_TEXT, SIZE_MODELS_SHOWN } from './sales-sizes';
import { AdminSalesTab } from './sales-tab';
import { AJ1, lowStockPage, renderSales, SIZE_MODELS, salesReport, salesSizes } from './sales-test-utils';

// Chart.js needs a real canvas and layout, which jsdom has not (sales-chart.test.tsx tests the real one).
vi.mock('./sales-chart', () => ({
  SalesChart: ({ summary }: { perDay: SalesDay[]; summary: string }) => (
    <div role="img" aria-label={summary} />
  ),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

const sizesCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/admin/sales/sizes');

/** The Sales API: the report of the asked period, nothing running low, and the size table of `models`. */
const salesApi =
  (models: SalesSizeModel[] = SIZE_MODELS) =>
  (call: ApiCall) => {
    if (call.path === '/api/admin/sales')
      return { body: salesReport({ days: Number(call.search.get('days')) }) };
    if (call.path === '/api/admin/sales/low-stock') return { body: lowStockPage(1, []) };
    if (call.path === '/api/admin/sales/sizes' && call.search.get('format') === null) {
      return { body: salesSizes(call.search.get('from') ?? '', call.search.get('to') ?? '', models) };
    }
    return undefined;
  };

const models = async () => {
  const section = await screen.findByRole('region', { name: 'Sizes' });
  await within(section).findByRole('list');
  return within(within(section).getByRole('list')).getAllByRole('listitem');
};

/** A model's figure, by its term ('Back for size'). */
const figure = (item: HTMLElement, term: string) =>
  within(item).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the Sales tab’s size table', () => {
  it('asks for the period the tab shows and lists the models, those above the average first and marked in words', async () => {
    const { calls } = renderSales('/account/sales', salesApi());
    const [first, second] = (await models()) as [HTMLElement, HTMLElement];
    expect(sizesCalls(calls).map((call) => Object.fromEntries(call.search))).toEqual([
      { from: '2024-06-01', to: '2024-06-30' },
    ]);
    const section = screen.getByRole('region', { name: 'Sizes' });
    expect(section).toHaveTextContent(
      "Pairs sent back for size (returned as too small or too large, or exchanged for another size) against pairs sold, Jun 1 to Jun 30. The shop's average: 20% (4 of 20 pairs). The model above it comes first.",
    );

    expect(within(first).getByRole('link', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'href',
      `/home/${AJ1}`,
    );
    expect(first).toHaveTextContent(ABOVE_AVERAGE_TEXT);
    expect(figure(first, 'Sold')).toBe('8');
    expect(figure(first, 'Back for size')).toBe('3 (37.5%)');
    expect(figure(first, 'Too small / large')).toBe('2 / 0');
    expect(figure(first, 'Exchanged up / down')).toBe('1 / 0');
    expect(figure(first, 'Fit: small / true / large')).toBe('2 / 1 / 0');
    expect(within(second).getByRole('link', { name: 'Dunk Low Panda' })).toBeInTheDocument();
    expect(second).not.toHaveTextContent(ABOVE_AVERAGE_TEXT);
    expect(figure(second, 'Back for size')).toBe('1 (8.3%)');
  });

  it('opens a model’s sizes: a row per size with its figures', async () => {
    renderSales('/account/sales', salesApi());
    const [first] = (await models()) as [HTMLElement];
    const table = within(first).getByRole('table', { name: /^Sizes of Air Jordan 1 Mid XQ/ });
    expect(table).not.toBeVisible();
    await userEvent.setup().click(within(first).getByText('Show 2 sizes'));
    expect(table).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Size',
      'Sold',
      'Back for size',
      'Too small',
      'Too large',
      'Exchanged up',
      'Exchanged down',
      'Fit: small',
      'Fit: true',
      'Fit: large',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['9', '5', '2', '2', '0', '1', '0', '2', '0', '0'],
      ['10.5', '3', '1', '0', '0', '0', '0', '0', '1', '0'],
    ]);
  });

  it('follows the tab’s period: 90 days asks for the table of the 90 days', async () => {
    const { calls } = renderSales('/account/sales', salesApi());
    await models();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(sizesCalls(calls)).toHaveLength(2));
    expect(Object.fromEntries(sizesCalls(calls)[1]?.search ?? [])).toEqual({
      from: '2024-04-02',
      to: '2024-06-30',
    });
  });

  it('says so when nothing was sold or sent back for size in the period', async () => {
    renderSales('/account/sales', salesApi([]));
    const section = await screen.findByRole('region', { name: 'Sizes' });
    expect(await within(section).findByText(NO_SIZES_TEXT)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it(`shows ${SIZE_MODELS_SHOWN} models at first, then the rest on Show more`, async () => {
    const many = Array.from({ length: SIZE_MODELS_SHOWN + 3 }, (_, index) => ({
      ...(SIZE_MODELS[1] as SalesSizeModel),
      _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Model ${index + 1}`,
    }));
    renderSales('/account/sales', salesApi(many));
    expect(await models()).toHaveLength(SIZE_MODELS_SHOWN);
    expect(
      screen.getByText(`Showing ${SIZE_MODELS_SHOWN} of ${SIZE_MODELS_SHOWN + 3} models.`),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show 3 more' }));
    expect(await models()).toHaveLength(SIZE_MODELS_SHOWN + 3);
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });

  it('shows the failure with Retry when the table cannot be loaded', async () => {
    let fail = true;
    renderSales('/account/sales', (call) => {
      if (call.path === '/api/admin/sales/sizes' && fail) {
        fail = false;
        return { status: 500, body: errorBody('INTERNAL', 'The database is away') };
      }
      return salesApi()(call);
    });
    const section = await screen.findByRole('region', { name: 'Sizes' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'We could not load the size table: The database is away',
    );
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('list')).toBeInTheDocument();
  });

  it('downloads the CSV of the period after the step-up the export asks for', async () => {
    let steppedUp = false;
    const api = salesApi();
    const { calls, fetchMock } = renderStaffRoutes({
      routes: {
        '/account/sales': (
          <>
            <AdminSalesTab />
            <StepUpHost />
          </>
        ),
      },
      entry: '/account/sales',
      handler: (call) => {
        if (call.path === '/api/account/security')
          return { body: { twoFactorEnabled: false, hasPassword: true, recoveryCodesLeft: 0, passkeys: [] } };
        if (call.path === '/api/auth/step-up') {
          steppedUp = true;
          return { body: { validUntil: new Date(Date.now() + 300_000).toISOString() } };
        }
        if (call.path === '/api/admin/sales/sizes' && call.search.get('format') === 'csv' && !steppedUp)
          return { status: 403, body: errorBody('STEP_UP_REQUIRED', 'Confirm it is you') };
        return api(call);
      },
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('format=csv') && steppedUp
        ? new Response('product_id,product_name\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="sales-sizes-2024-06-01-to-2024-06-30.csv"',
            },
          })
        : (answer?.(input, init) ?? new Response(null, { status: 404 })),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sizes'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await models();
    const section = screen.getByRole('region', { name: 'Sizes' });
    // Browsers name it 'Export CSV of the size table'; jsdom's names drop the space before the hidden words.
    const link = within(section).getByRole('link', { name: /^Export CSV ?of the size table$/ });
    const href = '/api/admin/sales/sizes?from=2024-06-01&to=2024-06-30&format=csv';
    expect(link).toHaveAttribute('href', href);

    const user = userEvent.setup();
    await user.click(link);
    const password = await screen.findByLabelText('Your password');
    await user.type(password, 'Admin#2023shop{Enter}');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'sales-sizes-2024-06-01-to-2024-06-30.csv',
    );
    expect(calls.filter((call) => call.path === '/api/auth/step-up')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === href)).toHaveLength(2);
  });

  it('shows the table but no CSV to a member without exports.read', async () => {
    renderStaffRoutes({
      routes: { '/account/sales': <AdminSalesTab /> },
      entry: '/account/sales',
      handler: salesApi(),
      session: staffSession({ id: UID, email: 'catalogue@shop.test', username: 'catalogue' }, 'catalogue'),
    });
    expect(await models()).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Export CSV/ })).not.toBeInTheDocument();
  });
});
