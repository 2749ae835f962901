import type { Credit, CreditEntry } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, errorBody } from '../../../test/mock-api';
import { ANA_ID, adminUser, renderUsers } from './users-test-utils';

const ana = adminUser();

const entry = (overrides: Partial<CreditEntry>): CreditEntry => ({
  id: 'c1',
  amount: 25,
  balanceAfter: 25,
  kind: 'grant',
  reason: 'Welcome back',
  orderId: null,
  orderNumber: null,
  returnId: null,
  date: '2027-02-01T10:00:00.000Z',
  ...overrides,
});

const CREDIT: Credit = {
  balance: 10,
  entries: [
    entry({
      id: 'c2',
      amount: -15,
      balanceAfter: 10,
      kind: 'spend',
      reason: 'Paid an order',
      orderNumber: 12,
      date: '2027-02-03T10:00:00.000Z',
    }),
    entry({}),
  ],
  page: 1,
  pages: 1,
};

/** The Users tab with Ana listed and the admin signed in; the handler answers the credit API. */
const renderWithAna = (handler: ApiHandler) =>
  renderUsers((call) =>
    call.method === 'GET' && call.path === '/api/users' ? { body: [ana] } : handler(call),
  );

async function openCredit() {
  const user = userEvent.setup();
  const toggle = await screen.findByRole('button', { name: 'Store credit of ana@example.com' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = await screen.findByRole('region', { name: 'Store credit' });
  return { user, panel };
}

describe('Users tab: store credit', () => {
  it('shows the balance and the history: amount, kind, reason, date and balance after each', async () => {
    renderWithAna((call) => (call.path === `/api/users/${ANA_ID}/credit` ? { body: CREDIT } : undefined));
    const { panel } = await openCredit();
    expect(await within(panel).findByText('$10.00')).toBeInTheDocument();
    const items = within(
      within(panel).getByRole('list', { name: 'Credit history, newest first' }),
    ).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('-$15.00');
    expect(items[0]).toHaveTextContent('Paid an order');
    expect(items[0]).toHaveTextContent('(order #12)');
    expect(items[0]).toHaveTextContent('2027-02-03');
    expect(items[0]).toHaveTextContent('balance $10.00');
    expect(items[1]).toHaveTextContent('+$25.00');
    expect(items[1]).toHaveTextContent('Granted by the shop');
    expect(items[1]).toHaveTextContent('Welcome back');
  });

  it('grants credit, then shows the new balance and history and says so', async () => {
    let credit = CREDIT;
    const { calls } = renderWithAna((call) => {
      if (call.path !== `/api/users/${ANA_ID}/credit`) return undefined;
      if (call.method === 'POST') {
        const body = call.body as { amount: number; reason: string };
        credit = {
          ...credit,
          balance: credit.balance + body.amount,
          entries: [
            entry({
              id: 'c3',
              amount: body.amount,
              balanceAfter: credit.balance + body.amount,
              reason: body.reason,
            }),
            ...credit.entries,
          ],
        };
      }
      return { body: credit };
    });
    const { user, panel } = await openCredit();
    await within(panel).findByText('$10.00');
    await user.type(within(panel).getByLabelText('Amount ($)'), '15');
    await user.type(within(panel).getByLabelText('Reason'), 'Late parcel');
    await user.click(within(panel).getByRole('button', { name: 'Grant credit' }));
    expect(
      await within(panel).findByText('Granted $15.00 of credit to ana. Balance now $25.00.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('$25.00', { selector: 'strong' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Late parcel');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 15, reason: 'Late parcel' });
    expect(within(panel).getByLabelText('Amount ($)')).toHaveValue('');
  });

  it('checks the amount and reason before sending, and shows the server’s refusal of an adjustment', async () => {
    const { calls } = renderWithAna((call) => {
      if (call.path !== `/api/users/${ANA_ID}/credit`) return undefined;
      if (call.method === 'POST')
        return {
          status: 409,
          body: errorBody('CONFLICT', 'The balance cannot go below zero.', {
            amount: 'would take the balance below zero',
          }),
        };
      return { body: CREDIT };
    });
    const { user, panel } = await openCredit();
    const amount = within(panel).getByLabelText('Amount ($)');
    expect(amount).toHaveAccessibleDescription(/A negative amount takes credit back/);
    await user.type(amount, '0');
    await user.type(within(panel).getByLabelText('Reason'), 'no');
    await user.click(within(panel).getByRole('button', { name: 'Grant credit' }));
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription(/^Amount must not be 0/);
    expect(within(panel).getByLabelText('Reason')).toHaveAccessibleDescription(
      /^Reason must be at least 3 characters/,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '-50');
    await user.type(within(panel).getByLabelText('Reason'), 'pe');
    await user.click(within(panel).getByRole('button', { name: 'Grant credit' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/^Amount would take the balance below zero/),
    );
    expect(within(panel).getByRole('alert')).toHaveTextContent('The balance cannot go below zero.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: -50, reason: 'nope' });
  });
});
