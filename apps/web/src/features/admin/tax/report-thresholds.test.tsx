import type { TaxReport, TaxThresholds, UsThreshold } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY, type SessionUser } from '../../../lib/session';
import { type ApiHandler, errorBody, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';
import { lastFullQuarter, ReportSection } from './report-section';
import { ThresholdsSection } from './thresholds-section';

const REPORT: TaxReport = {
  from: '2026-07-01',
  to: '2026-09-30',
  currency: 'EUR',
  homeCountry: 'FR',
  rows: [
    {
      jurisdiction: 'DE',
      country: 'DE',
      region: '',
      eu: true,
      rateType: 'standard',
      rate: 19,
      reason: null,
      net: 168.07,
      tax: 31.93,
      orders: 1,
      refundedNet: 168.07,
      refundedTax: 31.93,
    },
    {
      jurisdiction: 'JP',
      country: 'JP',
      region: '',
      eu: false,
      rateType: 'standard',
      rate: null,
      reason: 'no tax collected: not registered in Japan',
      net: 200,
      tax: 0,
      orders: 1,
      refundedNet: 0,
      refundedTax: 0,
    },
  ],
  totals: { net: 368.07, tax: 31.93, orders: 2, refundedNet: 168.07, refundedTax: 31.93 },
};

const usLine = (fields: Partial<UsThreshold>): UsThreshold => ({
  state: 'TX',
  name: 'Texas',
  sales: 0,
  transactions: 0,
  salesThreshold: 500_000,
  transactionsThreshold: null,
  share: 0,
  near: false,
  crossed: false,
  source: 'as known on 2026-12-02',
  ...fields,
});

const THRESHOLDS: TaxThresholds = {
  eu: {
    applies: true,
    sales: 10_500,
    threshold: 10_000,
    share: 1.05,
    near: false,
    crossed: true,
    eurRate: 1,
  },
  us: [
    usLine({}),
    usLine({ state: 'CA', name: 'California', sales: 450_000, share: 0.9, near: true }),
    usLine({
      state: 'NY',
      name: 'New York',
      sales: 20_000,
      transactions: 120,
      transactionsThreshold: 100,
      share: 1.2,
      crossed: true,
    }),
  ],
};

/** A section for a signed-in admin (the session as a page rendered on the server brings it). */
function renderSection(section: React.ReactNode, handler: ApiHandler) {
  const api = mockApi(handler);
  const client = testQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, {
    uid: 'admin-1',
    username: 'boss',
    email: 'boss@shop.test',
    emailVerified: true,
    role: 'admin',
  } satisfies SessionUser);
  render(<QueryClientProvider client={client}>{section}</QueryClientProvider>);
  return api;
}

describe('the Report section', () => {
  it('defaults to the last full quarter', () => {
    expect(lastFullQuarter(new Date('2026-12-02T10:00:00Z'))).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(lastFullQuarter(new Date('2027-02-10T10:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
    });
  });

  it('shows each place and rate with the totals, and links the CSV of the period', async () => {
    const { calls } = renderSection(<ReportSection now={new Date('2026-12-02T10:00:00Z')} />, (call) =>
      call.path === '/api/admin/tax/report' ? { body: REPORT } : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Tax report, 2026-07-01 to 2026-09-30' });
    const asked = calls.find((call) => call.path === '/api/admin/tax/report');
    expect(asked?.search.get('from')).toBe('2026-07-01');
    expect(asked?.search.get('to')).toBe('2026-09-30');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Germany19% standard€168.07€31.931€168.07€31.93');
    expect(rows[2]).toHaveTextContent('Japanno tax collected: not registered in Japan€200.00€0.001');
    expect(rows[3]).toHaveTextContent('Total€368.07€31.932€168.07€31.93');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/tax/report?from=2026-07-01&to=2026-09-30&format=csv',
    );
  });

  it('asks for two dates in order before asking the server', async () => {
    const { calls } = renderSection(<ReportSection now={new Date('2026-12-02T10:00:00Z')} />, () => ({
      body: REPORT,
    }));
    const user = userEvent.setup();
    await screen.findByRole('table');
    const to = screen.getByLabelText('Period to');
    await user.clear(to);
    await user.type(to, '2026-06-01');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('Choose two dates, the second not before the first.');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.search.get('to'))).not.toContain('2026-06-01');
  });
});

describe('the Thresholds section', () => {
  it('shows the EU line and the states, crossed and near first, and saves a state’s thresholds', async () => {
    const { calls } = renderSection(<ThresholdsSection />, (call) => {
      if (call.method === 'GET') return { body: THRESHOLDS };
      if (call.method === 'PUT') return { body: usLine({ salesThreshold: 600_000 }) };
      return undefined;
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/EU cross-border sales this year/)).toHaveTextContent(
      'EU cross-border sales this year: €10,500.00 of €10,000.00 (105%',
    );
    const table = screen.getByRole('table', { name: "US states' economic-nexus thresholds, this year" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'New York',
      'California',
      'Texas',
    ]);
    expect(rows[0]).toHaveTextContent('Crossed');
    expect(rows[1]).toHaveTextContent('Near$450,000$500,0000none');

    await user.click(screen.getByRole('button', { name: 'Edit the thresholds of Texas' }));
    const sales = screen.getByLabelText('Sales threshold (USD, empty for none)');
    await user.clear(sales);
    await user.type(sales, '600000');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('The thresholds of Texas were saved.')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/admin/tax/thresholds/TX');
    expect(put?.body).toEqual({ salesThreshold: 600_000, transactionsThreshold: null });
  });

  it("shows the server's refusal", async () => {
    renderSection(<ThresholdsSection />, (call) =>
      call.method === 'PUT'
        ? {
            status: 400,
            body: errorBody('VALIDATION_ERROR', 'salesThreshold must be more than 0', {
              salesThreshold: 'must be more than 0',
            }),
          }
        : { body: THRESHOLDS },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the thresholds of Texas' }));
    const sales = screen.getByLabelText('Sales threshold (USD, empty for none)');
    await user.clear(sales);
    await user.type(sales, '-1');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('more than 0');
  });
});
