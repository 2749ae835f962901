import type { Order, OrderReturn } from '@shop/contracts';
import { buildOrderReturn, buildReturnLine, buildShipment } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../../components/alert-error';
import type { ApiCall } from '../../../../test/mock-api';
import { AJ1, DUNK, errorBody, order, product, renderAccount } from '../../account-test-utils';
import { CANCEL_RETURN_TITLE } from './order-return-item';
import { RETURN_FORM_TITLE } from './return-form';
import { COMMENT_ERROR, EXCHANGE_SIZE_ERROR, LINES_ERROR, REASON_ERROR } from './use-return-form';

const RETURN_ID = '3e7e3e7e-3e7e-43e7-83e7-000000000001';

/** The fixture's order (1 × AJ1 size 9, 3 × Dunk size 10), every pair shipped and delivered. */
function shippedOrder(overrides: Partial<Order> = {}): Order {
  return order({
    fulfilment: 'delivered',
    shipments: [
      buildShipment({
        lines: [
          { productId: AJ1, size: '9', count: 1 },
          { productId: DUNK, size: '10', count: 3 },
        ],
        deliveredAt: '2024-05-20T12:00:00.000Z',
      }),
    ],
    ...overrides,
  });
}

const STOCK: Record<string, Record<string, number>> = {
  [AJ1]: { '9': 4, '9.5': 0, '10': 2 },
  [DUNK]: { '9': 0, '10': 5, '10.5': 1, '11': 3 },
};

/**
 * The detail of `start` at its address; the API keeps the order (its returns grow as they are opened), the
 * products' stock, and answers a new return with `answer` (a return of the body's lines by default).
 */
type Answer = (call: ApiCall, store: { order: Order }) => { status?: number; body?: unknown };

function renderDetail(start: Order, answer?: Answer, cancelAnswer?: Answer) {
  const store = { order: start };
  const view = renderAccount(`/account/orders?order=${start._id}`, (call) => {
    if (call.method === 'GET' && call.path === `/api/orders/${store.order._id}`) return { body: store.order };
    const productId = /^\/api\/products\/details\/(.+)$/.exec(call.path)?.[1];
    if (call.method === 'GET' && productId)
      return {
        body: [
          {
            ...product(productId, productId === AJ1 ? 'Air Jordan 1 Mid XQ' : 'Dunk Low Panda', {
              stock: STOCK[productId] ?? {},
            }),
            reviews: [],
          },
        ],
      };
    if (call.method === 'POST' && call.path === `/api/orders/${store.order._id}/returns`) {
      if (answer) return answer(call, store);
      const body = call.body as {
        lines: OrderReturn['lines'];
        reason?: OrderReturn['reason'];
        comment?: string;
        refundTo?: OrderReturn['refundTo'];
      };
      const created = buildOrderReturn({
        id: RETURN_ID,
        number: 'R-7',
        orderId: store.order._id,
        reason: body.reason ?? body.lines[0]?.reason ?? 'other',
        comment: body.comment ?? '',
        refundTo: body.refundTo ?? 'original',
        lines: body.lines.map((line) =>
          buildReturnLine({
            ...line,
            name: line.productId === AJ1 ? 'Air Jordan 1 Mid XQ' : 'Dunk Low Panda',
            exchangeSize: line.exchangeSize ?? null,
          }),
        ),
      });
      store.order = { ...store.order, returns: [...store.order.returns, created] };
      return { status: 201, body: created };
    }
    if (call.method === 'POST' && cancelAnswer && /^\/api\/returns\/[^/]+\/cancel$/.test(call.path))
      return cancelAnswer(call, store);
    return undefined;
  });
  return { ...view, store };
}

const postCalls = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: RETURN_FORM_TITLE }));
  const form = await screen.findByRole('form', { name: RETURN_FORM_TITLE });
  return { user, form };
}

