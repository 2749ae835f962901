import type { CreditNote } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../../test/fixtures';
import { BOSS, renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { AdminOrdersTab } from './orders-tab';

describe("the staff's credit notes", () => {
  it("lists the order's credit notes with the invoice, each a link to the printable note", async () => {
    const refunded = orderFixture({
      _id: 'c0ffee00-9e8d-4877-8665-544332211000',
      number: 640,
      state: 'cancelled',
      refundedAt: '2026-12-01T09:00:00.000Z',
      refundedAmount: 420,
    });
    const notes: CreditNote[] = [
      {
        number: 'CN-000012',
        amount: 420,
        tax: 70,
        createdAt: '2026-12-01T09:00:00.000Z',
        url: `/api/orders/${refunded._id}/credit-notes/CN-000012`,
      },
    ];
    renderStaffRoutes({
      routes: { '/account/orders': <AdminOrdersTab /> },
      entry: `/account/orders?order=${refunded._id}`,
      handler: (call) => {
        if (call.method !== 'GET') return undefined;
        if (call.path === '/api/orders') return { body: [refunded] };
        if (call.path === `/api/orders/${refunded._id}`) return { body: refunded };
        if (call.path === `/api/orders/${refunded._id}/credit-notes`) return { body: notes };
        return undefined;
      },
      session: staffSession(BOSS),
    });
    const list = await screen.findByRole('list', { name: 'Credit notes of order #640' });
    const link = within(list).getByRole('link', {
      name: /^Credit note CN-000012 – \$420\.00/,
    });
    expect(link).toHaveTextContent('Credit note CN-000012 – $420.00 (opens in a new tab)');
    expect(link).toHaveAttribute('href', `/api/orders/${refunded._id}/credit-notes/CN-000012`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.getByRole('link', { name: /^Invoice/ })).toBeInTheDocument();
  });
});
