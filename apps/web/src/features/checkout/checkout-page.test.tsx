import {
  PROFILE_FORMAT_MESSAGES,
  PROFILE_REQUIRED_MESSAGES,
  type ShippingMethod,
  type UserDashboard,
} from '@shop/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import { saveAdmission } from '../../lib/drops/drop-admission';
import {
  AJ1,
  type ApiAnswer,
  type ApiCall,
  cartLines,
  checkAnswer,
  DUNK,
  dashboard,
  errorBody,
  mockApi,
  mockLocationAssign,
  ORDER_ID,
  renderPage,
  seedCart,
  sessionBody,
  UID,
} from '../../test/checkout-test-utils';
import { SAVED_MESSAGE } from './checkout-details';
import { CheckoutPage, NOT_YOUR_CHECKOUT } from './checkout-page';

interface Setup {
  profile?: Partial<UserDashboard>;
  /** The methods the server offers in a country (default: the fresh shop's free standard one). */
  shipping?: (country: string) => ShippingMethod[];
  entry?: string;
  check?: (call: ApiCall) => ApiAnswer;
  other?: (call: ApiCall) => ApiAnswer;
}

function setup({
  profile = {},
  entry = `/checkout/${UID}`,
  check,
  other,
  shipping = () => [STANDARD],
}: Setup = {}) {
  let stored = dashboard(profile);
  const api = mockApi((call) => {
    if (call.path === '/api/auth/get-session') return { body: sessionBody() };
    if (call.method === 'GET' && call.path === '/api/shipping-methods')
      return { body: { methods: shipping(call.search.get('country') ?? '') } };
    if (call.path === '/api/cart/check')
      return check ? check(call) : { body: checkAnswer(call.body, {}, PRICES) };
    if (call.method === 'GET' && call.path === `/api/users/dashboard/${UID}`) return { body: [stored] };
    const answer = other?.(call);
    if (answer) return answer;
    if (call.method === 'PUT' && call.path === `/api/users/update/${UID}`) {
      stored = { ...stored, ...(call.body as Partial<UserDashboard>) };
      return { body: [stored] };
    }
    if (call.method === 'POST' && call.path === '/api/checkouts')
      return { body: { url: 'http://localhost:3104/test-gateway/cs_test_1', orderId: ORDER_ID } };
    if (call.method === 'POST' && call.path === '/api/paypal/create-payment') {
      return {
        body: {
          orderId: ORDER_ID,
          links: [
            { href: 'https://paypal.test/self', rel: 'self', method: 'GET' },
            { href: 'http://localhost:3104/test-gateway/pp_1', rel: 'approve', method: 'GET' },
          ],
        },
      };
    }
    return undefined;
  });
  const assign = mockLocationAssign();
  const view = renderPage('/checkout/:id', <CheckoutPage />, entry, [
    { path: '/cart', element: <p>cart page</p> },
  ]);
  return { ...api, ...view, assign };
}

const PRICES = { [AJ1]: 120, [DUNK]: 100 };
const STANDARD: ShippingMethod = {
  id: '5a1e5a1e-5a1e-45a1-85a1-5a1e5a1e5a1e',
  name: 'Standard shipping',
  price: 0,
  freeAbove: null,
  estimateDays: [3, 5],
  countries: [],
  taxCategory: 'standard',
};
const EXPRESS: ShippingMethod = {
  id: '0e0e0e0e-0e0e-40e0-80e0-0e0e0e0e0e0e',
  name: 'Express',
  price: 15,
  freeAbove: 500,
  estimateDays: [1, 1],
  countries: ['US', 'CA'],
  taxCategory: 'standard',
};
const COURIER: ShippingMethod = {
  id: 'c0c0c0c0-c0c0-40c0-80c0-c0c0c0c0c0c0',
  name: 'Courier',
  price: 25,
  freeAbove: 400,
  estimateDays: null,
  countries: ['US'],
  taxCategory: 'standard',
};
const buy = () => screen.getByRole('button', { name: 'Buy' });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function ready() {
  await screen.findByLabelText('Phone');
  await screen.findByRole('list', { name: 'Products you are buying' });
}

// seedCart empties the stored cart first.
beforeEach(() => seedCart(cartLines()));
afterEach(() => {
  vi.useRealTimers();
});

