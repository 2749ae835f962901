import type { CreditNote, Order } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../test/mock-api';
import { order, renderAccount } from '../account-test-utils';

const note = (orderId: string, number: string, amount: number, tax: number): CreditNote => ({
  number,
  amount,
  tax,
  createdAt: '2026-12-01T09:00:00.000Z',
  url: `/api/orders/${orderId}/credit-notes/${number}`,
});

/** The order, and its credit notes when asked. */
function orderApi(one: Order, notes: CreditNote[]) {
  return (call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/orders') return { body: [one] };
    if (call.method === 'GET' && call.path === `/api/orders/${one._id}`) return { body: one };
    if (call.method === 'GET' && call.path === `/api/orders/${one._id}/credit-notes`) return { body: notes };
    return undefined;
  };
}

describe("the buyer's credit notes", () => {
  it('lists each refund’s credit note beside the invoice, each opening the printable note in a new tab', async () => {
    const refunded = order({
      state: 'cancelled',
      refundedAt: '2026-12-01T09:00:00.000Z',
      refundedAmount: 214.5,
    });
    const notes = [
      note(refunded._id, 'CN-000003', 107.25, 7.25),
      note(refunded._id, 'CN-000004', 107.25, 7.25),
    ];
    renderAccount(`/account/orders?order=${refunded._id}`, orderApi(refunded, notes));
    const list = await screen.findByRole('list', { name: `Credit notes of order #${refunded.number}` });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Credit note CN-000003 – $107.25 (opens in a new tab)',
      'Credit note CN-000004 – $107.25 (opens in a new tab)',
    ]);
    expect(links[0]).toHaveAttribute('href', `/api/orders/${refunded._id}/credit-notes/CN-000003`);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Invoice/ })).toBeInTheDocument();
  });

  it('asks for no credit notes while nothing of the order was refunded', async () => {
    const paid = order({ refundedAmount: 0 });
    const { calls } = renderAccount(`/account/orders?order=${paid._id}`, orderApi(paid, []));
    expect(await screen.findByRole('link', { name: /Invoice/ })).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/credit-notes'))).toBe(false);
    expect(screen.queryByRole('link', { name: /Credit note/ })).not.toBeInTheDocument();
  });
});
