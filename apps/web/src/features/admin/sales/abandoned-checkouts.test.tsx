import type { AbandonedCheckout } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import { UID } from '../../../test/fixtures';
import type { ApiCall } from '../../../test/mock-api';
import { renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { AbandonedCheckoutsSection, abandonedShown, NO_ABANDONED_TEXT } from './abandoned-checkouts';
import { abandonedCheckout, abandonedPage, recoveryDefaults } from './sales-test-utils';

/** One of each state: recovered after a reminder, reminded, waiting, bought first, never reminded. */
const CHECKOUTS: AbandonedCheckout[] = [
  abandonedCheckout(),
  abandonedCheckout({
    id: 'c2',
    customer: { id: 'u2', name: 'Grace Hopper', email: 'grace@shop.test' },
    state: 'reminded',
    emailsSent: 1,
    lastEmailAt: '2024-06-19T08:00:00.000Z',
    restoredAt: null,
    recoveredOrder: null,
    units: 1,
    value: 99.5,
  }),
  abandonedCheckout({
    id: 'c3',
    state: 'waiting',
    emailsSent: 0,
    lastEmailAt: null,
    restoredAt: null,
    recoveredOrder: null,
  }),
  abandonedCheckout({
    id: 'c4',
    state: 'ordered',
    emailsSent: 0,
    lastEmailAt: null,
    restoredAt: null,
    recoveredOrder: null,
  }),
  abandonedCheckout({
    id: 'c5',
    state: 'not-sent',
    reason: 'no-basis',
    emailsSent: 0,
    lastEmailAt: null,
    restoredAt: null,
    recoveredOrder: null,
  }),
];

const abandonedCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/admin/abandoned-checkouts');

/** The section at /account/sales for a member of `role`, the API holding `checkouts`. */
function renderSection(checkouts: AbandonedCheckout[] = CHECKOUTS, role = 'admin') {
  return renderStaffRoutes({
    routes: {
      '/account/sales': <AbandonedCheckoutsSection />,
      '/account/orders': <p>Orders page</p>,
    },
    entry: '/account/sales',
    session: staffSession({ id: UID, email: 'staff@shop.test', username: 'staff' }, role),
    location: true,
    handler: (call) => {
      if (call.path === '/api/admin/abandoned-checkouts')
        return { body: abandonedPage(Number(call.search.get('page')), checkouts) };
      return recoveryDefaults(call);
    },
  });
}

const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`);

describe('the Sales tab’s abandoned checkouts', () => {
  it('shows the figures of them all, then each checkout with its state in words', async () => {
    const { calls } = renderSection();
    const section = await screen.findByRole('region', { name: 'Abandoned checkouts' });
    const table = await within(section).findByRole('table', { name: 'Abandoned checkouts, newest first' });
    expect(abandonedCalls(calls).map((call) => call.search.get('page'))).toEqual(['1']);

    const figure = (term: string) => within(section).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figure('Checkouts')).toHaveTextContent(/^5$/);
    expect(figure('Reminders sent')).toHaveTextContent(/^3$/);
    expect(figure('Recovered orders')).toHaveTextContent(/^1$/);
    expect(figure('Recovered value')).toHaveTextContent('$235.00');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Customer', 'Started', 'Pairs', 'Value', 'State', 'Reminders', 'Order']);
    const [recovered, reminded, waiting, ordered, notSent] = rows(table) as HTMLElement[];
    const first = recovered as HTMLElement;
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Ada Lovelaceada@shop.test');
    expect(cell(first, 'Started')).toHaveTextContent(formatInstant('2024-06-20T09:30:00.000Z'));
    expect(cell(first, 'Pairs')).toHaveTextContent(/^2$/);
    expect(cell(first, 'Value')).toHaveTextContent('$240.00');
    expect(cell(first, 'State')).toHaveTextContent(
      `State: RecoveredCame back ${formatInstant('2024-06-21T10:05:00.000Z')}`,
    );
    expect(cell(first, 'Reminders')).toHaveTextContent(
      `2 sentLast ${formatInstant('2024-06-21T09:30:00.000Z')}`,
    );
    const order = within(first).getByRole('link', { name: 'Order #1042' });
    expect(order).toHaveAttribute('href', '/account/orders?order=o0000000-0000-4000-8000-000000000042');
    expect(cell(first, 'Order')).toHaveTextContent('Order #1042$235.00');

    expect(cell(reminded as HTMLElement, 'State')).toHaveTextContent(/^State: Reminded$/);
    expect(cell(reminded as HTMLElement, 'Value')).toHaveTextContent('$99.50');
    expect(cell(reminded as HTMLElement, 'Order')).toHaveTextContent('—');
    expect(cell(waiting as HTMLElement, 'State')).toHaveTextContent(/^State: Reminder due$/);
    expect(cell(waiting as HTMLElement, 'Reminders')).toHaveTextContent(/^None sent$/);
    expect(cell(ordered as HTMLElement, 'State')).toHaveTextContent(/^State: Bought before a reminder$/);
    expect(cell(notSent as HTMLElement, 'State')).toHaveTextContent(/^State: No consent to marketing$/);
    expect(within(section).getByText(abandonedShown(5, 5))).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /more/ })).not.toBeInTheDocument();

    await userEvent.setup().click(order);
    expect(await screen.findByText('Orders page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/account/orders?order=o0000000-0000-4000-8000-000000000042',
    );
  });

  it('says so when there is none', async () => {
    renderSection([]);
    const section = await screen.findByRole('region', { name: 'Abandoned checkouts' });
    expect(await within(section).findByText(NO_ABANDONED_TEXT)).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section).queryByText('Recovered value')).not.toBeInTheDocument();
  });

  it('shows them all a page at a time, focusing the first one a page adds', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      abandonedCheckout({
        id: `c${index}`,
        customer: { id: `u${index}`, name: `Shopper ${index + 1}`, email: `s${index}@shop.test` },
      }),
    );
    const { calls } = renderSection(many);
    const table = await screen.findByRole('table', { name: 'Abandoned checkouts, newest first' });
    expect(rows(table)).toHaveLength(25);
    expect(screen.getByText(abandonedShown(25, 30))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show 5 more' }));
    await waitFor(() => expect(rows(table)).toHaveLength(30));
    expect(within(rows(table)[25] as HTMLElement).getByRole('rowheader')).toHaveFocus();
    expect(screen.getByText(abandonedShown(30, 30))).toBeInTheDocument();
    expect(abandonedCalls(calls).map((call) => call.search.get('page'))).toEqual(['1', '2']);
  });

  it('is not shown, nor asked for, to a member who may not read orders', async () => {
    const { calls } = renderSection(CHECKOUTS, 'catalogue');
    await waitFor(() => expect(screen.getByTestId('location')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Abandoned checkouts' })).not.toBeInTheDocument();
    expect(abandonedCalls(calls)).toHaveLength(0);
    expect(calls.some((call) => call.path === '/api/settings/recovery')).toBe(false);
  });

  it('shows the list but not the reminders’ settings to a member who may not change settings', async () => {
    const { calls } = renderSection(CHECKOUTS, 'manager');
    const section = await screen.findByRole('region', { name: 'Abandoned checkouts' });
    expect(await within(section).findByRole('table')).toBeInTheDocument();
    expect(within(section).queryByRole('form', { name: 'Reminder e-mails' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/settings/recovery')).toBe(false);
  });
});