describe('Returns and exchanges in an order', () => {
  it('offers no return before the order has shipped, nor on an unpaid one', async () => {
    renderDetail(order({ fulfilment: 'unfulfilled' }));
    expect(await screen.findByRole('list', { name: 'Products in this order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETURN_FORM_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Returns and exchanges' })).not.toBeInTheDocument();
  });

  it('opens a return: counts, a refund and an exchange to a size in stock, a reason per pair; then what to do next', async () => {
    const { calls } = renderDetail(shippedOrder());
    const { user, form } = await openForm();
    expect(screen.getByRole('heading', { name: RETURN_FORM_TITLE })).toHaveFocus();

    const dunkCount = within(form).getByLabelText('Pairs to send back of Dunk Low Panda, size 10');
    expect(
      within(dunkCount)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', '1', '2', '3']);
    await user.selectOptions(
      within(form).getByLabelText('Pairs to send back of Air Jordan 1 Mid XQ, size 9'),
      '1',
    );
    await user.selectOptions(dunkCount, '2');
    const exchange = within(form).getAllByLabelText('Exchange for another size')[1] as HTMLElement;
    await waitFor(() => expect(exchange).toBeEnabled());
    await user.click(exchange);
    const newSize = within(form).getByLabelText('New size for Dunk Low Panda');
    // Only sizes with units on sale, and not the one sent back.
    await waitFor(() =>
      expect(
        within(newSize)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a size', '10.5', '11']),
    );
    await user.selectOptions(newSize, '11');
    await user.selectOptions(
      within(form).getByLabelText('Reason for Air Jordan 1 Mid XQ, size 9'),
      'too_small',
    );
    await user.selectOptions(within(form).getByLabelText('Reason for Dunk Low Panda, size 10'), 'damaged');
    await user.type(within(form).getByLabelText('Comment (optional)'), '  Half a size short  ');
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));

    const next = await screen.findByRole('heading', { name: 'Return R-7 is open' });
    expect(next).toHaveFocus();
    expect(postCalls(calls)[0]?.body).toEqual({
      lines: [
        { productId: AJ1, size: '9', count: 1, resolution: 'refund', reason: 'too_small' },
        {
          productId: DUNK,
          size: '10',
          count: 2,
          resolution: 'exchange',
          exchangeSize: '11',
          reason: 'damaged',
        },
      ],
      comment: 'Half a size short',
      refundTo: 'original',
    });
    const slip = screen.getByRole('link', { name: 'Print the return slip (opens in a new tab)' });
    expect(slip).toHaveAttribute('href', `/api/returns/${RETURN_ID}/slip`);
    expect(slip).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('form', { name: RETURN_FORM_TITLE })).not.toBeInTheDocument();

    // The order is read again: the return is listed with its state and lines.
    const listed = await screen.findByRole('article', { name: 'Return R-7' });
    expect(listed).toHaveTextContent('State: Requested');
    expect(listed).toHaveTextContent('“Half a size short”');
    expect(listed).toHaveTextContent('Size 9 · 1 × refund · Too small');
    expect(listed).toHaveTextContent('Size 10 · 2 × exchange for size 11 · Arrived damaged');
    // One Dunk pair is still not in a return: the form is still offered for it.
    expect(screen.getByRole('button', { name: RETURN_FORM_TITLE })).toBeInTheDocument();
  });

  it('asks where a refund goes (the original payment by default), sends it, and the return shows it', async () => {
    const { calls } = renderDetail(shippedOrder());
    const { user, form } = await openForm();
    expect(within(form).queryByRole('group', { name: 'Where should the refund go?' })).toBeNull();
    await user.selectOptions(
      within(form).getByLabelText('Pairs to send back of Air Jordan 1 Mid XQ, size 9'),
      '1',
    );
    const where = within(form).getByRole('group', { name: 'Where should the refund go?' });
    expect(within(where).getByRole('radio', { name: 'Back to my original payment' })).toBeChecked();
    await user.click(within(where).getByRole('radio', { name: 'As store credit' }));
    await user.selectOptions(
      within(form).getByLabelText('Reason for Air Jordan 1 Mid XQ, size 9'),
      'too_small',
    );
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));

    await screen.findByRole('heading', { name: 'Return R-7 is open' });
    expect(postCalls(calls)[0]?.body).toMatchObject({ refundTo: 'credit' });
    const listed = await screen.findByRole('article', { name: 'Return R-7' });
    expect(within(listed).getByTestId('return-refund-to')).toHaveTextContent('Refund as store credit');
  });

  it('asks where the refund goes only while a pair goes back for a refund', async () => {
    renderDetail(shippedOrder());
    const { user, form } = await openForm();
    const aj1 = within(form).getByLabelText('Pairs to send back of Air Jordan 1 Mid XQ, size 9');
    await user.selectOptions(aj1, '1');
    expect(within(form).getByRole('group', { name: 'Where should the refund go?' })).toBeInTheDocument();
    await user.selectOptions(aj1, 'None');
    expect(within(form).queryByRole('group', { name: 'Where should the refund go?' })).toBeNull();
  });

  it('checks the form before sending: a pair, a reason for each pair, the size to exchange for, and words for "Other"', async () => {
    const { calls } = renderDetail(shippedOrder());
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(await within(form).findByText(LINES_ERROR)).toBeInTheDocument();
    const firstCount = within(form).getByLabelText('Pairs to send back of Air Jordan 1 Mid XQ, size 9');
    expect(firstCount).toHaveFocus();
    expect(firstCount).toHaveAccessibleDescription(LINES_ERROR);

    await user.selectOptions(firstCount, '1');
    const exchange = within(form).getAllByLabelText('Exchange for another size')[0] as HTMLElement;
    await waitFor(() => expect(exchange).toBeEnabled());
    await user.click(exchange);
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));
    const reason = within(form).getByLabelText('Reason for Air Jordan 1 Mid XQ, size 9');
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription(REASON_ERROR);
    await user.selectOptions(reason, 'other');
    expect(within(form).getByLabelText('Comment')).toBeRequired();
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));
    const size = within(form).getByLabelText('New size for Air Jordan 1 Mid XQ');
    await waitFor(() => expect(size).toHaveFocus());
    expect(size).toHaveAccessibleDescription(EXCHANGE_SIZE_ERROR);
    expect(within(form).getByLabelText('Comment')).toHaveAccessibleDescription(COMMENT_ERROR);
    expect(postCalls(calls)).toHaveLength(0);
  });

  it("shows the server's refusal in words (outside the return window) and keeps the form", async () => {
    renderDetail(shippedOrder(), () => ({
      status: 409,
      body: errorBody('RETURN_WINDOW_CLOSED', 'The 30 days to return this order ended on 2024-06-19'),
    }));
    const { user, form } = await openForm();
    await user.selectOptions(
      within(form).getByLabelText('Pairs to send back of Air Jordan 1 Mid XQ, size 9'),
      '1',
    );
    await user.selectOptions(
      within(form).getByLabelText('Reason for Air Jordan 1 Mid XQ, size 9'),
      'changed_mind',
    );
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(
      'Your return was not opened: The 30 days to return this order ended on 2024-06-19',
    );
    expect(screen.queryByRole('heading', { name: /is open$/ })).not.toBeInTheDocument();
  });

  it("marks the field the server refused (a size sold out meanwhile) by the form's line", async () => {
    renderDetail(shippedOrder(), () => ({
      status: 409,
      body: errorBody('OUT_OF_STOCK', 'Size 11 of Dunk Low Panda is sold out', {
        'lines.0.exchangeSize': 'is sold out',
      }),
    }));
    const { user, form } = await openForm();
    await user.selectOptions(
      within(form).getByLabelText('Pairs to send back of Dunk Low Panda, size 10'),
      '1',
    );
    const exchange = within(form).getAllByLabelText('Exchange for another size')[0] as HTMLElement;
    // The sizes are read first: until then there is nothing to exchange for.
    await waitFor(() => expect(exchange).toBeEnabled());
    await user.click(exchange);
    const size = within(form).getByLabelText('New size for Dunk Low Panda');
    await waitFor(() => expect(within(size).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(size, '11');
    await user.selectOptions(within(form).getByLabelText('Reason for Dunk Low Panda, size 10'), 'too_small');
    await user.click(within(form).getByRole('button', { name: 'Send return request' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Size 11 of Dunk Low Panda is sold out');
    await waitFor(() => expect(size).toHaveFocus());
    expect(size).toHaveAccessibleDescription('is sold out');
  });

  it('counts only what is left to return: returns not rejected or cancelled hold their pairs', async () => {
    renderDetail(
      shippedOrder({
        returns: [
          buildOrderReturn({
            id: `${RETURN_ID.slice(0, -1)}2`,
            number: 'R-2',
            state: 'approved',
            lines: [buildReturnLine({ productId: DUNK, size: '10', count: 2, name: 'Dunk Low Panda' })],
          }),
          buildOrderReturn({
            id: `${RETURN_ID.slice(0, -1)}3`,
            number: 'R-3',
            state: 'rejected',
            message: 'Worn outside',
            lines: [buildReturnLine({ productId: AJ1, size: '9', count: 1, name: 'Air Jordan 1 Mid XQ' })],
          }),
        ],
      }),
    );
    const { form } = await openForm();
    const dunkCount = within(form).getByLabelText('Pairs to send back of Dunk Low Panda, size 10');
    expect(
      within(dunkCount)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', '1']);
    expect(
      within(form).getByLabelText('Pairs to send back of Air Jordan 1 Mid XQ, size 9'),
    ).toBeInTheDocument();
    const rejected = screen.getByRole('article', { name: 'Return R-3' });
    expect(rejected).toHaveTextContent('State: Rejected');
    expect(rejected).toHaveTextContent('Why it was refused: Worn outside');
    expect(within(rejected).queryByRole('button', { name: /Cancel return/ })).not.toBeInTheDocument();
  });

  it('shows a received return with its refund and replacement order, and no way to cancel it', async () => {
    const exchangeOrderId = '7f3e2d1c-0b9a-4877-8665-999999999999';
    renderDetail(
      shippedOrder({
        returns: [
          buildOrderReturn({
            id: RETURN_ID,
            number: 'R-9',
            state: 'received',
            refundedAmount: 120,
            exchangeOrderId,
            receivedAt: '2024-06-01T10:00:00.000Z',
            lines: [
              buildReturnLine({ productId: AJ1, name: 'Air Jordan 1 Mid XQ', restock: true }),
              buildReturnLine({
                productId: DUNK,
                name: 'Dunk Low Panda',
                size: '10',
                count: 3,
                resolution: 'exchange',
                exchangeSize: '11',
                restock: true,
              }),
            ],
          }),
        ],
      }),
    );
    const received = await screen.findByRole('article', { name: 'Return R-9' });
    expect(received).toHaveTextContent('State: Received');
    expect(received).toHaveTextContent('Refunded$120.00');
    expect(within(received).getByRole('link', { name: 'Your replacement order' })).toHaveAttribute(
      'href',
      `/account/orders?order=${exchangeOrderId}`,
    );
    expect(within(received).queryByRole('button', { name: /Cancel return/ })).not.toBeInTheDocument();
    // Every pair is in that return: nothing is left to send back.
    expect(screen.queryByRole('button', { name: RETURN_FORM_TITLE })).not.toBeInTheDocument();
  });

  it("writes a return's refund in its order's currency", async () => {
    renderDetail(
      shippedOrder({
        currency: 'GBP',
        returns: [buildOrderReturn({ id: RETURN_ID, number: 'R-9', state: 'received', refundedAmount: 120 })],
      }),
    );
    const received = await screen.findByRole('article', { name: 'Return R-9' });
    expect(received).toHaveTextContent('Refunded£120.00');
  });

  it('cancels a requested return after asking, and shows why when it cannot', async () => {
    let fail = true;
    const start = shippedOrder({ returns: [buildOrderReturn({ id: RETURN_ID, number: 'R-4' })] });
    const { calls } = renderDetail(start, undefined, (_call, store) => {
      if (fail) return { status: 409, body: errorBody('CONFLICT', 'This return was already received') };
      const cancelled: OrderReturn = { ...(start.returns[0] as OrderReturn), state: 'cancelled' };
      store.order = { ...store.order, returns: [cancelled] };
      return { body: cancelled };
    });
    const item = await screen.findByRole('article', { name: 'Return R-4' });
    expect(
      within(item).getByRole('link', { name: 'Return slip of R-4 (opens in a new tab)' }),
    ).toHaveAttribute('href', `/api/returns/${RETURN_ID}/slip`);
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Cancel return R-4' }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL_RETURN_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The return was not cancelled: This return was already received',
    );

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Return R-4' })).toHaveTextContent('State: Cancelled'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel return R-4' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === `/api/returns/${RETURN_ID}/cancel`)).toHaveLength(2);
  });
});
