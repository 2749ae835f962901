import type { SizeChart } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiHandler, errorBody } from '../../../test/mock-api';
import { renderStaffRoutes } from '../shared/staff-test-utils';
import { AdminSizesTab } from './sizes-tab';

const CHART: SizeChart = {
  brand: 'vans',
  gender: 'women',
  systems: ['US', 'UK', 'EU', 'CM', 'JP'],
  rows: [
    { key: '9', US: '9', UK: '6.5', EU: '40', CM: '25', JP: '250' },
    { key: '9.5', US: '9.5', UK: '7', EU: '40.5', CM: '25.5', JP: '255' },
    { key: '10', US: '10', UK: '7.5', EU: '41', CM: '26', JP: '260' },
  ],
  source: "Vans' published women's chart",
  edited: false,
  uncovered: [{ productId: 'p1', name: 'Old Skool Pastel', sizes: ['11'] }],
};

/** A CSV sent as text: what the tab sent, by path (the scripted API reads JSON bodies only). */
interface CsvCall {
  path: string;
  text: string;
}

/** The tab at /account/sizes with a scripted API holding one chart per brand and gender asked. */
function renderSizes(handler: ApiHandler = () => undefined, csvAnswer?: (text: string) => Response) {
  let chart = CHART;
  const view = renderStaffRoutes({
    routes: { '/account/sizes': <AdminSizesTab /> },
    entry: '/account/sizes?brand=vans&gender=women',
    handler: async (call) => {
      const answer = await handler(call);
      if (answer) return answer;
      if (call.method === 'GET' && call.path === '/api/size-charts') {
        const brand = call.search.get('brand');
        const gender = call.search.get('gender');
        return {
          body: brand === 'vans' && gender === 'women' ? chart : { ...CHART, brand, gender, uncovered: [] },
        };
      }
      if (call.method === 'PUT' && call.path === '/api/size-charts/vans/women') {
        chart = { ...chart, ...(call.body as Pick<SizeChart, 'rows' | 'source'>), edited: true };
        return { body: chart };
      }
      if (call.method === 'DELETE' && call.path === '/api/size-charts/vans/women') {
        chart = CHART;
        return { body: chart };
      }
      return undefined;
    },
  });
  // A CSV import goes as text/csv: answered here, the rest by the scripted API.
  const csvCalls: CsvCall[] = [];
  const scripted = view.fetchMock;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (headers.get('Content-Type') !== 'text/csv') return scripted(input, init);
    const text = String(init?.body ?? '');
    csvCalls.push({ path: new URL(String(input), 'http://localhost').pathname, text });
    return csvAnswer
      ? csvAnswer(text)
      : new Response(JSON.stringify(chart), { headers: { 'Content-Type': 'application/json' } });
  });
  return { ...view, csvCalls, setChart: (next: SizeChart) => (chart = next) };
}

const cell = (name: string) => screen.getByRole('textbox', { name });

