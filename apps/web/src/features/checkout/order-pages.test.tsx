import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../lib/cart/cart-store';
import {
  type ApiCall,
  type ApiHandler,
  cartLines,
  errorBody,
  mockApi,
  mockLocationAssign,
  ORDER_ID,
  order,
  renderPage,
  seedCart,
} from '../../test/checkout-test-utils';
import { rememberCheckout } from './checkout-pending';
import { CANCELED_TITLE, OrderCanceledPage } from './order-canceled-page';
import { OrderCompletedPage, POLL_INTERVAL_MS, SUCCESS_TEXT, SUCCESS_TITLE } from './order-completed-page';
import { TEST_CARD_NUMBER, TEST_MODE_TEXT, TestGatewayPage } from './test-gateway-page';

const completed = (query: string, handler: ApiHandler) => {
  const api = mockApi(handler);
  renderPage('/order-completed', <OrderCompletedPage />, `/order-completed?${query}`);
  return api;
};
const canceled = (query: string, handler: ApiHandler) => {
  const api = mockApi(handler);
  const view = renderPage('/order-canceled', <OrderCanceledPage />, `/order-canceled?${query}`, [
    { path: '/order-completed', element: <p>completed page</p> },
  ]);
  return { ...api, ...view };
};
const isOrderPut = (call: ApiCall) => call.method === 'PUT' && call.path === `/api/orders/${ORDER_ID}`;

// seedCart empties the stored cart first.
beforeEach(() => seedCart(cartLines()));
afterEach(() => {
  vi.useRealTimers();
});

