import { ORDERS_PAGE_SIZE, type Order } from '@shop/contracts';
import { buildShipment } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { DUNK, orderFixture } from '../../../test/fixtures';
import { type ApiAnswer, type ApiCall, errorBody } from '../../../test/mock-api';
import { retryFailedLoad } from '../../../test/retry';
import { BOSS, renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { CANCEL_TITLE, REFUND_TITLE } from './order-actions';
import { AdminOrdersTab, NO_MATCH_TEXT } from './orders-tab';

let counter = 0;
/** An order of its own (ids 00000001-…, numbers 501, 502…) by ana unless told otherwise. */
function order(overrides: Partial<Order> = {}): Order {
  counter += 1;
  return orderFixture({
    _id: `${counter.toString(16).padStart(8, '0')}-9e8d-4877-8665-544332211000`,
    number: 500 + counter,
    user: {
      _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      username: 'ana',
      email: 'ana@example.com',
      image: '/uploads/avatars/ana.webp',
    },
    ...overrides,
  });
}
const short = (value: Order) => `#${value.number}`;

type Handler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

function renderOrders(handler: Handler, entry = '/account/orders') {
  return renderStaffRoutes({
    routes: { '/account/orders': <AdminOrdersTab /> },
    entry,
    handler,
    session: staffSession(BOSS),
  });
}

/** The orders API over a fixed list: pages of `limit`; filters and sort are only recorded. */
function ordersApi(all: Order[]): Handler {
  return (call) => {
    if (call.method === 'GET' && call.path === '/api/orders') {
      const page = Number(call.search.get('page') ?? 1);
      const limit = Number(call.search.get('limit') ?? ORDERS_PAGE_SIZE);
      return { body: all.slice((page - 1) * limit, page * limit) };
    }
    const one = all.find((item) => call.path === `/api/orders/${item._id}`);
    if (call.method === 'GET' && one) return { body: one };
    return undefined;
  };
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/orders');
const query = (call: ApiCall | undefined) => Object.fromEntries(call?.search ?? []);
const cards = () => screen.getAllByRole('article');

describe('Orders tab (admin)', () => {
  it('lists every order with its customer, state, provider, amount and pairs, newest first', async () => {
    const paid = order({ finalAmount: 420 });
    const pending = order({
      state: 'pending',
      provider: 'paypal',
      finalAmount: 129.99,
      date: '2024-07-01T12:00:00.000Z',
    });
    const { calls } = renderOrders(ordersApi([pending, paid]));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();

    expect(query(listCalls(calls)[0])).toEqual({
      ordersSort: JSON.stringify({ date: -1 }),
      page: '1',
      limit: String(ORDERS_PAGE_SIZE),
    });

    const first = screen.getByRole('article', { name: `Order ${short(pending)}` });
    expect(first).toHaveTextContent('2024-07-01');
    expect(first).not.toHaveTextContent('2024-07-01T12');
    expect(first).toHaveTextContent('Customer: ana');
    expect(first).toHaveTextContent('ana@example.com');
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/ana.webp');
    expect(first).toHaveTextContent('State: pending');
    expect(first).toHaveTextContent('PayPal');
    expect(first).toHaveTextContent('$129.99');
    expect(first).toHaveTextContent('Pairs4');
    expect(
      within(first).getByRole('button', { name: `Detail of order ${short(pending)}` }),
    ).toBeInTheDocument();
    expect(cards()[1]).toHaveTextContent('Card (Stripe)');
    expect(screen.getByText('Showing 2 orders')).toHaveAttribute('role', 'status');
  });

  it('searches by order number, e-mail or name on Search, keeps it in the address, and Clear filters ends it', async () => {
    const found = order();
    const { calls, router } = renderOrders(ordersApi([found]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(box).toHaveAttribute('maxlength', '100');
    await user.type(box, ` #${found.number} `);
    // Nothing is asked before Search.
    expect(listCalls(calls)).toHaveLength(1);
    await user.click(
      within(screen.getByRole('search', { name: 'Orders' })).getByRole('button', { name: 'Search' }),
    );

    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(query(listCalls(calls)[1])).toMatchObject({ search: `#${found.number}`, page: '1' });
    expect(router.state.location.search).toBe(`?q=%23${found.number}`);
    expect(await screen.findByText('Showing 1 order matching the filters')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Order #${found.number}` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(query(listCalls(calls).at(-1)).search).toBeUndefined();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it('filters by state and dates on Filter, keeps them in the address and in the export link', async () => {
    const { calls, router } = renderOrders(ordersApi([order()]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const exportLink = screen.getByRole('link', { name: /Export CSV/ });
    expect(exportLink).toHaveAttribute('href', '/api/orders/export.csv');
    expect(exportLink).toHaveAttribute('download');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('State'), 'aprobed');
    await user.type(screen.getByLabelText('From'), '2024-05-01');
    await user.type(screen.getByLabelText('To'), '2024-05-31');
    // Nothing is asked before Filter.
    expect(listCalls(calls)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(query(listCalls(calls)[1])).toMatchObject({
      state: 'aprobed',
      from: '2024-05-01',
      to: '2024-05-31',
      page: '1',
    });
    expect(router.state.location.search).toBe('?state=aprobed&from=2024-05-01&to=2024-05-31');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/orders/export.csv?state=aprobed&from=2024-05-01&to=2024-05-31',
    );
    expect(await screen.findByText('Showing 1 order matching the filters')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'amount-desc');
    await waitFor(() =>
      expect(query(listCalls(calls).at(-1))).toMatchObject({
        ordersSort: JSON.stringify({ finalAmount: -1 }),
        state: 'aprobed',
      }),
    );
    expect(router.state.location.search).toBe(
      '?state=aprobed&from=2024-05-01&to=2024-05-31&sort=amount-desc',
    );
    // The export takes the filters only, not the sort.
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).not.toContain('sort');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount-desc'));
    expect(query(listCalls(calls).at(-1))).toEqual({
      ordersSort: JSON.stringify({ finalAmount: -1 }),
      page: '1',
      limit: String(ORDERS_PAGE_SIZE),
    });
    expect(screen.getByLabelText('State')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('reads the filters from the address and refuses a range that ends before it starts', async () => {
    const { calls } = renderOrders(
      ordersApi([]),
      '/account/orders?state=pending&from=2024-06-01&sort=oldest',
    );
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeInTheDocument();
    expect(query(listCalls(calls)[0])).toMatchObject({
      state: 'pending',
      from: '2024-06-01',
      ordersSort: JSON.stringify({ date: 1 }),
    });
    expect(screen.getByLabelText('State')).toHaveValue('pending');
    expect(screen.getByLabelText('Sort by')).toHaveValue('oldest');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('To'), '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls(calls)).toHaveLength(1);
  });

  it("offers 'Load more' while a page comes back full", async () => {
    const all = Array.from({ length: ORDERS_PAGE_SIZE + 2 }, () => order());
    const { calls } = renderOrders(ordersApi(all));
    await waitFor(() => expect(cards()).toHaveLength(ORDERS_PAGE_SIZE));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(ORDERS_PAGE_SIZE + 2));
    expect(listCalls(calls).map((call) => call.search.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the detail at ?order=<id> with the customer, lines and total, and Back returns focus to its Detail button', async () => {
    // Cancelled before it was paid: nothing moved, so it has no payments.
    const one = order({ state: 'cancelled', payments: [] });
    const other = order();
    const { router } = renderOrders(ordersApi([other, one]), '/account/orders?state=cancelled');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Detail of order ${short(one)}` }));

    expect(await screen.findByRole('heading', { name: 'Order detail' })).toHaveFocus();
    expect(router.state.location.search).toBe(`?state=cancelled&order=${one._id}`);
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('ana');
    expect(within(customer).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    const items = within(screen.getByRole('list', { name: 'Products in this order' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Air Jordan 1 Mid XQ');
    expect(items[1]).toHaveTextContent('Size 10 · 3 × $100.00');
    expect(screen.getByText('Order number', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      `#${one.number}`,
    );
    expect(screen.queryByText(one._id)).not.toBeInTheDocument();
    expect(screen.getByText('$420.00')).toBeInTheDocument();
    expect(screen.getByText('State', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^cancelled$/);
    // A cancelled order has nothing left to do.
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=cancelled');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Detail of order ${short(one)}` })).toHaveFocus(),
    );
  });

  it('opens the detail straight from its address, and Back lands on the list', async () => {
    const one = order();
    const { calls } = renderOrders(ordersApi([one]), `/account/orders?order=${one._id}`);
    expect(await screen.findByRole('list', { name: 'Products in this order' })).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/api/orders/${one._id}`)).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Detail of order ${short(one)}` })).toHaveFocus(),
    );
  });

  it('cancels a pending order after asking, and shows it cancelled', async () => {
    let pending = order({ state: 'pending' });
    const { calls } = renderOrders((call) => {
      if (call.method === 'PUT' && call.path === `/api/orders/${pending._id}`) {
        pending = { ...pending, state: 'cancelled' };
        return { body: pending };
      }
      return ordersApi([pending])(call);
    }, `/account/orders?order=${pending._id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('dialog', { name: CANCEL_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('dialog', { name: CANCEL_TITLE });
    expect(dialog).toHaveTextContent('4 pairs go back on sale');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(screen.getByText('State', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        /^cancelled$/,
      ),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ voucher: { state: 'cancelled' } });
    const done = screen.getByText(/Order cancelled: nothing is charged/);
    // The Cancel order button went away with the pending state: focus goes to the news instead.
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows why a cancellation was refused, in the dialog', async () => {
    const pending = order({ state: 'pending' });
    renderOrders(
      (call) =>
        call.method === 'PUT'
          ? { status: 409, body: errorBody('CONFLICT', 'This order was already paid') }
          : ordersApi([pending])(call),
      `/account/orders?order=${pending._id}`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('The order was not cancelled: This order was already paid');
  });

  it('refunds a paid order after saying the money goes back through the provider and the pairs stay sold', async () => {
    let paid = order({ state: 'aprobed' });
    const { calls } = renderOrders((call) => {
      if (call.method === 'POST' && call.path === `/api/orders/${paid._id}/refund`) {
        const at = '2024-05-20T08:00:00.000Z';
        const refund = {
          kind: 'refund',
          tender: 'stripe',
          amount: 420,
          reference: 'cs_test_built',
          at,
        } as const;
        paid = { ...paid, state: 'cancelled', refundedAt: at, payments: [...paid.payments, refund] };
        return { body: paid };
      }
      return ordersApi([paid])(call);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Detail of order ${short(paid)}` }));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: REFUND_TITLE });
    expect(dialog).toHaveTextContent('ana gets back $420.00 through Card (Stripe)');
    expect(dialog).toHaveTextContent('Its 4 pairs stay sold');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() =>
      expect(screen.getByText('State', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        /^cancelled · refunded$/,
      ),
    );
    expect(
      screen.getByText(/Refunded on 2024-05-20, giving back \$420.00 through Card \(Stripe\)/),
    ).toBeInTheDocument();
    const refunds = calls.filter((call) => call.method === 'POST');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.path).toBe(`/api/orders/${paid._id}/refund`);
    expect(screen.getByText(/Refund sent: \$420.00 through Card \(Stripe\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();

    // The list is asked again, so it shows the new state too.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(cards()[0]).toHaveTextContent('State: cancelled · refunded'));
  });

  it.each([
    [409, 'CONFLICT', 'This order was already refunded'],
    [502, 'PAYMENT_FAILED', 'The payment provider could not refund this order; it is still paid'],
  ])('shows a refused refund (%i) in the dialog', async (status, code, message) => {
    const paid = order({ state: 'aprobed' });
    renderOrders(
      (call) =>
        call.method === 'POST' ? { status, body: errorBody(code, message) } : ordersApi([paid])(call),
      `/account/orders?order=${paid._id}`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: REFUND_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(`The order was not refunded: ${message}`);
    expect(screen.getByText('State', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^aprobed$/);
  });

  it("shows the spec's red alert with Try again when the orders cannot be loaded", async () => {
    let fail = true;
    renderOrders((call) => {
      if (call.path !== '/api/orders') return undefined;
      return fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Orders are down') }
        : { body: [order()] };
    });
    await retryFailedLoad('Orders are down', () => {
      fail = false;
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('names a deleted customer as such', async () => {
    renderOrders(
      ordersApi([
        order({
          user: { _id: 'x', username: 'deleted-0123456789ab', email: 'deleted-x@deleted.invalid', image: '' },
        }),
      ]),
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Customer: Deleted account');
    expect(cards()[0]).not.toHaveTextContent('deleted.invalid');
  });

  it('names an erased customer by their erasure number', async () => {
    renderOrders(
      ordersApi([
        order({ user: { _id: 'x', username: 'erased-12', email: 'erased-12@deleted.invalid', image: '' } }),
      ]),
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Customer: Erased customer #12');
    expect(cards()[0]).not.toHaveTextContent('deleted.invalid');
  });

  it('asks staff to review the tax of an order the rate table priced after the tax service failed', async () => {
    const priced = order();
    const fellBack = order({ tax: { ...priced.tax, source: 'fallback' } });
    const byStripe = order({ tax: { ...priced.tax, source: 'stripe' } });
    renderOrders(ordersApi([fellBack, byStripe, priced]));
    await waitFor(() => expect(cards()).toHaveLength(3));
    const review = 'Tax from the rate table: the tax service failed, review';
    expect(screen.getByRole('article', { name: `Order ${short(fellBack)}` })).toHaveTextContent(review);
    expect(screen.getByRole('article', { name: `Order ${short(byStripe)}` })).not.toHaveTextContent(review);
    expect(screen.getByRole('article', { name: `Order ${short(priced)}` })).not.toHaveTextContent(review);
  });
});

describe('Orders tab (admin): fulfilment', () => {
  it("shows each paid order's shipping status, and its parcels in the detail with Mark delivered", async () => {
    const parcel = buildShipment({ lines: [{ productId: DUNK, size: '10', count: 3 }] });
    const shipped = order({ fulfilment: 'shipped', shipments: [parcel] });
    const pending = order({ state: 'pending' });
    const { calls } = renderOrders((call) => {
      if (
        call.method === 'POST' &&
        call.path === `/api/orders/${shipped._id}/shipments/${parcel.id}/delivered`
      )
        return { body: { ...parcel, deliveredAt: '2024-05-20T10:00:00.000Z' } };
      return ordersApi([shipped, pending])(call);
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]).toHaveTextContent('Shipping: Shipped');
    expect(cards()[1]).not.toHaveTextContent('Shipping:');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Detail of order ${short(shipped)}` }));
    const parcels = await screen.findByRole('region', { name: 'Shipments' });
    expect(parcels).toHaveTextContent('UPS 1Z999AA10123456784');
    expect(parcels).toHaveTextContent('Dunk Low Panda, size 10 × 3');
    await user.click(within(parcels).getByRole('button', { name: /Mark delivered/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/delivered'))).toBe(true),
    );
  });
});