describe('CheckoutPage', () => {
  it("tells someone else's checkout apart, with a link to their own", async () => {
    const { calls } = setup({ entry: '/checkout/someone-else' });
    expect(await screen.findByRole('heading', { name: NOT_YOUR_CHECKOUT })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your checkout' })).toHaveAttribute(
      'href',
      `/checkout/${UID}`,
    );
    expect(calls.some((call) => call.path.startsWith('/api/users/dashboard'))).toBe(false);
  });

  it('prefills the form from the dashboard with a read-only e-mail, and sums the order', async () => {
    setup();
    await ready();
    expect(field('E-mail')).toHaveValue('demo@shop.test');
    expect(field('E-mail')).toHaveAttribute('readonly');
    expect(field('Phone')).toHaveValue('5551234567');
    expect(field('Address')).toHaveValue('742 Evergreen Terrace');
    expect(field('City')).toHaveValue('Springfield');
    expect(field('State')).toHaveValue('Oregon');
    expect(field('Country')).toHaveValue('United States');
    const lines = screen.getByRole('list', { name: 'Products you are buying' });
    expect(within(lines).getByText('Size 9 · 1 × $120.00')).toBeInTheDocument();
    expect(within(lines).getByText('Size 10 · 3 × $100.00')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$420.00');
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(within(group).getByRole('radio', { name: 'Card (Stripe)' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
  });

  it('adds the tax the shop collects at the address as its own row, priced by the pricing function', async () => {
    const quote = (rate: number, included: boolean) => ({
      body: {
        lines: [
          { productId: AJ1, size: '9', net: 0, tax: 0, gross: 0, rate },
          { productId: DUNK, size: '10', net: 0, tax: 0, gross: 0, rate },
        ],
        shipping: { net: 0, tax: 0, gross: 0, rate: null },
        tax: 0,
        total: 0,
        currency: 'USD',
        pricesIncludeTax: included,
        collected: true,
      },
    });
    const { calls } = setup({
      other: (call) => (call.path === '/api/tax/quote' ? quote(7.25, false) : undefined),
    });
    await ready();
    // 7.25 % of $120.00 is $8.70, of $300.00 $21.75.
    expect(await screen.findByTestId('checkout-tax')).toHaveTextContent('$30.45');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$450.45');
    expect(calls.find((call) => call.path === '/api/tax/quote')?.body).toMatchObject({
      country: 'United States',
      region: 'OR',
      // The postal code, so a tax engine (Stripe Tax) can rate the address.
      postalCode: '97477',
    });
  });

  it('says how much VAT a total includes, the total unchanged', async () => {
    setup({
      other: (call) =>
        call.path === '/api/tax/quote'
          ? {
              body: {
                lines: [
                  { productId: AJ1, size: '9', net: 0, tax: 0, gross: 0, rate: 20 },
                  { productId: DUNK, size: '10', net: 0, tax: 0, gross: 0, rate: 20 },
                ],
                shipping: { net: 0, tax: 0, gross: 0, rate: 20 },
                tax: 0,
                total: 0,
                currency: 'EUR',
                pricesIncludeTax: true,
                collected: true,
              },
            }
          : undefined,
    });
    await ready();
    expect(await screen.findByTestId('checkout-tax-included')).toHaveTextContent('Includes $70.00 VAT');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$420.00');
    expect(screen.queryByTestId('checkout-tax')).toBeNull();
  });

  it("shows the spec's required messages", async () => {
    setup({ profile: { phone: '', address: '', city: '', state: '', country: '' } });
    await ready();
    const user = userEvent.setup();
    await user.type(field('City'), 'Springfield');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(PROFILE_REQUIRED_MESSAGES.phone)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_REQUIRED_MESSAGES.address)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_REQUIRED_MESSAGES.state)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_REQUIRED_MESSAGES.country)).toBeInTheDocument();
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('City'));
    await user.tab();
    expect(await screen.findByText(PROFILE_REQUIRED_MESSAGES.city)).toBeInTheDocument();
  });

  it("shows the shared schema's format message", async () => {
    setup();
    await ready();
    const user = userEvent.setup();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '12');
    await user.tab();
    expect(await screen.findByText(PROFILE_FORMAT_MESSAGES.phone)).toBeInTheDocument();
  });

  it("asks for the recipient's name and a postal code of the country", async () => {
    setup({ profile: { fullName: '', postalCode: '' } });
    await ready();
    const user = userEvent.setup();
    await user.type(field('City'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(PROFILE_REQUIRED_MESSAGES.fullName)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_REQUIRED_MESSAGES.postalCode)).toBeInTheDocument();
    await user.type(field('Postal code'), '1234');
    await user.tab();
    expect(
      await screen.findByText('Postal code must be a postal code such as 12345 or 12345-6789'),
    ).toBeInTheDocument();
    await user.clear(field('Postal code'));
    await user.type(field('Postal code'), '12345-6789');
    await user.tab();
    await waitFor(() => expect(field('Postal code')).not.toHaveAttribute('aria-invalid'));
  });

  it('enables Buy only with a provider chosen and every field filled', async () => {
    setup();
    await ready();
    const user = userEvent.setup();
    expect(buy()).toBeDisabled();
    expect(screen.getByText('Choose a payment method to continue.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(buy()).toBeEnabled();

    await user.clear(field('Country'));
    expect(buy()).toBeDisabled();
    expect(screen.getByText('Fill in all your details to continue.')).toBeInTheDocument();
    await user.type(field('Country'), 'Canada');
    await waitFor(() => expect(buy()).toBeEnabled());
  });

  it('saves the profile and shows the success message for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup();
    await ready();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(field('City'));
    await user.type(field('City'), 'Shelbyville');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/users/update/${UID}`);
    expect(put?.body).toEqual({ city: 'Shelbyville' });
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(5100);
    });
    expect(screen.queryByText(SAVED_MESSAGE)).toBeNull();
  });

  it('shows the server refusal of a field under that field', async () => {
    setup({
      other: (call) =>
        call.method === 'PUT'
          ? {
              status: 400,
              body: errorBody('VALIDATION_ERROR', 'Invalid body: address Necesita: …', {
                address: PROFILE_FORMAT_MESSAGES.address,
              }),
            }
          : undefined,
    });
    await ready();
    const user = userEvent.setup();
    await user.type(field('Address'), ' Apt 2');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(PROFILE_FORMAT_MESSAGES.address)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Some details were refused: check the marked fields.',
    );
  });

  it('pays with Stripe: POST /api/checkouts with the cart, the total and the user, then goes to url', async () => {
    const { calls, assign } = setup();
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3104/test-gateway/cs_test_1'));
    // The success page will empty exactly these lines, for this order only.
    expect(JSON.parse(localStorage.getItem('checkout-pending') ?? 'null')).toEqual({
      orderId: ORDER_ID,
      lines: useCartStore.getState().items.map((item) => item.idAux),
    });
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/checkouts');
    expect(post?.body).toEqual({
      products: useCartStore.getState().items,
      shippingMethodId: STANDARD.id,
      finalAmount: 420,
      user: { uid: UID, email: 'demo@shop.test', username: 'demo_user' },
      useCredit: false,
    });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(screen.getByRole('button', { name: 'Taking you to the payment page…' })).toBeDisabled();
  });

  it("sends a drop's admission from its waiting room when the cart holds that product", async () => {
    const { calls, assign } = setup();
    saveAdmission(AJ1, 'admission-token-1', new Date(Date.now() + 10 * 60_000).toISOString());
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/checkouts');
    expect(post?.body).toMatchObject({ admission: 'admission-token-1' });
  });

  it('offers the methods serving the country, cheapest checked, and adds the chosen one to the total', async () => {
    const { calls, assign } = setup({
      shipping: (country) => (country === 'United States' ? [STANDARD, EXPRESS, COURIER] : [STANDARD]),
    });
    await ready();
    const group = await screen.findByRole('group', { name: 'Shipping' });
    await within(group).findByRole('radio', { name: /Express/ });
    expect(calls.find((call) => call.path === '/api/shipping-methods')?.search.get('country')).toBe(
      'United States',
    );
    const standard = within(group).getByRole('radio', { name: /Standard shipping/ });
    expect(standard).toBeChecked();
    expect(standard).toHaveAccessibleName('Standard shipping Free');
    expect(standard).toHaveAccessibleDescription('3-5 business days');
    const express = within(group).getByRole('radio', { name: /Express/ });
    expect(express).toHaveAccessibleName('Express $15.00 · Free over $500.00');
    expect(express).toHaveAccessibleDescription('1 business day');
    // The lines ($420) reach the courier's free-above amount: it ships free.
    expect(within(group).getByRole('radio', { name: /Courier/ })).toHaveAccessibleName('Courier Free');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$420.00');

    const user = userEvent.setup();
    await user.click(express);
    expect(express).toBeChecked();
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$15.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$435.00');
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(buy());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const post = calls.find((call) => call.path === '/api/paypal/create-payment');
    expect(post?.body).toMatchObject({ shippingMethodId: EXPRESS.id, finalAmount: 435 });
  });

  it('asks again when the country changes, falling back to the cheapest there, and says when none ships', async () => {
    const { calls } = setup({
      shipping: (country) =>
        country === 'United States' ? [STANDARD, EXPRESS] : country === 'Canada' ? [EXPRESS] : [],
    });
    await ready();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Express/ }));
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.clear(field('Country'));
    await user.type(field('Country'), 'Canada');
    // One method still shows, checked, with its cost in the total.
    await waitFor(() => expect(screen.getAllByRole('radio', { name: /Express|Standard/ })).toHaveLength(1));
    expect(screen.getByRole('radio', { name: /Express/ })).toBeChecked();
    await waitFor(() => expect(buy()).toBeEnabled());
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$435.00');
    expect(
      calls.filter((call) => call.path === '/api/shipping-methods').map((call) => call.search.get('country')),
    ).toContain('Canada');

    await user.clear(field('Country'));
    await user.type(field('Country'), 'Narnia');
    expect(
      await screen.findByText('We do not ship to Narnia yet. Check the country in your details.'),
    ).toBeInTheDocument();
    expect(buy()).toBeDisabled();
    expect(
      screen.getByText('We do not ship to this country yet: check the country in your details.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$420.00');
  });

  it('shows a refused shipping method in the alert and asks for the methods again', async () => {
    const { calls } = setup({
      other: (call) =>
        call.method === 'POST' && call.path === '/api/checkouts'
          ? {
              status: 400,
              body: errorBody(
                'VALIDATION_ERROR',
                'Standard shipping is not offered any more; choose another shipping method',
                { shippingMethodId: 'is not offered any more (Standard shipping)' },
              ),
            }
          : undefined,
    });
    await ready();
    const user = userEvent.setup();
    await screen.findByRole('radio', { name: /Standard shipping/ });
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    const asked = calls.filter((call) => call.path === '/api/shipping-methods').length;
    await user.click(buy());
    expect(
      await screen.findByText('Standard shipping is not offered any more; choose another shipping method'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/shipping-methods').length).toBeGreaterThan(asked),
    );
  });

  it('pays with PayPal: goes to the approve link', async () => {
    const { calls, assign } = setup();
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(buy());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3104/test-gateway/pp_1'));
    expect(calls.some((call) => call.path === '/api/paypal/create-payment')).toBe(true);
  });

  it('saves unsaved profile changes before paying', async () => {
    const { calls, assign } = setup();
    await ready();
    const user = userEvent.setup();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+44 7700 900123');
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    // The cart check and the tax quote only read.
    const order = calls
      .filter(
        (call) => call.method !== 'GET' && call.path !== '/api/cart/check' && call.path !== '/api/tax/quote',
      )
      .map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual([`PUT /api/users/update/${UID}`, 'POST /api/checkouts']);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ phone: '+447700900123' });
  });

  it('leaves sold-out lines out of the summary and of the payment', async () => {
    const { calls, assign } = setup({
      check: (call) => ({ body: checkAnswer(call.body, { [`${DUNK}10`]: { units: 0 } }, PRICES) }),
    });
    await ready();
    const user = userEvent.setup();
    const lines = screen.getByRole('list', { name: 'Products you are buying' });
    await waitFor(() => expect(within(lines).queryByText(/Dunk Low Panda/)).toBeNull());
    expect(screen.getByText(/1 product in your cart is not available and is left out/)).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$120.00');

    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const body = calls.find((call) => call.path === '/api/checkouts')?.body as {
      products: { id: string }[];
      finalAmount: number;
    };
    expect(body.products.map((line) => line.id)).toEqual([AJ1]);
    expect(body.finalAmount).toBe(120);
  });

  it('shows an out-of-stock refusal in the red alert with a link back to the cart', async () => {
    const message = 'Dunk Low Panda in size 10 has only 1 left';
    const { assign } = setup({
      other: (call) =>
        call.path === '/api/checkouts'
          ? { status: 409, body: errorBody('OUT_OF_STOCK', message, { 'products.1': message }) }
          : undefined,
    });
    await ready();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Back to your cart' })).toHaveAttribute('href', '/cart');
    expect(assign).not.toHaveBeenCalled();
    expect(buy()).toBeEnabled();
  });

  it('uploads a new picture and saves its address with the profile', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    const { calls } = setup({
      other: (call) =>
        call.path === '/api/uploads/avatar' ? { body: { url: '/uploads/avatars/new.webp' } } : undefined,
    });
    await ready();
    const user = userEvent.setup();
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload a picture'), file);

    expect(await screen.findByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', 'blob:preview');
    const upload = calls.find((call) => call.path === '/api/uploads/avatar');
    expect(upload?.method).toBe('POST');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);

    await user.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ image: '/uploads/avatars/new.webp' });
  });
});

/** SAVE20: 20% off every line asked about. */
function promotionAnswer(call: ApiCall): ApiAnswer {
  if (call.path !== '/api/promotions/check') return undefined;
  const { products } = call.body as { products: { id: string; size: string; count: number }[] };
  const lines = products.map((line) => {
    const price = PRICES[line.id] ?? 100;
    return {
      ...line,
      price,
      eligible: true,
      discount: price * line.count * 0.2,
      total: price * line.count * 0.8,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.count, 0);
  return {
    body: {
      code: 'SAVE20',
      kind: 'percent',
      discount: subtotal * 0.2,
      freeShipping: false,
      lines,
      subtotal,
      total: subtotal * 0.8,
      summary: '20% off eligible pairs',
    },
  };
}

describe('CheckoutPage with a discount code and store credit', () => {
  beforeEach(() => {
    localStorage.setItem('carrito-code', 'SAVE20');
    rehydrateCart();
  });

  it('prices the code and the credit with the pricing function and sends both', async () => {
    const { calls, assign } = setup({ profile: { credit: 50 }, other: promotionAnswer });
    await ready();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('checkout-discount')).toHaveTextContent('−$84.00'));
    expect(screen.getByText('Discount (SAVE20)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('$420.00');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$336.00');
    expect(screen.queryByTestId('checkout-to-pay')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Use my store credit ($50.00 available)' }));
    expect(screen.getByTestId('checkout-credit')).toHaveTextContent('−$50.00');
    expect(screen.getByTestId('checkout-to-pay')).toHaveTextContent('$286.00');

    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/checkouts');
    expect(post?.body).toMatchObject({ code: 'SAVE20', useCredit: true, finalAmount: 336 });
  });

  it('offers no credit box without credit', async () => {
    setup({ other: promotionAnswer });
    await ready();
    await screen.findByTestId('checkout-discount');
    expect(screen.queryByRole('checkbox', { name: /store credit/ })).toBeNull();
  });

  it('places the order without a provider when credit pays everything, and follows the answer', async () => {
    const completed = `/order-completed?order=${ORDER_ID}`;
    const { calls, assign } = setup({
      profile: { credit: 500 },
      other: (call) =>
        call.path === '/api/checkouts'
          ? { body: { url: completed, orderId: ORDER_ID } }
          : promotionAnswer(call),
    });
    await ready();
    const user = userEvent.setup();
    await screen.findByTestId('checkout-discount');
    await user.click(screen.getByRole('checkbox', { name: 'Use my store credit ($500.00 available)' }));
    expect(screen.getByTestId('checkout-to-pay')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('radio', { name: 'Card (Stripe)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(completed));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/checkouts');
    expect(post?.body).toMatchObject({ code: 'SAVE20', useCredit: true });
  });

  it('shows a checkout refused for the code and lets the shopper remove it', async () => {
    setup({
      other: (call) =>
        call.path === '/api/checkouts'
          ? {
              status: 409,
              body: errorBody('PROMOTION_USED_UP', 'This code has been used up', { code: 'used up' }),
            }
          : promotionAnswer(call),
    });
    await ready();
    const user = userEvent.setup();
    await screen.findByTestId('checkout-discount');
    await user.click(screen.getByRole('radio', { name: 'Card (Stripe)' }));
    await user.click(buy());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This code has been used up');
    await user.click(within(alert).getByRole('button', { name: 'Remove the code' }));
    expect(screen.queryByTestId('checkout-discount')).toBeNull();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$420.00');
    expect(useCartStore.getState().code).toBeNull();
  });
});
