import type { TaxQuote } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TAX_ADDED_AT_CHECKOUT } from '../../components/tax-note';
import { rehydrateCart } from '../../lib/cart/cart-store';
import { rehydrateShipTo, SHIP_TO_STORAGE_KEY, useShipToStore } from '../../lib/ship-to';
import { type ShopTax, setShopTax } from '../../lib/shop-tax';
import {
  AJ1,
  type ApiCall,
  cartLines,
  checkAnswer,
  DUNK,
  dashboard,
  mockApi,
  renderPage,
  seedCart,
  sessionBody,
} from '../../test/checkout-test-utils';
import { CartPage } from './cart-page';

const EU_SHOP: ShopTax = { pricesIncludeTax: true, homeCountry: 'FR', homeRegion: '', collects: true };
const US_SHOP: ShopTax = { pricesIncludeTax: false, homeCountry: 'US', homeRegion: 'CA', collects: true };

/** The quote the shop would give: each line's tax at `rate` %, or nothing collected with `reason`. */
function quoteFor(call: ApiCall, shop: ShopTax, rate: number | null, reason?: string): TaxQuote {
  const { products } = call.body as { products: { id: string; size: string; count: number }[] };
  const lines = products.map((line) => {
    const gross0 = (line.id === AJ1 ? 120 : 100) * line.count;
    if (rate === null)
      return { productId: line.id, size: line.size, net: gross0, tax: 0, gross: gross0, rate };
    const tax = shop.pricesIncludeTax
      ? Math.round(((gross0 * rate) / (100 + rate)) * 100) / 100
      : Math.round(gross0 * rate) / 100;
    const gross = shop.pricesIncludeTax ? gross0 : gross0 + tax;
    return { productId: line.id, size: line.size, net: gross - tax, tax, gross, rate };
  });
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  return {
    lines,
    shipping: { net: 0, tax: 0, gross: 0, rate },
    tax,
    total: lines.reduce((sum, line) => sum + line.gross, 0),
    currency: 'USD',
    pricesIncludeTax: shop.pricesIncludeTax,
    collected: rate !== null,
    ...(reason ? { reason } : {}),
    source: 'table',
  };
}

/** The cart for a guest, or a signed-in buyer whose profile's country is `profileCountry`. */
function setup(shop: ShopTax, answer: (call: ApiCall) => TaxQuote, profileCountry?: string) {
  setShopTax(shop);
  seedCart(cartLines());
  const api = mockApi((call) => {
    if (call.path === '/api/auth/get-session') return { body: profileCountry ? sessionBody() : null };
    if (call.path.startsWith('/api/users/dashboard/'))
      return { body: [dashboard({ country: profileCountry ?? '', state: 'Madrid' })] };
    if (call.path === '/api/shipping-methods') return { body: { methods: [] } };
    if (call.method === 'POST' && call.path === '/api/cart/check')
      return { body: checkAnswer(call.body, {}, { [AJ1]: 120, [DUNK]: 100 }) };
    if (call.method === 'POST' && call.path === '/api/tax/quote') return { body: answer(call) };
    return undefined;
  });
  renderPage('/cart', <CartPage />, '/cart');
  return api;
}

const quoteCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/tax/quote');

beforeEach(() => {
  localStorage.clear();
  rehydrateCart();
  rehydrateShipTo();
});

afterEach(() => setShopTax(null));

describe('the cart’s tax', () => {
  it('asks the quote for the country chosen in the footer and says the VAT its prices include', async () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'DE');
    rehydrateShipTo();
    const { calls } = setup(EU_SHOP, (call) => quoteFor(call, EU_SHOP, 19));

    // 120 at 19 % included holds 19.16, 300 holds 47.90.
    expect(await screen.findByTestId('cart-tax-included')).toHaveTextContent('Includes $67.06 VAT (Germany)');
    expect(quoteCalls(calls).at(-1)?.body).toMatchObject({
      country: 'DE',
      products: [
        { id: AJ1, size: '9', count: 1 },
        { id: DUNK, size: '10', count: 3 },
      ],
    });
    // The price paid stays what the cart shows: no tax row, the total unchanged.
    expect(screen.queryByTestId('cart-tax')).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$420.00');
    expect(screen.getByTestId('tax-note')).toHaveTextContent(/^incl\. VAT$/);
  });

  it("prices for a signed-in buyer's profile country until another is chosen", async () => {
    const { calls } = setup(EU_SHOP, (call) => quoteFor(call, EU_SHOP, 21), 'Spain');
    expect(await screen.findByTestId('cart-tax-included')).toHaveTextContent('Includes $72.90 VAT (Spain)');
    expect(quoteCalls(calls).at(-1)?.body).toMatchObject({ country: 'ES' });
    expect(quoteCalls(calls).some((call) => (call.body as { country: string }).country === 'FR')).toBe(false);
  });

  it('asks again when another country is chosen', async () => {
    const { calls } = setup(EU_SHOP, (call) =>
      quoteFor(call, EU_SHOP, (call.body as { country: string }).country === 'FR' ? 20 : 21),
    );
    expect(await screen.findByTestId('cart-tax-included')).toHaveTextContent('Includes $70.00 VAT (France)');
    expect(quoteCalls(calls).at(-1)?.body).toMatchObject({ country: 'FR' });

    useShipToStore.getState().choose('ES');
    await waitFor(() =>
      expect(screen.getByTestId('cart-tax-included')).toHaveTextContent('Includes $72.90 VAT (Spain)'),
    );
    expect(quoteCalls(calls).at(-1)?.body).toMatchObject({ country: 'ES' });
  });

  it('adds the tax on top where prices exclude it, for the home state by default', async () => {
    const { calls } = setup(US_SHOP, (call) => quoteFor(call, US_SHOP, 7.25));
    expect(await screen.findByTestId('cart-tax')).toHaveTextContent('$30.45');
    expect(screen.getByText('Tax (United States)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$450.45');
    expect(quoteCalls(calls).at(-1)?.body).toMatchObject({ country: 'US', region: 'CA' });
    expect(screen.getByTestId('tax-note')).toHaveTextContent(`excl. tax · ${TAX_ADDED_AT_CHECKOUT}`);
  });

  it('says when nothing is collected at the destination', async () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'JP');
    rehydrateShipTo();
    setup(US_SHOP, (call) => quoteFor(call, US_SHOP, null, 'no tax collected: not registered in Japan'));
    expect(await screen.findByTestId('cart-tax-reason')).toHaveTextContent(
      'No tax collected: not registered in Japan',
    );
    expect(screen.queryByTestId('cart-tax')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$420.00'));
  });

  it('asks nothing for a US destination whose state is not known, and says tax is added at checkout', async () => {
    const { calls } = setup({ ...US_SHOP, homeRegion: '' }, (call) => quoteFor(call, US_SHOP, 7.25));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    // Longer than the quote's pause: it would have been asked by now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(quoteCalls(calls)).toEqual([]);
    expect(screen.queryByTestId('cart-tax')).toBeNull();
    expect(screen.getByTestId('tax-note')).toHaveTextContent(`excl. tax · ${TAX_ADDED_AT_CHECKOUT}`);
  });

  it('asks nothing of tax in a shop registered nowhere', async () => {
    const { calls } = setup({ ...US_SHOP, collects: false }, (call) => quoteFor(call, US_SHOP, 7.25));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled());
    // Longer than the quote's pause: it would have been asked by now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(quoteCalls(calls)).toEqual([]);
    expect(screen.queryByTestId('tax-note')).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$420.00');
  });
});
