import { CART_STORAGE_KEY, type CartItem, type CartRecovery, cartLineId } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import {
  AJ1,
  type ApiAnswer,
  checkAnswer,
  DUNK,
  errorBody,
  mockApi,
  renderPage,
  seedCart,
  sessionBody,
  VANS,
} from '../../test/checkout-test-utils';
import { Where } from '../../test/render-routes';
import { CartPage } from './cart-page';
import { CART_BACK_TEXT } from './cart-recovery-notice';

const TOKEN = 'v1.abc-123';
const GONE_ID = '55555555-5555-4555-8555-555555555555';

/** A line as the recovery answers it (cartItemSchema), at `price` each. */
function restored(id: string, name: string, size: string, count: number, price = 100): CartItem {
  return {
    id,
    name,
    description: `${name} description`,
    img: `/uploads/${id}.webp`,
    size,
    idAux: cartLineId(id, size),
    price,
    count,
    totalPrice: price * count,
  };
}

/** The cart page at `entry` with GET /api/cart/recover answered by `recover`. */
function setup(recover: () => ApiAnswer, entry = `/cart?recover=${encodeURIComponent(TOKEN)}`) {
  const api = mockApi((call) => {
    if (call.path === '/api/auth/get-session') return { body: sessionBody() };
    if (call.path === '/api/shipping-methods') return { body: { methods: [] } };
    if (call.method === 'POST' && call.path === '/api/cart/check') return { body: checkAnswer(call.body) };
    if (call.method === 'GET' && call.path === '/api/cart/recover') return recover();
    return undefined;
  });
  const view = renderPage('/cart', <CartPage />, entry, [
    { path: '/login', element: <Where name="login" /> },
    { path: '/home/:id', element: <Where name="product" /> },
  ]);
  const recoverCalls = () => api.calls.filter((call) => call.path === '/api/cart/recover');
  return { ...view, ...api, recoverCalls };
}

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as CartItem[];

beforeEach(() => {
  localStorage.clear();
  rehydrateCart();
});

describe('CartPage opened from a reminder (?recover=)', () => {
  it('merges the restored lines into the cart, drops the parameter and says which lines are gone', async () => {
    seedCart([
      { id: AJ1, name: 'Air Jordan 1 Mid XQ', size: '9', price: 120, count: 1 },
      { id: VANS, name: 'Old Skool', size: '8', price: 60, count: 1 },
    ]);
    const recovery: CartRecovery = {
      items: [restored(AJ1, 'Air Jordan 1 Mid XQ', '9', 2, 120), restored(DUNK, 'Dunk Low Panda', '10', 1)],
      gone: [
        { productId: GONE_ID, name: 'Air Max 90', size: '11', reason: 'sold-out' },
        { productId: VANS, name: 'Sk8-Hi', size: '7', reason: 'unavailable' },
      ],
    };
    const { router, recoverCalls } = setup(() => ({ body: recovery }));

    const box = (await screen.findByText(CART_BACK_TEXT)).closest('[role="status"]') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box).toHaveTextContent('Air Max 90, size 11, has sold out since.');
    expect(within(box).getByRole('link', { name: 'Tell me when it is back' })).toHaveAttribute(
      'href',
      `/home/${GONE_ID}`,
    );
    expect(box).toHaveTextContent('Sk8-Hi, size 7, is no longer sold.');
    expect(within(box).getAllByRole('link')).toHaveLength(1);

    expect(recoverCalls()).toHaveLength(1);
    expect(recoverCalls()[0]?.search.get('token')).toBe(TOKEN);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/cart');
    expect(router.state.historyAction).toBe('REPLACE');

    // The line already there takes the restored count; the new one is added; the cart's own stay.
    const lines = stored().map((line) => [line.id, line.size, line.count]);
    expect(lines).toEqual([
      [AJ1, '9', 2],
      [VANS, '8', 1],
      [DUNK, '10', 1],
    ]);
    expect(useCartStore.getState().items).toHaveLength(3);
    expect(screen.getByRole('listitem', { name: 'Dunk Low Panda, size 10' })).toBeInTheDocument();
    expect(recoverCalls()).toHaveLength(1);
  });

  it('says the cart is back on an empty cart whose every line has gone', async () => {
    setup(() => ({
      body: { items: [], gone: [{ productId: VANS, name: 'Old Skool', size: '8', reason: 'unavailable' }] },
    }));
    const notice = (await screen.findByText(CART_BACK_TEXT)).closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent('Old Skool, size 8, is no longer sold.');
    expect(within(notice).queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
  });

  it('sends a guest to sign in, coming back to the same link, and leaves the cart alone', async () => {
    seedCart([{ id: AJ1, name: 'Air Jordan 1 Mid XQ', size: '9', price: 120, count: 1 }]);
    const { router } = setup(() => ({
      status: 401,
      body: errorBody('UNAUTHORIZED', 'Sign in to continue'),
    }));
    expect(await screen.findByText(/^login at/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `/cart?recover=${encodeURIComponent(TOKEN)}`,
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(stored().map((line) => [line.id, line.count])).toEqual([[AJ1, 1]]);
  });

  it("shows another account's link as an alert and changes nothing in the cart", async () => {
    seedCart([{ id: AJ1, name: 'Air Jordan 1 Mid XQ', size: '9', price: 120, count: 1 }]);
    const { recoverCalls } = setup(() => ({
      status: 403,
      body: errorBody('FORBIDDEN', 'This link is for another account'),
    }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link is for another account');
    expect(screen.queryByText(CART_BACK_TEXT)).toBeNull();
    expect(stored().map((line) => [line.id, line.count])).toEqual([[AJ1, 1]]);
    expect(recoverCalls()).toHaveLength(1);
  });

  it('shows an expired link as an alert', async () => {
    setup(() => ({
      status: 400,
      body: errorBody('VALIDATION_ERROR', 'This link has expired', { token: 'has expired' }),
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(stored()).toEqual([]);
  });

  it('asks nothing without the parameter', async () => {
    seedCart([{ id: AJ1, name: 'Air Jordan 1 Mid XQ', size: '9', price: 120, count: 1 }]);
    const { recoverCalls, calls } = setup(() => undefined, '/cart');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/cart/check')).toBe(true));
    expect(recoverCalls()).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
