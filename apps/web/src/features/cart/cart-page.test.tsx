import { CART_STORAGE_KEY } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import {
  AJ1,
  type ApiHandler,
  cartLines,
  checkAnswer,
  DUNK,
  errorBody,
  mockApi,
  renderPage,
  seedCart,
  sessionBody,
  UID,
  VANS,
} from '../../test/checkout-test-utils';
import { CartPage, EMPTY_CART_TEXT } from './cart-page';

const line = (name: RegExp) => screen.getByRole('listitem', { name });
const total = () => screen.getByTestId('cart-total');

const STANDARD = {
  id: 's',
  name: 'Standard shipping',
  price: 0,
  freeAbove: null,
  estimateDays: null,
  countries: [],
};

function setup(
  check: ApiHandler,
  signedIn = true,
  methods: object[] = [STANDARD],
  promotion: ApiHandler = () => undefined,
) {
  const api = mockApi((call) => {
    if (call.method === 'POST' && call.path === '/api/promotions/check') return promotion(call);
    if (call.path === '/api/auth/get-session') return { body: signedIn ? sessionBody() : null };
    if (call.path === '/api/shipping-methods') return { body: { methods } };
    if (call.method === 'POST' && call.path === '/api/cart/check') return check(call);
    return undefined;
  });
  const view = renderPage('/cart', <CartPage />, '/cart', [
    { path: '/checkout/:id', element: <p>checkout page</p> },
    { path: '/register', element: <p>register page</p> },
    { path: '/home', element: <p>catalogue</p> },
  ]);
  return { ...view, ...api };
}

beforeEach(() => {
  localStorage.clear();
  rehydrateCart();
});

