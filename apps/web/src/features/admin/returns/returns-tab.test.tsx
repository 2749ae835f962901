import type { Order, OrderReturn, StaffReturn } from '@shop/contracts';
import { buildOrderReturn, buildReturnLine } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { AJ1, DUNK, orderFixture } from '../../../test/fixtures';
import { type ApiAnswer, type ApiCall, errorBody } from '../../../test/mock-api';
import { retryFailedLoad } from '../../../test/retry';
import { BOSS, renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { REJECT_MESSAGE_ERROR } from './reject-form';
import { AdminReturnsTab } from './returns-tab';

const ORDER_ID = 'bbbbbbbb-9e8d-4877-8665-544332211000';
const EXCHANGE_ORDER_ID = 'cccccccc-9e8d-4877-8665-544332211000';

const theOrder: Order = orderFixture({
  _id: ORDER_ID,
  number: 1042,
  user: { _id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', username: 'ana', email: 'ana@example.com', image: '' },
});

let counter = 0;
/** A return of ana's order (in dollars unless `currency` says otherwise), with an id and number of its own. */
function aReturn(overrides: Partial<StaffReturn> = {}): StaffReturn {
  counter += 1;
  const { currency = 'USD', ...rest } = overrides;
  return {
    ...buildOrderReturn({
      id: `3e7e3e7e-3e7e-43e7-83e7-${String(counter).padStart(12, '0')}`,
      number: `R-${counter}`,
      orderId: ORDER_ID,
      ...rest,
    }),
    orderNumber: theOrder.number,
    currency,
    buyer: { _id: theOrder.user._id, username: theOrder.user.username, email: theOrder.user.email },
  };
}

const twoLines = () => [
  buildReturnLine({ productId: AJ1, name: 'Air Jordan 1 Mid XQ' }),
  buildReturnLine({
    productId: DUNK,
    name: 'Dunk Low Panda',
    size: '10',
    count: 2,
    resolution: 'exchange',
    exchangeSize: '11',
    reason: 'damaged',
  }),
];

/** What receiving would refund: $80.00 to the card, $40.00 as store credit. */
const PREVIEW = {
  amount: 120,
  parts: [
    { tender: 'stripe', amount: 80 },
    { tender: 'store_credit', amount: 40 },
  ],
};

type Handler = (call: ApiCall, store: { returns: StaffReturn[] }) => ApiAnswer | Promise<ApiAnswer>;

/** The returns API over `store` (filtered by `state`), and the orders the returns are of. */
function returnsApi(call: ApiCall, store: { returns: StaffReturn[] }): ApiAnswer {
  if (call.method === 'GET' && call.path === '/api/returns') {
    const state = call.search.get('state');
    return { body: { returns: store.returns.filter((item) => !state || item.state === state) } };
  }
  if (call.method === 'GET' && call.path.endsWith('/refund-preview')) return { body: PREVIEW };
  if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) return { body: theOrder };
  if (call.method === 'GET' && call.path === `/api/orders/${EXCHANGE_ORDER_ID}`)
    return {
      body: { ...theOrder, _id: EXCHANGE_ORDER_ID, number: 1077, finalAmount: 0, replacementOf: ORDER_ID },
    };
  return undefined;
}

/** The Returns tab with a returns API over `store` (filtered by `state`); `handler` answers first. */
function renderReturns(start: StaffReturn[], handler: Handler = () => undefined, entry = '/account/returns') {
  const store = { returns: start };
  const view = renderStaffRoutes({
    routes: { '/account/returns': <AdminReturnsTab /> },
    entry,
    handler: async (call) => (await handler(call, store)) ?? returnsApi(call, store),
    session: staffSession(BOSS),
  });
  return { ...view, store };
}

/** The server's answer to an action: the stored return changed, and sent back. */
function change(store: { returns: StaffReturn[] }, id: string, patch: Partial<OrderReturn>): ApiAnswer {
  store.returns = store.returns.map((item) => (item.id === id ? { ...item, ...patch } : item));
  return { body: store.returns.find((item) => item.id === id) };
}

const card = (number: string) => screen.findByRole('article', { name: `Return ${number}` });

describe('Returns tab (admin)', () => {
  it('lists each return with its date, order and buyer, the comment, and its lines with their reasons', async () => {
    const requested = aReturn({ reason: 'too_small', comment: 'Runs half a size small', lines: twoLines() });
    const { calls } = renderReturns([requested]);
    const item = await card(requested.number);
    expect(calls.find((call) => call.path === '/api/returns')?.search.get('state')).toBeNull();
    expect(item).toHaveTextContent('State: Requested');
    expect(item).toHaveTextContent('2024-05-25');
    expect(item).toHaveTextContent('Too small');
    expect(item).toHaveTextContent('Runs half a size small');
    const lines = within(item).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('1 × Air Jordan 1 Mid XQ, size 9RefundReason: Too small');
    expect(lines[1]).toHaveTextContent(
      '2 × Dunk Low Panda, size 10Exchange for size 11Reason: Arrived damaged',
    );
    // The order's number and buyer, read with the order.
    expect(await within(item).findByRole('link', { name: '#1042' })).toHaveAttribute(
      'href',
      `/account/orders?order=${ORDER_ID}`,
    );
    expect(item).toHaveTextContent('ana');
    expect(item).toHaveTextContent('ana@example.com');
    expect(
      within(item).getByRole('link', { name: `Return slip of ${requested.number} (opens in a new tab)` }),
    ).toHaveAttribute('href', `/api/returns/${requested.id}/slip`);
    expect(screen.getByRole('status')).toHaveTextContent('1 return');
  });

  it('filters by state, in the address', async () => {
    const requested = aReturn();
    const received = aReturn({
      state: 'received',
      refundedAmount: 120,
      receivedAt: '2024-06-02T10:00:00.000Z',
    });
    const { calls, router } = renderReturns([requested, received]);
    expect(await card(received.number)).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('State'), 'requested');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: `Return ${received.number}` })).not.toBeInTheDocument(),
    );
    expect(
      calls
        .filter((call) => call.path === '/api/returns')
        .at(-1)
        ?.search.get('state'),
    ).toBe('requested');
    expect(router.state.location.search).toBe('?state=requested');
    await userEvent.setup().selectOptions(screen.getByLabelText('State'), 'cancelled');
    expect(await screen.findByText('No cancelled returns.')).toBeInTheDocument();
  });

  it('offers what each state allows: approve or reject, mark received, and nothing once settled', async () => {
    const requested = aReturn();
    const approved = aReturn({ state: 'approved' });
    const rejected = aReturn({ state: 'rejected', message: 'Worn outside' });
    const cancelled = aReturn({ state: 'cancelled' });
    const received = aReturn({
      state: 'received',
      refundedAmount: 120,
      exchangeOrderId: EXCHANGE_ORDER_ID,
      lines: twoLines().map((line) => ({ ...line, restock: true })),
    });
    renderReturns([requested, approved, rejected, cancelled, received]);
    const buttons = async (number: string) =>
      within(await card(number))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(await buttons(requested.number)).toEqual(['Approve', 'Reject…']);
    expect(await buttons(approved.number)).toEqual(['Mark received…']);
    expect(await buttons(rejected.number)).toEqual([]);
    expect(await buttons(cancelled.number)).toEqual([]);
    expect(await buttons(received.number)).toEqual([]);
    expect(await card(rejected.number)).toHaveTextContent('Told the buyer: Worn outside');
    const settled = await card(received.number);
    expect(settled).toHaveTextContent('Refunded$120.00');
    expect(settled).toHaveTextContent('Back on sale');
    expect(await within(settled).findByRole('link', { name: '#1077' })).toHaveAttribute(
      'href',
      `/account/orders?order=${EXCHANGE_ORDER_ID}`,
    );
  });

  it('approves a requested return, the button disabled while it goes', async () => {
    const requested = aReturn();
    let release: () => void = () => undefined;
    const { calls } = renderReturns([requested], async (call, store) => {
      if (call.method !== 'POST') return undefined;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return change(store, requested.id, { state: 'approved' });
    });
    const user = userEvent.setup();
    await user.click(within(await card(requested.number)).getByRole('button', { name: 'Approve' }));
    const busy = await screen.findByRole('button', { name: 'Approving…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject…' })).toBeDisabled();
    release();
    const done = await screen.findByText(
      `Return ${requested.number} is approved: the buyer was told to send it back.`,
    );
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`/api/returns/${requested.id}/approve`);
    await waitFor(async () =>
      expect(
        within(await card(requested.number)).getByRole('button', { name: 'Mark received…' }),
      ).toBeInTheDocument(),
    );
  });

  it("shows the server's refusal in words", async () => {
    const requested = aReturn();
    renderReturns([requested], (call) =>
      call.method === 'POST'
        ? { status: 409, body: errorBody('CONFLICT', 'This return was cancelled by the buyer') }
        : undefined,
    );
    const item = await card(requested.number);
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Approve' }));
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(
      `Return ${requested.number} was not approved: This return was cancelled by the buyer`,
    );
  });

  it('rejects only with a message for the buyer', async () => {
    const requested = aReturn();
    const { calls } = renderReturns([requested], (call, store) =>
      call.method === 'POST' && call.path.endsWith('/reject')
        ? change(store, requested.id, {
            state: 'rejected',
            message: (call.body as { message: string }).message,
          })
        : undefined,
    );
    const user = userEvent.setup();
    const item = await card(requested.number);
    await user.click(within(item).getByRole('button', { name: 'Reject…' }));
    const message = within(item).getByLabelText('Message to the buyer');
    expect(message).toHaveFocus();
    await user.click(within(item).getByRole('button', { name: 'Reject return' }));
    expect(message).toHaveAccessibleDescription(REJECT_MESSAGE_ERROR);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(message, '  The soles are worn: they were used outside.  ');
    await user.click(within(item).getByRole('button', { name: 'Reject return' }));
    expect(
      await screen.findByText(`Return ${requested.number} is rejected: the buyer was told why.`),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      message: 'The soles are worn: they were used outside.',
    });
    expect(await card(requested.number)).toHaveTextContent('Told the buyer: The soles are worn');
  });

  it('marks an approved return received: what it refunds and where before confirming, pairs back on sale unless damaged, then the refund and the replacement order', async () => {
    const approved = aReturn({ state: 'approved', lines: twoLines() });
    const { calls } = renderReturns([approved], (call, store) =>
      call.method === 'POST' && call.path.endsWith('/receive')
        ? change(store, approved.id, {
            state: 'received',
            refundedAmount: 120,
            refundParts: PREVIEW.parts,
            exchangeOrderId: EXCHANGE_ORDER_ID,
            receivedAt: '2024-06-02T10:00:00.000Z',
            lines: approved.lines.map((line, index) => ({ ...line, restock: index === 1 })),
          })
        : undefined,
    );
    const user = userEvent.setup();
    const item = await card(approved.number);
    await user.click(within(item).getByRole('button', { name: 'Mark received…' }));
    const first = within(item).getByLabelText('Back on sale: 1 × Air Jordan 1 Mid XQ, size 9');
    const second = within(item).getByLabelText('Back on sale: 2 × Dunk Low Panda, size 10');
    expect(first).toBeChecked();
    // The buyer said these arrived damaged: not back on sale unless staff say so.
    expect(second).not.toBeChecked();
    expect(
      await within(item).findByText(
        (_, element) =>
          element?.classList.contains('admin-return__preview') === true &&
          element.textContent ===
            'Confirming refunds $120.00: $80.00 through Card (Stripe) and $40.00 as store credit.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/returns/${approved.id}/refund-preview`)).toBe(true);
    await user.click(first);
    await user.click(second);
    await user.click(within(item).getByRole('button', { name: 'Confirm receipt' }));

    expect(
      await screen.findByText(
        `Return ${approved.number} is received. $120.00 was refunded. The replacement order is ready to ship.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the replacement order' })).toHaveAttribute(
      'href',
      `/account/orders?order=${EXCHANGE_ORDER_ID}`,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      lines: [
        { productId: AJ1, size: '9', restock: false },
        { productId: DUNK, size: '10', restock: true },
      ],
    });
    await waitFor(async () => expect(await card(approved.number)).toHaveTextContent('State: Received'));
    expect(await card(approved.number)).toHaveTextContent(
      'Refunded$120.00$80.00 through Card (Stripe) and $40.00 as store credit',
    );
  });

  it("writes a return's money in its order's currency, not the shop's", async () => {
    const approved = aReturn({ state: 'approved', currency: 'EUR' });
    renderReturns([approved], (call, store) => {
      if (call.method !== 'POST' || !call.path.endsWith('/receive')) return undefined;
      const patch = { state: 'received' as const, refundedAmount: 120, refundParts: PREVIEW.parts };
      change(store, approved.id, patch);
      // The action answers the return as every viewer sees it: without the staff list's currency.
      return { body: { ...buildOrderReturn({ ...approved, ...patch }) } };
    });
    const user = userEvent.setup();
    const item = await card(approved.number);
    await user.click(within(item).getByRole('button', { name: 'Mark received…' }));
    expect(
      await within(item).findByText(
        (_, element) =>
          element?.classList.contains('admin-return__preview') === true &&
          element.textContent ===
            'Confirming refunds €120.00: €80.00 through Card (Stripe) and €40.00 as store credit.',
      ),
    ).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Confirm receipt' }));
    expect(
      await screen.findByText(`Return ${approved.number} is received. €120.00 was refunded.`),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await card(approved.number)).toHaveTextContent('State: Received'));
    const settled = await card(approved.number);
    expect(settled).toHaveTextContent(
      'Refunded€120.00€80.00 through Card (Stripe) and €40.00 as store credit',
    );
    expect(settled).not.toHaveTextContent('$');
  });

  it('does not put damaged pairs back on sale unless staff say so, and shows a failed receipt in words', async () => {
    const approved = aReturn({
      state: 'approved',
      reason: 'damaged',
      lines: [buildReturnLine({ reason: 'damaged' })],
    });
    renderReturns([approved], (call) =>
      call.method === 'POST'
        ? {
            status: 502,
            body: errorBody(
              'PAYMENT_PROVIDER_ERROR',
              'The card provider did not answer; nothing was refunded',
            ),
          }
        : undefined,
    );
    const user = userEvent.setup();
    const item = await card(approved.number);
    await user.click(within(item).getByRole('button', { name: 'Mark received…' }));
    expect(within(item).getByLabelText('Back on sale: 1 × Test Runner, size 9')).not.toBeChecked();
    await user.click(within(item).getByRole('button', { name: 'Confirm receipt' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      `Return ${approved.number} was not marked received: The card provider did not answer; nothing was refunded`,
    );
    expect(within(item).getByRole('button', { name: 'Confirm receipt' })).toBeEnabled();
  });

  it("shows the spec's red alert with a way to try again when the returns cannot be loaded", async () => {
    let fail = true;
    renderReturns([aReturn()], (call) =>
      call.path === '/api/returns' && fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Returns are down') }
        : undefined,
    );
    await retryFailedLoad('We could not load the returns: Returns are down', () => {
      fail = false;
    });
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});