describe('OrderCompletedPage', () => {
  // This browser sent the cart to the payment page for ORDER_ID.
  beforeEach(() => {
    rememberCheckout(
      ORDER_ID,
      useCartStore.getState().items.map((item) => item.idAux),
    );
  });

  it("leaves today's cart alone when an old link is opened", async () => {
    localStorage.removeItem('checkout-pending');
    completed(`provider=stripe&order=${ORDER_ID}`, (call) =>
      isOrderPut(call) ? { body: order() } : undefined,
    );
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('empties only the lines bought with this order, and forgets the order so a second visit empties nothing', async () => {
    useCartStore
      .getState()
      .add({ id: 'new-line', name: 'Added later', description: '', img: '', size: '8', price: 50, count: 1 });
    completed(`provider=stripe&order=${ORDER_ID}`, (call) =>
      isOrderPut(call) ? { body: order() } : undefined,
    );
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(useCartStore.getState().items.map((item) => item.name)).toEqual(['Added later']);
    expect(localStorage.getItem('checkout-pending')).toBeNull();
  });

  it('approves a Stripe order, shows it and clears the cart', async () => {
    const { calls } = completed(`provider=stripe&order=${ORDER_ID}&session_id=cs_test_1`, (call) =>
      isOrderPut(call) ? { body: order() } : undefined,
    );
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(screen.getByText(SUCCESS_TEXT)).toBeInTheDocument();
    expect(screen.getByText('#1001')).toBeInTheDocument();
    expect(screen.getByText('2024-05-17')).toBeInTheDocument();
    const lines = screen.getByRole('list', { name: 'Products in this order' });
    expect(within(lines).getByText('Size 10 · 3 × $100.00')).toBeInTheDocument();
    expect(within(lines).getByText('$300.00')).toBeInTheDocument();
    expect(screen.getByTestId('order-final-amount')).toHaveTextContent('$420.00');

    expect(calls.find(isOrderPut)?.body).toEqual({ voucher: { state: 'aprobed' } });
    expect(useCartStore.getState().items).toEqual([]);
    expect(localStorage.getItem('carrito')).toBe('[]');
  });

  it('executes a PayPal payment with the query string', async () => {
    const { calls } = completed(`provider=paypal&order=${ORDER_ID}&token=PP-123&PayerID=PAYER9`, (call) =>
      call.path === '/api/paypal/execute-payment' ? { body: order({ provider: 'paypal' }) } : undefined,
    );
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    const execute = calls.find((call) => call.path === '/api/paypal/execute-payment');
    expect(execute?.method).toBe('GET');
    expect(Object.fromEntries(execute?.search ?? [])).toEqual({
      token: 'PP-123',
      PayerID: 'PAYER9',
      order: ORDER_ID,
    });
    expect(screen.getByText('PayPal')).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('confirms with the shop an order paid whole with store credit, which comes back without a PayPal token', async () => {
    const { calls } = completed(`provider=paypal&order=${ORDER_ID}`, (call) =>
      isOrderPut(call) ? { body: order({ provider: 'paypal', creditUsed: 420 }) } : undefined,
    );
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(calls.find(isOrderPut)?.body).toEqual({ voucher: { state: 'aprobed' } });
    expect(calls.some((call) => call.path === '/api/paypal/execute-payment')).toBe(false);
  });

  it('polls a pending order every 2 s and clears the cart once it is approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const { calls } = completed(`provider=stripe&order=${ORDER_ID}`, (call) => {
      if (isOrderPut(call)) return { body: order({ state: 'pending' }) };
      if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}`) {
        reads += 1;
        return { body: order({ state: reads >= 2 ? 'aprobed' : 'pending' }) };
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
    const gets = () => calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/orders/'));
    expect(gets()).toHaveLength(0);

    await act(async () => {
      vi.advanceTimersByTime(POLL_INTERVAL_MS + 50);
    });
    await waitFor(() => expect(gets()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);

    await act(async () => {
      vi.advanceTimersByTime(POLL_INTERVAL_MS + 50);
    });
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('stops polling after about 30 s and says the payment is still being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = completed(`provider=stripe&order=${ORDER_ID}`, (call) =>
      isOrderPut(call) || call.path === `/api/orders/${ORDER_ID}`
        ? { body: order({ state: 'pending' }) }
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Confirming your payment' });
    for (let i = 0; i < 16; i++) {
      await act(async () => {
        vi.advanceTimersByTime(POLL_INTERVAL_MS);
      });
    }
    expect(await screen.findByRole('heading', { name: 'Still confirming your payment' })).toBeInTheDocument();
    const count = calls.length;
    await act(async () => {
      vi.advanceTimersByTime(POLL_INTERVAL_MS * 3);
    });
    expect(calls.length).toBe(count);
    expect(
      calls.filter((call) => call.path === `/api/orders/${ORDER_ID}` && call.method === 'GET').length,
    ).toBeLessThanOrEqual(15);
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('says a cancelled order was cancelled and keeps the cart', async () => {
    completed(`provider=stripe&order=${ORDER_ID}`, (call) =>
      isOrderPut(call) ? { body: order({ state: 'cancelled' }) } : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('explains a link without its order, with a link to /home', () => {
    const { calls } = completed('provider=stripe', () => undefined);
    expect(screen.getByRole('heading', { name: 'We could not read this link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/home');
    expect(calls).toHaveLength(0);
  });

  it('shows a refusal in the red alert', async () => {
    completed(`provider=stripe&order=${ORDER_ID}`, (call) =>
      isOrderPut(call)
        ? { status: 403, body: errorBody('FORBIDDEN', 'This order belongs to someone else') }
        : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent('This order belongs to someone else');
    expect(useCartStore.getState().items).toHaveLength(2);
  });
});

describe('OrderCanceledPage', () => {
  it('cancels the order and keeps the cart', async () => {
    const { calls } = canceled(`provider=stripe&order=${ORDER_ID}`, (call) =>
      isOrderPut(call) ? { body: order({ state: 'cancelled' }) } : undefined,
    );
    expect(await screen.findByRole('heading', { name: CANCELED_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/The items are back in stock and your cart is kept/)).toBeInTheDocument();
    expect(calls.find(isOrderPut)?.body).toEqual({ voucher: { state: 'cancelled' } });
    expect(screen.getByRole('link', { name: 'Back to your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Keep shopping' })).toHaveAttribute('href', '/home');
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('says so when the order was paid after all, linking to /order-completed with the same query', async () => {
    const query = `provider=paypal&order=${ORDER_ID}&token=PP-123`;
    canceled(query, (call) => (isOrderPut(call) ? { body: order({ provider: 'paypal' }) } : undefined));
    expect(await screen.findByRole('heading', { name: 'Your payment went through' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your confirmed order' })).toHaveAttribute(
      'href',
      `/order-completed?${query}`,
    );
  });

  it('explains a link without its order', () => {
    canceled('order=nope', () => undefined);
    expect(screen.getByRole('heading', { name: 'We could not read this link' })).toBeInTheDocument();
  });
});

describe('TestGatewayPage', () => {
  const payment = (provider: 'stripe' | 'paypal', status = 'open') => ({
    reference: 'ref_1',
    provider,
    status,
    amount: 435,
    currency: 'usd',
    email: 'demo@shop.test',
    lines: [
      { name: 'Air Jordan 1 Mid XQ', size: '9', count: 1, price: 120 },
      { name: 'Dunk Low Panda', size: '10', count: 3, price: 100 },
    ],
    shipping: { name: 'Express', price: 15 },
    discount: { code: null, amount: 0 },
    credit: 0,
    tax: { amount: 0, included: false },
  });
  const gateway = (handler: ApiHandler) => {
    const api = mockApi(handler);
    const assign = mockLocationAssign();
    renderPage('/test-gateway/:reference', <TestGatewayPage />, '/test-gateway/ref_1');
    return { ...api, assign };
  };

  it('shows a Stripe-like page in test mode and pays, then follows the redirect', async () => {
    const redirectUrl = `/order-completed?provider=stripe&order=${ORDER_ID}&session_id=ref_1`;
    const { calls, assign } = gateway((call) => {
      if (call.path === '/api/test-gateway/payments/ref_1') return { body: payment('stripe') };
      if (call.path === '/api/test-gateway/payments/ref_1/pay') return { body: { redirectUrl } };
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Pay with card' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(TEST_MODE_TEXT);
    expect(screen.getByLabelText('Card information')).toHaveValue(TEST_CARD_NUMBER);
    expect(screen.getByLabelText('Card information')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('demo@shop.test');
    expect(screen.getByText('Dunk Low Panda')).toBeInTheDocument();
    // The shipping is its own line of what is paid for.
    expect(screen.getByTestId('test-gateway-shipping')).toHaveTextContent('ShippingExpress$15.00');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $435.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
    expect(calls.find((call) => call.path.endsWith('/pay'))?.method).toBe('POST');
  });

  it('shows the discount with its code and the store credit as lines of what is paid for', async () => {
    gateway((call) =>
      call.path === '/api/test-gateway/payments/ref_1'
        ? {
            body: { ...payment('stripe'), amount: 301, discount: { code: 'SAVE20', amount: 84 }, credit: 50 },
          }
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Pay with card' })).toBeInTheDocument();
    expect(screen.getByTestId('test-gateway-discount')).toHaveTextContent('DiscountSAVE20−$84.00');
    expect(screen.getByTestId('test-gateway-credit')).toHaveTextContent('Store credit−$50.00');
    expect(screen.getByRole('button', { name: 'Pay $301.00' })).toBeInTheDocument();
  });

  it('shows tax added on top as its own line, and tax included in the prices as included', async () => {
    gateway((call) =>
      call.path === '/api/test-gateway/payments/ref_1'
        ? { body: { ...payment('stripe'), amount: 466.54, tax: { amount: 31.54, included: false } } }
        : undefined,
    );
    expect(await screen.findByTestId('test-gateway-tax')).toHaveTextContent('Tax+$31.54');
    cleanup();
    gateway((call) =>
      call.path === '/api/test-gateway/payments/ref_1'
        ? { body: { ...payment('stripe'), tax: { amount: 72.5, included: true } } }
        : undefined,
    );
    expect(await screen.findByTestId('test-gateway-tax')).toHaveTextContent('Tax included$72.50');
  });

  it('shows no discount or credit lines without them', async () => {
    gateway((call) =>
      call.path === '/api/test-gateway/payments/ref_1' ? { body: payment('paypal') } : undefined,
    );
    await screen.findByText('Dunk Low Panda');
    expect(screen.queryByTestId('test-gateway-discount')).toBeNull();
    expect(screen.queryByTestId('test-gateway-credit')).toBeNull();
    expect(screen.queryByTestId('test-gateway-tax')).toBeNull();
  });

  it('shows a PayPal-like page and cancels', async () => {
    const redirectUrl = `/order-canceled?provider=paypal&order=${ORDER_ID}&token=ref_1`;
    const { assign } = gateway((call) => {
      if (call.path === '/api/test-gateway/payments/ref_1') return { body: payment('paypal') };
      if (call.path === '/api/test-gateway/payments/ref_1/cancel') return { body: { redirectUrl } };
      return undefined;
    });
    expect(await screen.findByText('demo@shop.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $435.00' })).toHaveClass('tg-paypal__pay');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
  });

  it('says a payment that is no longer open is already paid, with Pay disabled', async () => {
    gateway((call) =>
      call.path === '/api/test-gateway/payments/ref_1' ? { body: payment('stripe', 'paid') } : undefined,
    );
    expect(await screen.findByText('This payment is already paid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $435.00' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('says when the payment does not exist', async () => {
    gateway(() => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment page does not exist.');
    expect(screen.getByRole('heading', { level: 1, name: 'Test payment' })).toBeInTheDocument();
  });
});
