import { ORDERS_PAGE_SIZE, type Order } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import type { ApiCall } from '../../../test/mock-api';
import { errorBody, mockLocationAssign, order, renderAccount, UID } from '../account-test-utils';
import { CANCEL_CONFIRM_TITLE } from './order-actions';
import { NO_ORDERS_TEXT } from './orders-tab';

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/orders');
const cards = () => screen.getAllByRole('article');

/** The orders API over a fixed list: pages of `limit`, the asked sort ignored. */
function ordersApi(all: Order[]) {
  return (call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/api/orders') {
      const page = Number(call.search.get('page') ?? 1);
      const limit = Number(call.search.get('limit') ?? ORDERS_PAGE_SIZE);
      return { body: all.slice((page - 1) * limit, page * limit) };
    }
    return undefined;
  };
}

describe('Orders tab', () => {
  it('says so when there are no orders', async () => {
    renderAccount('/account/orders', ordersApi([]));
    expect(await screen.findByText(NO_ORDERS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("asks for the user's own orders, newest first, and shows picture, number, date, state and final amount", async () => {
    const pending = order({ state: 'pending', finalAmount: 129.99, date: '2024-07-01T12:00:00.000Z' });
    const approved = order({ state: 'aprobed', finalAmount: 420 });
    const cancelled = order({ state: 'cancelled', finalAmount: 99.5 });
    const { calls } = renderAccount('/account/orders', ordersApi([pending, approved, cancelled]));
    await waitFor(() => expect(cards()).toHaveLength(3));

    const [first] = listCalls(calls);
    expect(JSON.parse(first?.search.get('ordersSort') ?? '')).toEqual({ date: -1 });
    expect(first?.search.get('_id')).toBe(UID);
    expect(first?.search.get('page')).toBe('1');
    expect(first?.search.get('limit')).toBe(String(ORDERS_PAGE_SIZE));

    const card = cards()[0] as HTMLElement;
    expect(within(card).getByRole('heading', { name: `Order #${pending.number}` })).toBeInTheDocument();
    expect(card).toHaveTextContent('2024-07-01');
    expect(card).not.toHaveTextContent('2024-07-01T12');
    expect(card).toHaveTextContent('State: pending');
    expect(card).toHaveTextContent('$129.99');
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/me.webp');
    expect(cards()[1]).toHaveTextContent('State: aprobed');
    expect(cards()[2]).toHaveTextContent('State: cancelled');
    // Only a pending order can be paid or cancelled.
    expect(within(card).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(
      within(cards()[1] as HTMLElement).queryByRole('button', { name: 'Pay now' }),
    ).not.toBeInTheDocument();
    expect(
      within(cards()[2] as HTMLElement).queryByRole('button', { name: 'Cancel order' }),
    ).not.toBeInTheDocument();
  });

  it("offers 'Load more' while a page comes back full, and stops at the first short page", async () => {
    const all = Array.from({ length: ORDERS_PAGE_SIZE + 3 }, () => order());
    const { calls } = renderAccount('/account/orders', ordersApi(all));
    await waitFor(() => expect(cards()).toHaveLength(ORDERS_PAGE_SIZE));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(ORDERS_PAGE_SIZE + 3));
    expect(listCalls(calls).map((call) => call.search.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(`Showing ${ORDERS_PAGE_SIZE + 3} orders`)).toBeInTheDocument();
  });

  it('sorts by date, final amount or state, either way, and keeps the sort in the address', async () => {
    const { calls, router } = renderAccount('/account/orders', ordersApi([order()]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'finalAmount');
    await user.selectOptions(screen.getByLabelText('Sort direction'), 'asc');
    await waitFor(() =>
      expect(JSON.parse(listCalls(calls).at(-1)?.search.get('ordersSort') ?? '')).toEqual({ finalAmount: 1 }),
    );
    expect(router.state.location.search).toBe('?sort=finalAmount&dir=asc');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'state');
    await waitFor(() =>
      expect(JSON.parse(listCalls(calls).at(-1)?.search.get('ordersSort') ?? '')).toEqual({ state: 1 }),
    );
  });

  it('shows an order in detail (lines with count and total price) and Back returns to the list', async () => {
    const one = order();
    const { router } = renderAccount('/account/orders', ordersApi([one]));
    const user = userEvent.setup();
    const detail = await screen.findByRole('button', { name: `Detail of order #${one.number}` });
    await user.click(detail);

    const heading = await screen.findByRole('heading', { name: 'Order detail' });
    expect(heading).toHaveFocus();
    expect(router.state.location.search).toBe(`?order=${one._id}`);
    const lines = screen.getByRole('list', { name: 'Products in this order' });
    const items = within(lines).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Air Jordan 1 Mid XQ');
    expect(items[0]).toHaveTextContent('Size 9 · 1 × $120.00');
    expect(items[0]).toHaveTextContent('$120.00');
    expect(items[1]).toHaveTextContent('Size 10 · 3 × $100.00');
    expect(items[1]).toHaveTextContent('$300.00');
    expect(screen.getByText('$420.00')).toBeInTheDocument();
    expect(screen.getByTestId('order-shipping').parentElement).toHaveTextContent(
      'Shipping Standard shippingFree',
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Detail of order #${one.number}` })).toHaveFocus(),
    );
  });

  it('shows the shipping charged on the card and in the detail, included in the final amount', async () => {
    const one = order({
      shipping: { methodId: '0e0e0e0e-0e0e-40e0-80e0-0e0e0e0e0e0e', name: 'Express', price: 15 },
      finalAmount: 435,
    });
    renderAccount('/account/orders', ordersApi([one]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0] as HTMLElement;
    expect(card).toHaveTextContent('ShippingExpress $15.00');
    expect(card).toHaveTextContent('Final amount$435.00');
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: `Detail of order #${one.number}` }));
    await screen.findByRole('heading', { name: 'Order detail' });
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$15.00');
    expect(screen.getByTestId('order-shipping').parentElement).toHaveTextContent('Shipping Express$15.00');
    expect(screen.getByTestId('order-final-amount')).toHaveTextContent('$435.00');
  });

  it('shows the code and its discount, each discounted line, the store credit used and what was charged', async () => {
    const base = order();
    const one: Order = {
      ...base,
      products: base.products.map((line) => (line.size === '10' ? { ...line, discount: 60 } : line)),
      code: 'SAVE20',
      discount: 60,
      finalAmount: 360,
      creditUsed: 50,
    };
    renderAccount('/account/orders', ordersApi([one]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0] as HTMLElement;
    expect(card).toHaveTextContent('CodeSAVE20 −$60.00');
    expect(card).toHaveTextContent('Final amount$360.00');
    expect(card).toHaveTextContent('Store credit−$50.00 · Charged $310.00');

    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: `Detail of order #${one.number}` }));
    await screen.findByRole('heading', { name: 'Order detail' });
    const items = within(screen.getByRole('list', { name: 'Products in this order' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).not.toHaveTextContent('was');
    expect(items[1]).toHaveTextContent('was $300.00, now $240.00');
    expect(screen.getByTestId('order-discount').parentElement).toHaveTextContent('Discount (SAVE20)−$60.00');
    expect(screen.getByTestId('order-final-amount')).toHaveTextContent('$360.00');
    expect(screen.getByTestId('order-credit-used')).toHaveTextContent('−$50.00');
    expect(screen.getByTestId('order-charged')).toHaveTextContent('$310.00');
  });

  it("shows each order in its own currency, whatever the shop's is now", async () => {
    const base = order();
    const euros: Order = { ...base, currency: 'EUR', code: 'SAVE20', discount: 60, finalAmount: 360 };
    renderAccount('/account/orders', ordersApi([euros]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0] as HTMLElement;
    expect(card).toHaveTextContent('CodeSAVE20 −€60.00');
    expect(card).toHaveTextContent('Final amount€360.00');
    expect(card).not.toHaveTextContent('$');

    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: `Detail of order #${euros.number}` }));
    await screen.findByRole('heading', { name: 'Order detail' });
    const items = within(screen.getByRole('list', { name: 'Products in this order' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('€120.00');
    expect(screen.getByTestId('order-final-amount')).toHaveTextContent('€360.00');
    expect(screen.getByTestId('order-discount').parentElement).toHaveTextContent('Discount (SAVE20)−€60.00');
  });

  it('shows the tax collected: a row on top of the prices, or the VAT the amount includes', async () => {
    const base = order();
    const taxed = (pricesIncludeTax: boolean, total: number, finalAmount: number): Order => ({
      ...base,
      finalAmount,
      tax: { ...base.tax, total, pricesIncludeTax, collected: true, jurisdiction: 'US-CA', reason: '' },
    });
    const { unmount } = renderAccount('/account/orders', ordersApi([taxed(false, 30.45, 450.45)]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent
      .setup()
      .click(within(cards()[0] as HTMLElement).getByRole('button', { name: /^Detail of order/ }));
    expect(await screen.findByTestId('order-tax')).toHaveTextContent('$30.45');
    expect(screen.getByTestId('order-final-amount')).toHaveTextContent('$450.45');
    unmount();
    renderAccount('/account/orders', ordersApi([taxed(true, 70, 420)]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent
      .setup()
      .click(within(cards()[0] as HTMLElement).getByRole('button', { name: /^Detail of order/ }));
    expect(await screen.findByTestId('order-tax-included')).toHaveTextContent('$70.00');
    expect(screen.queryByTestId('order-tax')).toBeNull();
  });

  it('opens the detail straight from its address', async () => {
    const one = order({ state: 'cancelled' });
    renderAccount(`/account/orders?order=${one._id}`, (call) =>
      call.path === `/api/orders/${one._id}` ? { body: one } : undefined,
    );
    expect(await screen.findByRole('list', { name: 'Products in this order' })).toBeInTheDocument();
    const state = screen.getByText('State', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(state).toHaveTextContent(/^cancelled$/);
  });

  it('pays a pending order again: the payment page opens', async () => {
    const assign = mockLocationAssign();
    const pending = order({ state: 'pending' });
    const { calls } = renderAccount('/account/orders', (call) =>
      call.method === 'POST' && call.path === `/api/orders/${pending._id}/pay`
        ? { body: { url: 'http://localhost/test-gateway/test_stripe_1' } }
        : ordersApi([pending])(call),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/test-gateway/test_stripe_1'));
    expect(calls.some((call) => call.path === `/api/orders/${pending._id}/pay`)).toBe(true);
  });

  it("shows the spec's red alert when the payment page cannot be opened", async () => {
    const assign = mockLocationAssign();
    const pending = order({ state: 'pending' });
    renderAccount('/account/orders', (call) =>
      call.method === 'POST'
        ? { status: 409, body: errorBody('CONFLICT', 'This order is no longer pending') }
        : ordersApi([pending])(call),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('This order is no longer pending');
    expect(assign).not.toHaveBeenCalled();
  });

  it('cancels a pending order after asking, and shows it cancelled', async () => {
    let pending = order({ state: 'pending' });
    const { calls } = renderAccount('/account/orders', (call) => {
      if (call.method === 'PUT' && call.path === `/api/orders/${pending._id}`) {
        pending = { ...pending, state: 'cancelled' };
        return { body: pending };
      }
      return ordersApi([pending])(call);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: CANCEL_CONFIRM_TITLE })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    await waitFor(() => expect(cards()[0]).toHaveTextContent('State: cancelled'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ voucher: { state: 'cancelled' } });
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it("shows the spec's red alert in the dialog when the cancellation fails", async () => {
    const pending = order({ state: 'pending' });
    renderAccount('/account/orders', (call) =>
      call.method === 'PUT'
        ? { status: 409, body: errorBody('CONFLICT', 'This order was already paid') }
        : ordersApi([pending])(call),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('This order was already paid');
  });

  it("shows the spec's red alert when the orders cannot be loaded", async () => {
    renderAccount('/account/orders', (call) =>
      call.path === '/api/orders'
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Orders are down') }
        : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('Orders are down');
  });
});