describe('CartPage', () => {
  it('shows the empty text with a link to /home and asks the server nothing', async () => {
    const { calls } = setup(() => undefined);
    expect(screen.getByText(EMPTY_CART_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/home');
    expect(calls.some((call) => call.path === '/api/cart/check')).toBe(false);
  });

  it('lists the lines, refreshes them with POST /api/cart/check and totals them', async () => {
    seedCart(cartLines());
    const { calls } = setup((call) => ({ body: checkAnswer(call.body, {}, { [AJ1]: 120, [DUNK]: 100 }) }));

    const aj1 = line(/Air Jordan 1 Mid XQ, size 9/);
    expect(within(aj1).getByText('Size 9 · $120.00 each')).toBeInTheDocument();
    expect(within(aj1).getByRole('link', { name: 'Air Jordan 1 Mid XQ' })).toHaveAttribute(
      'href',
      `/home/${AJ1}`,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    expect(total()).toHaveTextContent('$420.00');
    expect(within(line(/Dunk Low Panda, size 10/)).getByText('$300.00')).toBeInTheDocument();

    const check = calls.find((call) => call.path === '/api/cart/check');
    expect(check?.body).toEqual({
      products: [
        { id: AJ1, size: '9' },
        { id: DUNK, size: '10' },
      ],
    });
  });

  it('says shipping is free while every method offered is free (a fresh shop)', async () => {
    seedCart(cartLines());
    setup((call) => ({ body: checkAnswer(call.body, {}, { [AJ1]: 120, [DUNK]: 100 }) }));
    await waitFor(() => expect(screen.getByTestId('cart-shipping')).toHaveTextContent('Free'));
    expect(screen.getByText('Total')).toBeInTheDocument();
  });

  it('says shipping is priced at checkout once a method charges for it', async () => {
    seedCart(cartLines());
    const express = { ...STANDARD, id: 'e', name: 'Express', price: 15, countries: ['US'] };
    setup((call) => ({ body: checkAnswer(call.body, {}, { [AJ1]: 120, [DUNK]: 100 }) }), true, [
      STANDARD,
      express,
    ]);
    await waitFor(() => expect(screen.getByTestId('cart-shipping')).toHaveTextContent('At checkout'));
    expect(screen.getByText('Total before shipping')).toBeInTheDocument();
    await waitFor(() => expect(total()).toHaveTextContent('$420.00'));
  });

  it('keeps + and − between 1 and the stock the refresh reported', async () => {
    seedCart([{ id: AJ1, name: 'Air Jordan 1 Mid XQ', size: '9', price: 100, count: 1 }]);
    setup((call) => ({ body: checkAnswer(call.body, { [`${AJ1}9`]: { units: 2 } }) }));
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'One more Air Jordan 1 Mid XQ, size 9' });
    const fewer = screen.getByRole('button', { name: 'One fewer Air Jordan 1 Mid XQ, size 9' });

    // Until the stock is known, + waits.
    expect(more).toBeDisabled();
    await waitFor(() => expect(more).toBeEnabled());
    expect(fewer).toBeDisabled();

    await user.click(more);
    expect(useCartStore.getState().items[0]?.count).toBe(2);
    expect(total()).toHaveTextContent('$200.00');
    expect(more).toBeDisabled();
    expect(screen.getByText('Only 2 left in size 9')).toBeInTheDocument();

    await user.click(fewer);
    expect(useCartStore.getState().items[0]?.count).toBe(1);
    expect(fewer).toBeDisabled();
    expect(total()).toHaveTextContent('$100.00');
  });

  it('deletes a line and updates the total and the stored cart', async () => {
    seedCart(cartLines());
    setup((call) => ({ body: checkAnswer(call.body, {}, { [AJ1]: 120, [DUNK]: 100 }) }));
    const user = userEvent.setup();
    await waitFor(() => expect(total()).toHaveTextContent('$420.00'));

    await user.click(screen.getByRole('button', { name: 'Remove Dunk Low Panda, size 10 from the cart' }));
    expect(screen.queryByRole('listitem', { name: /Dunk Low Panda/ })).toBeNull();
    expect(total()).toHaveTextContent('$120.00');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Remove Air Jordan/ }));
    expect(screen.getByText(EMPTY_CART_TEXT)).toBeInTheDocument();
  });

  it('writes a changed price into the cart and says so on the line', async () => {
    seedCart(cartLines());
    setup((call) => ({ body: checkAnswer(call.body, {}, { [AJ1]: 110, [DUNK]: 100 }) }));

    expect(await screen.findByText('Price changed from $120.00 to $110.00')).toBeInTheDocument();
    const aj1 = line(/Air Jordan/);
    expect(within(aj1).getByText('Size 9 · $110.00 each')).toBeInTheDocument();
    expect(useCartStore.getState().items.find((item) => item.id === AJ1)?.price).toBe(110);
    expect(total()).toHaveTextContent('$410.00');
    expect(within(line(/Dunk/)).queryByText(/Price changed/)).toBeNull();
  });

  it('lowers a count above what is left, with a notice', async () => {
    seedCart(cartLines());
    setup((call) => ({ body: checkAnswer(call.body, { [`${DUNK}10`]: { units: 2 } }, { [AJ1]: 120 }) }));

    expect(
      await screen.findByText('Only 2 left in size 10: quantity lowered from 3 to 2'),
    ).toBeInTheDocument();
    expect(useCartStore.getState().items.find((item) => item.id === DUNK)?.count).toBe(2);
    expect(total()).toHaveTextContent('$320.00');
  });

  it("refuses a quantity above a drop's per-person limit, saying why", async () => {
    seedCart(cartLines());
    const reason = 'This release is limited to one pair per person';
    setup((call) => ({
      body: checkAnswer(call.body, { [`${DUNK}10`]: { limit: { pairs: 1, reason } } }, { [AJ1]: 120 }),
    }));

    expect(await screen.findByText(`${reason}: quantity lowered from 3 to 1`)).toBeInTheDocument();
    expect(useCartStore.getState().items.find((item) => item.id === DUNK)?.count).toBe(1);
    const dunk = line(/Dunk Low Panda/);
    expect(within(dunk).getByRole('button', { name: /One more Dunk Low Panda/ })).toBeDisabled();
    expect(within(dunk).getByText(reason)).toBeInTheDocument();
  });

  it('marks sold-out and unavailable lines and leaves them out of the total and of Buy', async () => {
    seedCart([...cartLines(), { id: VANS, name: 'Old Skool', size: '8', price: 60, count: 1 }]);
    const { client } = setup((call) => ({
      body: checkAnswer(
        call.body,
        {
          [`${DUNK}10`]: { available: false, units: 0 },
          [`${VANS}8`]: { available: false, price: null, units: 0 },
        },
        { [AJ1]: 120 },
      ),
    }));
    const user = userEvent.setup();

    const dunk = line(/Dunk Low Panda/);
    expect(await within(dunk).findByText('Sold out in size 10')).toBeInTheDocument();
    expect(dunk).toHaveClass('cart-line--excluded');
    expect(within(dunk).queryByRole('button', { name: /One more/ })).toBeNull();
    expect(within(line(/Old Skool/)).getByText('No longer available in size 8')).toBeInTheDocument();
    expect(screen.getByText('2 products are not available and are left out.')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$120.00');

    await waitFor(() => expect(client.getQueryState(['session'])?.status).toBe('success'));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
  });

  it('disables Buy when nothing can be bought', async () => {
    seedCart([{ id: DUNK, name: 'Dunk Low Panda', size: '10', price: 100, count: 1 }]);
    setup((call) => ({ body: checkAnswer(call.body, { [`${DUNK}10`]: { units: 0 } }) }));
    expect(await screen.findByText('Sold out in size 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    expect(screen.getByText('Nothing in your cart can be bought right now.')).toBeInTheDocument();
  });

  it('Buy goes to /checkout/{uid} when signed in', async () => {
    seedCart(cartLines());
    const { router, client } = setup((call) => ({ body: checkAnswer(call.body) }));
    const user = userEvent.setup();
    await waitFor(() => expect(client.getQueryState(['session'])?.status).toBe('success'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/checkout/${UID}`);
  });

  it('Buy goes to /register for a guest', async () => {
    seedCart(cartLines());
    const { router, client } = setup((call) => ({ body: checkAnswer(call.body) }), false);
    const user = userEvent.setup();
    await waitFor(() => expect(client.getQueryState(['session'])?.status).toBe('success'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('register page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows a red alert when the refresh fails, and tries again', async () => {
    seedCart(cartLines());
    let fail = true;
    const { calls } = setup((call) =>
      fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'The shop is having a moment') }
        : { body: checkAnswer(call.body) },
    );
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent('We could not refresh prices and stock: The shop is having a moment');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls.filter((call) => call.path === '/api/cart/check')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'One more Air Jordan 1 Mid XQ, size 9' })).toBeEnabled();
  });
});

type CheckLine = { id: string; size: string; count: number };
const PRICES: Record<string, number> = { [AJ1]: 120, [DUNK]: 100 };

/** 20% off every line the shop is asked about (the Dunk only when `onlyDunk`). */
function twentyOff(body: unknown, onlyDunk = false) {
  const { code, products } = body as { code: string; products: CheckLine[] };
  const lines = products.map((item) => {
    const price = PRICES[item.id] ?? 100;
    const eligible = !onlyDunk || item.id === DUNK;
    const discount = eligible ? price * item.count * 0.2 : 0;
    return { ...item, price, eligible, discount, total: price * item.count - discount };
  });
  const subtotal = lines.reduce((sum, item) => sum + item.price * item.count, 0);
  const discount = lines.reduce((sum, item) => sum + item.discount, 0);
  return {
    code: code.toUpperCase(),
    kind: 'percent',
    discount,
    freeShipping: false,
    lines,
    subtotal,
    total: subtotal - discount,
    summary: '20% off eligible pairs',
  };
}

describe('CartPage discount code', () => {
  const refresh: ApiHandler = (call) => ({ body: checkAnswer(call.body, {}, PRICES) });

  it('applies a code: the lines sent, the summary words, each line and the total discounted', async () => {
    seedCart(cartLines());
    const { calls } = setup(refresh, true, [STANDARD], (call) => ({ body: twentyOff(call.body, true) }));
    const user = userEvent.setup();
    await waitFor(() => expect(total()).toHaveTextContent('$420.00'));

    await user.type(screen.getByLabelText('Discount code'), 'save20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('20% off eligible pairs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove the code SAVE20' })).toHaveFocus();
    expect(calls.find((call) => call.path === '/api/promotions/check')?.body).toEqual({
      code: 'save20',
      products: [
        { id: AJ1, size: '9', count: 1 },
        { id: DUNK, size: '10', count: 3 },
      ],
    });
    expect(screen.getByTestId('cart-discount')).toHaveTextContent('−$60.00');
    expect(screen.getByText('Discount (SAVE20)')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$360.00');
    const dunk = within(line(/Dunk Low Panda/)).getByTestId(/line-total/);
    expect(dunk).toHaveTextContent('was $300.00, now $240.00');
    expect(within(dunk).getByText('$300.00', { exact: false }).tagName).toBe('S');
    expect(within(line(/Air Jordan/)).getByTestId(/line-total/)).toHaveTextContent(/^\$120\.00$/);
    expect(localStorage.getItem('carrito-code')).toBe('save20');
    expect(useCartStore.getState().code).toBe('save20');
  });

  it('shows a refusal under the field, in the shop words, and keeps no code', async () => {
    seedCart(cartLines());
    setup(refresh, true, [STANDARD], () => ({
      status: 422,
      body: errorBody('PROMOTION_EXPIRED', 'This code expired on 1 December 2026', { code: 'expired' }),
    }));
    const user = userEvent.setup();
    await waitFor(() => expect(total()).toHaveTextContent('$420.00'));

    await user.type(screen.getByLabelText('Discount code'), 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const field = await screen.findByLabelText('Discount code');
    await waitFor(() => expect(field).toHaveAccessibleDescription('This code expired on 1 December 2026'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('OLD10');
    expect(total()).toHaveTextContent('$420.00');
    expect(localStorage.getItem('carrito-code')).toBeNull();
  });

  it('removes an applied code', async () => {
    seedCart(cartLines());
    localStorage.setItem('carrito-code', 'SAVE20');
    rehydrateCart();
    setup(refresh, true, [STANDARD], (call) => ({ body: twentyOff(call.body) }));
    const user = userEvent.setup();
    await waitFor(() => expect(total()).toHaveTextContent('$336.00'));

    await user.click(screen.getByRole('button', { name: 'Remove the code SAVE20' }));
    expect(total()).toHaveTextContent('$420.00');
    expect(screen.queryByTestId('cart-discount')).toBeNull();
    expect(screen.getByLabelText('Discount code')).toHaveValue('');
    expect(screen.getByLabelText('Discount code')).toHaveFocus();
    expect(localStorage.getItem('carrito-code')).toBeNull();
  });

  it('checks the code again when the lines change and drops it, saying why, when it no longer applies', async () => {
    seedCart(cartLines());
    localStorage.setItem('carrito-code', 'BIG50');
    rehydrateCart();
    const { calls } = setup(refresh, true, [STANDARD], (call) => {
      const { products } = call.body as { products: CheckLine[] };
      if (products.length === 2) return { body: twentyOff(call.body) };
      return {
        status: 422,
        body: errorBody('PROMOTION_BELOW_MINIMUM', 'This code needs an order of $200.00 or more', {
          code: 'below minimum',
        }),
      };
    });
    const user = userEvent.setup();
    await waitFor(() => expect(total()).toHaveTextContent('$336.00'));

    await user.click(screen.getByRole('button', { name: 'Remove Dunk Low Panda, size 10 from the cart' }));
    expect(
      await screen.findByText('The code BIG50 was removed: This code needs an order of $200.00 or more'),
    ).toBeInTheDocument();
    expect(total()).toHaveTextContent('$120.00');
    expect(localStorage.getItem('carrito-code')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/promotions/check')).toHaveLength(2);
  });
});
