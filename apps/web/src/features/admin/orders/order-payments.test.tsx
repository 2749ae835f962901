import { buildOrderReturn } from '@shop/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { OrderPayments } from './order-payments';

function show(order: Parameters<typeof OrderPayments>[0]['order']) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <OrderPayments order={order} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Payments' });
}

describe('the staff order detail’s payments ledger', () => {
  it('lists each movement by tender, the return a refund was for, and what is left to refund', () => {
    const ret = buildOrderReturn({ id: 'a1b2c3d4-0000-4000-8000-000000000001', number: 'R-7' });
    const ledger = show(
      orderFixture({
        finalAmount: 420,
        creditUsed: 20,
        returns: [ret],
        payments: [
          { kind: 'credit_spend', tender: 'store_credit', amount: 20, at: '2026-11-30T10:00:00.000Z' },
          {
            kind: 'capture',
            tender: 'stripe',
            amount: 400,
            reference: 'cs_test_1',
            at: '2026-11-30T10:00:01.000Z',
          },
          {
            kind: 'credit_back',
            tender: 'store_credit',
            amount: 20,
            returnId: ret.id,
            at: '2026-12-01T09:00:00.000Z',
          },
          { kind: 'refund', tender: 'stripe', amount: 100, returnId: ret.id, at: '2026-12-01T09:00:00.000Z' },
        ],
      }),
    );
    const rows = within(ledger)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '2026-11-30Paid with store creditStore credit$20.00',
      '2026-11-30Paidcs_test_1Card (Stripe)$400.00',
      '2026-12-01Given back as store credit for return R-7Store credit−$20.00',
      '2026-12-01Refunded for return R-7Card (Stripe)−$100.00',
    ]);
    expect(within(ledger).getByText('Paid', { selector: 'dt' }).nextSibling?.textContent).toBe('$420.00');
    expect(within(ledger).getByText('Refunded', { selector: 'dt' }).nextSibling?.textContent).toBe('$120.00');
    expect(within(ledger).getByText('Left to refund').nextSibling?.textContent).toBe('$300.00');
  });

  it('shows nothing for an order nothing paid yet', () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <OrderPayments order={orderFixture({ state: 'pending', payments: [] })} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
  });
});