describe('Sizes tab', () => {
  it('loads the chart of the brand and gender chosen, with its source, origin and sizes in stock it lacks', async () => {
    const { calls } = renderSizes();
    const table = await screen.findByRole('table', { name: 'Size chart of Vans for women' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['9', '9.5', '10']);
    expect(cell('EU of US 9.5')).toHaveValue('40.5');
    expect(screen.getByLabelText('Source')).toHaveValue("Vans' published women's chart");
    expect(screen.getByText("The brand's own")).toBeInTheDocument();
    const uncovered = screen.getByRole('region', { name: 'Sizes in stock this chart does not give' });
    expect(uncovered).toHaveTextContent('Old Skool Pastel: US 11');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/size-charts/vans/women.csv',
    );

    await userEvent.setup().selectOptions(screen.getByLabelText('Gender'), 'men');
    expect(await screen.findByRole('table', { name: 'Size chart of Vans for men' })).toBeInTheDocument();
    expect(
      calls.some((call) => call.path === '/api/size-charts' && call.search.get('gender') === 'men'),
    ).toBe(true);
    expect(screen.queryByRole('region', { name: 'Sizes in stock this chart does not give' })).toBeNull();
  });

  it('saves a changed cell, a removed and an added size, with US as each key', async () => {
    const { calls } = renderSizes();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Size chart of Vans for women' });
    await user.clear(cell('UK of US 9.5'));
    await user.type(cell('UK of US 9.5'), '7.5');
    await user.click(screen.getByRole('button', { name: 'Remove US 10' }));
    await user.type(screen.getByLabelText('A size to add (US)'), '8.5{Enter}');
    expect(cell('UK of US 8.5')).toHaveFocus();
    await user.type(cell('UK of US 8.5'), '6');
    await user.type(cell('EU of US 8.5'), '39');
    await user.type(cell('CM of US 8.5'), '24.5');
    await user.type(cell('JP of US 8.5'), '245');
    await user.click(screen.getByRole('button', { name: 'Save chart' }));

    expect(await screen.findByText('The size chart was saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      rows: [
        { key: '8.5', US: '8.5', UK: '6', EU: '39', CM: '24.5', JP: '245' },
        { key: '9', US: '9', UK: '6.5', EU: '40', CM: '25', JP: '250' },
        { key: '9.5', US: '9.5', UK: '7.5', EU: '40.5', CM: '25.5', JP: '255' },
      ],
      source: "Vans' published women's chart",
    });
    expect(screen.getByText('Changed by staff')).toBeInTheDocument();
  });

  it('refuses a size already in the chart before asking', async () => {
    renderSizes();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Size chart of Vans for women' });
    await user.type(screen.getByLabelText('A size to add (US)'), '9.5');
    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    expect(screen.getByRole('alert')).toHaveTextContent('US 9.5 is already in the chart.');
  });

  it("shows the server's reason beside the cell it names, which takes the focus", async () => {
    renderSizes((call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: errorBody(
              'VALIDATION_ERROR',
              'Invalid body: rows.2.EU must not be smaller than the size above',
              {
                'rows.2.EU': 'must not be smaller than the size above',
              },
            ),
          }
        : undefined,
    );
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Size chart of Vans for women' });
    await user.clear(cell('EU of US 10'));
    await user.type(cell('EU of US 10'), '39');
    await user.click(screen.getByRole('button', { name: 'Save chart' }));

    await waitFor(() => expect(cell('EU of US 10')).toHaveFocus());
    expect(cell('EU of US 10')).toHaveAccessibleDescription('EU must not be smaller than the size above');
    expect(cell('EU of US 10')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('EU of US 9.5')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('The size chart was saved.')).toBeNull();
  });

  it('imports a CSV file as text and shows the chart it saved', async () => {
    const imported: SizeChart = {
      ...CHART,
      rows: [
        { key: '7', US: '7', UK: '4.5', EU: '37.5', CM: '23.5', JP: '235' },
        { key: '7.5', US: '7.5', UK: '5', EU: '38', CM: '24', JP: '240' },
      ],
      edited: true,
    };
    const csv = 'key,US,UK,EU,CM,JP\n7,7,4.5,37.5,23.5,235\n7.5,7.5,5,38,24,240\n';
    const view = renderSizes(undefined, () => {
      view.setChart(imported);
      return new Response(JSON.stringify(imported), { headers: { 'Content-Type': 'application/json' } });
    });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Size chart of Vans for women' });
    await user.upload(
      screen.getByLabelText('Import a CSV'),
      new File([csv], 'vans.csv', { type: 'text/csv' }),
    );

    expect(
      await screen.findByText('vans.csv was imported: the chart now gives 2 sizes.'),
    ).toBeInTheDocument();
    expect(view.csvCalls).toEqual([{ path: '/api/size-charts/vans/women.csv', text: csv }]);
    const table = screen.getByRole('table', { name: 'Size chart of Vans for women' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['7', '7.5']);
    expect(cell('EU of US 7.5')).toHaveValue('38');
  });

  it("shows the server's message when a CSV line is wrong, and keeps the grid", async () => {
    renderSizes(
      undefined,
      () =>
        new Response(
          JSON.stringify(
            errorBody('VALIDATION_ERROR', 'Invalid CSV: line 3, EU must not be smaller than the size above', {
              'rows.1.EU': 'must not be smaller than the size above',
            }),
          ),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Size chart of Vans for women' });
    await user.upload(
      screen.getByLabelText('Import a CSV'),
      new File(['key,US,UK,EU,CM,JP\n7,7,4.5,38,23.5,235\n7.5,7.5,5,37,24,240\n'], 'bad.csv', {
        type: 'text/csv',
      }),
    );
    expect(
      await screen.findByText(
        'bad.csv was not imported: Invalid CSV: line 3, EU must not be smaller than the size above',
      ),
    ).toBeInTheDocument();
    expect(cell('EU of US 9.5')).toHaveValue('40.5');
  });

  it("gives the brand's own chart back after a confirmation, and the grid shows it again", async () => {
    const user = userEvent.setup();
    const { calls, setChart } = renderSizes();
    setChart({
      ...CHART,
      edited: true,
      source: 'Measured in the shop',
      rows: CHART.rows.map((row) => (row.key === '10' ? { ...row, EU: '41.5' } : row)),
    });
    await screen.findByText('Changed by staff');
    expect(cell('EU of US 10')).toHaveValue('41.5');
    await user.click(screen.getByRole('button', { name: "Use the brand's chart" }));
    const dialog = await screen.findByRole('dialog', { name: "Use the brand's chart?" });
    await user.click(within(dialog).getByRole('button', { name: "Use the brand's chart" }));
    await waitFor(() => expect(cell('EU of US 10')).toHaveValue('41'));
    expect(screen.getByText("The brand's own")).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveValue("Vans' published women's chart");
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/size-charts/vans/women'),
    ).toBe(true);
  });
});
