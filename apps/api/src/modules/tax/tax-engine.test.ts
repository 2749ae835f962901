import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Order, TaxQuote } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { orderItem, order as orderTable } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { type FakeStripeTax, startFakeStripeTax } from '../../test/fake-stripe-tax';
import { orderRow, send, stockOf, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { readProviderSettings } from '../payments';
import { taxEngine } from './tax-engine';

/**
 * Stripe Tax as the shop's tax engine (decision 34), against a local fake of its Calculations API: the
 * request the shop sends, an order priced with Stripe's rates, and the fallback to the rate table (or the
 * refusal) when Stripe fails, answers nothing in time, or answers something that is not rates.
 */
let fake: FakeStripeTax;
beforeAll(async () => {
  fake = await startFakeStripeTax();
});
afterAll(async () => {
  await fake.stop();
});

// Long enough for the cart's reads on a busy machine (the engine's wait includes them), short for a test.
const TIMEOUT_MS = 2_000;
const { app, staff } = testShop({
  staff: 'taxengine',
  config: () => ({
    tax: {
      provider: 'stripe',
      timeoutMs: TIMEOUT_MS,
      stripe: { secretKey: 'sk_test_fake', apiUrl: fake.url },
    },
  }),
});
let shoe = '';

async function staffPut(body: Record<string, unknown>) {
  const response = await send(app(), 'PUT', '/api/tax/settings', staff().cookie, body);
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  [shoe = ''] = await stockedProducts(app(), ['Engine Runner'], 50);
  await staffPut({ homeCountry: 'US', homeRegion: 'CA', pricesIncludeTax: false, taxShipping: false });
  const registered = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
    country: 'US',
    region: 'CA',
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

beforeEach(async () => {
  fake.mode = 'answer';
  fake.rates = ['6', '2.625'];
  fake.shippingRates = ['6'];
  await staffPut({ fallback: 'table', pricesIncludeTax: false, taxShipping: false });
});

async function buyerIn(state: string, postalCode: string) {
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    address: '1 Market Street',
    city: 'San Francisco',
    state,
    postalCode,
    country: 'US',
    phone: '+15550100',
    fullName: 'Tax Payer',
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return buyer;
}

/** Checks out two pairs (200.00 before tax); answers the response and, when placed, the order. */
async function buyTwo(cookie: string) {
  const started = await send(app(), 'POST', '/api/checkouts', cookie, {
    products: [{ id: shoe, size: '9', count: 2 }],
  });
  if (started.statusCode !== 200) return { started, order: undefined };
  const { orderId } = started.json<{ orderId: string }>();
  const order = (await send(app(), 'GET', `/api/orders/${orderId}`, cookie)).json<Order>();
  return { started, order };
}

async function frozenLine(orderId: string) {
  const [line] = await app().db.select().from(orderItem).where(eq(orderItem.orderId, orderId));
  return line;
}

describe('Stripe Tax rates a US order', () => {
  it('sends the cart at its amounts, exclusive, to the shipping address, and freezes the rates Stripe gives', async () => {
    const buyer = await buyerIn('California', '94105');
    const before = fake.asked.length;
    const { started, order } = await buyTwo(buyer.cookie);
    expect(started.statusCode, started.body).toBe(200);
    expect(fake.asked.length).toBe(before + 1);
    expect(fake.asked.at(-1)).toEqual({
      currency: 'usd',
      lineItems: [
        { amount: 20_000, reference: `${shoe}:9`, taxBehavior: 'exclusive', taxCode: 'txcd_99999999' },
      ],
      shippingCost: null,
      address: {
        country: 'US',
        state: 'CA',
        postal_code: '94105',
        city: 'San Francisco',
        line1: '1 Market Street',
      },
      addressSource: 'shipping',
      expand: ['line_items.data.tax_breakdown'],
      authorization: 'Bearer sk_test_fake',
    });
    // 6% state + 2.625% local = 8.625% of 200.00 = 17.25, on top.
    expect(order?.tax).toMatchObject({
      total: 17.25,
      jurisdiction: 'US-CA',
      collected: true,
      source: 'stripe',
      lines: [{ productId: shoe, size: '9', category: 'standard', rate: 8.625, base: 200, amount: 17.25 }],
    });
    expect(order?.finalAmount).toBe(217.25);
    const row = await orderRow(app(), order?._id ?? '');
    expect(row).toMatchObject({ taxSource: 'stripe', taxCents: 1_725, totalCents: 21_725 });
    expect(await frozenLine(order?._id ?? '')).toMatchObject({ taxRatePcm: 8_625, taxCents: 1_725 });
  });

  it('asks inclusive when prices include tax, and rates shipping when the shop taxes it', async () => {
    await staffPut({ pricesIncludeTax: true, taxShipping: true });
    const buyer = await buyerIn('CA', '94105');
    const { started, order } = await buyTwo(buyer.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const asked = fake.asked.at(-1);
    expect(asked?.lineItems).toEqual([
      { amount: 20_000, reference: `${shoe}:9`, taxBehavior: 'inclusive', taxCode: 'txcd_99999999' },
    ]);
    expect(asked?.shippingCost).toMatchObject({ taxBehavior: 'inclusive', taxCode: 'txcd_92010001' });
    expect(asked?.shippingCost?.amount).toBe(Math.round((order?.tax.shipping.base ?? 0) * 100));
    // 200.00 including 8.625%: net = 200 - round(200 x 0.08625 / 1.08625) = 184.12, tax 15.88.
    expect(order?.tax).toMatchObject({ total: 15.88 + (order?.tax.shipping.amount ?? 0), source: 'stripe' });
    expect(order?.tax.lines[0]).toMatchObject({ rate: 8.625, amount: 15.88 });
    expect(order?.tax.shipping.rate).toBe(6);
    expect(order?.finalAmount).toBe(200 + (order?.tax.shipping.base ?? 0));
  });

  it('is not asked where the shop collects nothing: the order says so, from the table', async () => {
    const buyer = await buyerIn('Oregon', '97201');
    const before = fake.asked.length;
    const { started, order } = await buyTwo(buyer.cookie);
    expect(started.statusCode, started.body).toBe(200);
    expect(fake.asked.length).toBe(before);
    expect(order?.tax).toMatchObject({ total: 0, collected: false, source: 'table' });
  });

  it('rates the quote too, and says who rated it', async () => {
    const quoted = await send(app(), 'POST', '/api/tax/quote', undefined, {
      country: 'US',
      region: 'CA',
      products: [{ id: shoe, size: '9', count: 2 }],
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<TaxQuote>()).toMatchObject({ tax: 17.25, total: 217.25, source: 'stripe' });
    expect(fake.asked.at(-1)?.address).toEqual({ country: 'US', state: 'CA' });
    const withZip = await send(app(), 'POST', '/api/tax/quote', undefined, {
      country: 'US',
      region: 'California',
      postalCode: ' 94105 ',
      products: [{ id: shoe, size: '9', count: 1 }],
    });
    expect(withZip.statusCode, withZip.body).toBe(200);
    expect(fake.asked.at(-1)?.address).toEqual({ country: 'US', state: 'CA', postal_code: '94105' });
    const badZip = await send(app(), 'POST', '/api/tax/quote', undefined, {
      country: 'US',
      postalCode: '<script>',
      products: [{ id: shoe, size: '9', count: 1 }],
    });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { postalCode: 'must be a postal code such as 94105' } },
    });
  });
});

describe('when Stripe Tax fails', () => {
  for (const [mode, what] of [
    ['fail', 'answers 500'],
    ['hang', 'answers nothing in time'],
    ['no-lines', 'answers without the lines'],
  ] as const) {
    it(`prices from the rate table and marks the tax 'fallback' when Stripe ${what}`, async () => {
      fake.mode = mode;
      const buyer = await buyerIn('California', '94105');
      const startedAt = Date.now();
      const { started, order } = await buyTwo(buyer.cookie);
      expect(started.statusCode, started.body).toBe(200);
      if (mode === 'hang') expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS + 2_500);
      // California's 7.25% from the table: 14.50 on 200.00.
      expect(order?.tax).toMatchObject({
        total: 14.5,
        source: 'fallback',
        lines: [{ rate: 7.25, amount: 14.5 }],
      });
      expect(await orderRow(app(), order?._id ?? '')).toMatchObject({
        taxSource: 'fallback',
        taxCents: 1_450,
      });
      expect(await frozenLine(order?._id ?? '')).toMatchObject({ taxRatePcm: 7_250 });
    });
  }

  it('shows the fallback on the quote', async () => {
    fake.mode = 'fail';
    const quoted = await send(app(), 'POST', '/api/tax/quote', undefined, {
      country: 'US',
      region: 'CA',
      products: [{ id: shoe, size: '9', count: 2 }],
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<TaxQuote>()).toMatchObject({ tax: 14.5, source: 'fallback' });
  });

  it("with fallback 'refuse', answers 503 TAX_UNAVAILABLE and stores and reserves nothing", async () => {
    await staffPut({ fallback: 'refuse' });
    fake.mode = 'fail';
    const buyer = await buyerIn('California', '94105');
    const stock = await stockOf(app(), shoe, 9);
    const { started } = await buyTwo(buyer.cookie);
    expect(started.statusCode, started.body).toBe(503);
    expect(started.json()).toEqual({
      error: {
        code: 'TAX_UNAVAILABLE',
        message: 'Tax cannot be worked out right now: try again in a minute',
      },
    });
    expect(await app().db.select().from(orderTable).where(eq(orderTable.userId, buyer.id))).toEqual([]);
    expect(await stockOf(app(), shoe, 9)).toEqual(stock);

    fake.mode = 'hang';
    const quoted = await send(app(), 'POST', '/api/tax/quote', undefined, {
      country: 'US',
      region: 'CA',
      products: [{ id: shoe, size: '9', count: 1 }],
    });
    expect(quoted.statusCode, quoted.body).toBe(503);
    expect(quoted.json<{ error: { code: string } }>().error.code).toBe('TAX_UNAVAILABLE');
  });
});

describe('the configured engine', () => {
  const env = (more: Record<string, string>) => ({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-tax-config-')),
    ...more,
  });

  it('is the rate table by default, Stripe Tax with TAX_PROVIDER=stripe and the Stripe key', () => {
    expect(loadConfig(readProviderSettings, env({})).tax).toEqual({
      provider: 'table',
      timeoutMs: 3000,
      stripe: null,
    });
    const config = loadConfig(
      readProviderSettings,
      env({ TAX_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_URL: 'http://127.0.0.1:9' }),
    );
    expect(config.tax).toEqual({
      provider: 'stripe',
      timeoutMs: 3000,
      stripe: { secretKey: 'sk_test_1', apiUrl: 'http://127.0.0.1:9' },
    });
    expect(taxEngine(config.tax, app().log).provider.id).toBe('stripe');
  });

  it('stops the start with an engine it does not know, or Stripe Tax without the key', () => {
    const log = app().log;
    expect(() => taxEngine({ provider: 'avalara', timeoutMs: 3000, stripe: null }, log)).toThrow(
      'TAX_PROVIDER: must be one of table, stripe',
    );
    expect(() => taxEngine({ provider: 'stripe', timeoutMs: 3000, stripe: null }, log)).toThrow(
      /TAX_PROVIDER: stripe needs its keys.*STRIPE_SECRET_KEY/,
    );
  });
});
