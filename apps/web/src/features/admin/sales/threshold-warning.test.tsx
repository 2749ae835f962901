import type { TaxThresholds } from '@shop/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lowStockPage, renderSales, salesReport } from './sales-test-utils';

const CALIFORNIA: TaxThresholds['us'][number] = {
  state: 'CA',
  name: 'California',
  sales: 1_000,
  transactions: 3,
  salesThreshold: 500_000,
  transactionsThreshold: null,
  share: 0.002,
  near: false,
  crossed: false,
  source: '',
};

const BELOW: TaxThresholds = {
  eu: { applies: true, sales: 100, threshold: 10_000, share: 0.01, near: false, crossed: false, eurRate: 1 },
  us: [CALIFORNIA],
};

function renderWith(thresholds: TaxThresholds) {
  return renderSales('/account/sales', (call) => {
    if (call.path === '/api/admin/tax/thresholds') return { body: thresholds };
    if (call.path === '/api/admin/sales/low-stock') return { body: lowStockPage(1) };
    if (call.path === '/api/admin/sales') return { body: salesReport() };
    return undefined;
  });
}

describe('the Sales tab’s threshold warning', () => {
  it('warns when a threshold is crossed or near, and links to the Tax tab', async () => {
    renderWith({
      eu: { ...BELOW.eu, sales: 10_400, share: 1.04, crossed: true },
      us: [{ ...CALIFORNIA, sales: 450_000, share: 0.9, near: true }],
    });
    const warning = await screen.findByRole('heading', { name: 'Tax registration thresholds' });
    const box = warning.closest('.alert');
    expect(box).toHaveTextContent(
      'EU cross-border sales passed €10,000: One-Stop-Shop registration is needed',
    );
    expect(box).toHaveTextContent(
      'Sales to California reached $450,000 of its $500,000 threshold (90%): register there or stop selling',
    );
    expect(screen.getByRole('link', { name: 'See the thresholds in the Tax tab' })).toHaveAttribute(
      'href',
      '/account/tax',
    );
  });

  it('says nothing while every threshold is far', async () => {
    renderWith(BELOW);
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    await screen.findByText(/Paid orders from/);
    expect(screen.queryByRole('heading', { name: 'Tax registration thresholds' })).not.toBeInTheDocument();
  });
});
