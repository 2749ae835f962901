import type { ActivityList, TaxThresholds, TestPayment, UsThreshold } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taxNexusThreshold } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { euThreshold, usThreshold } from './tax-thresholds.service';

/** This year's sales against the EU's One-Stop-Shop threshold and the US states' economic nexus. */
const { app, staff } = testShop({ staff: 'taxthresholds' });
let shoe = '';

beforeAll(async () => {
  [shoe = ''] = await stockedProducts(app(), ['Threshold Runner'], 50);
});

async function staffPut(path: string, body: Record<string, unknown>) {
  const response = await send(app(), 'PUT', path, staff().cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A buyer living at `address` buys two pairs (2 x 100.00) and pays. */
async function paidOrderTo(address: Record<string, string>) {
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    address: '1 Market Street',
    phone: '+15550100',
    fullName: 'Tax Payer',
    ...address,
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [{ id: shoe, size: '9', count: 2 }],
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url } = started.json<{ url: string }>();
  const payment = (
    await send(app(), 'GET', `/api/test-gateway/payments/${url.split('/').pop()}`)
  ).json<TestPayment>();
  expect((await send(app(), 'POST', `/api/test-gateway/payments/${payment.reference}/pay`)).statusCode).toBe(
    200,
  );
}

async function thresholds(): Promise<TaxThresholds> {
  const response = await send(app(), 'GET', '/api/admin/tax/thresholds', staff().cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TaxThresholds>();
}

const stateOf = (answer: TaxThresholds, state: string) => answer.us.find((line) => line.state === state);

const row = (sales: number | null, transactions: number | null) => ({
  region: 'NY',
  salesThresholdCents: sales,
  transactionsThreshold: transactions,
  source: '',
  updatedAt: new Date(),
});

describe('threshold maths', () => {
  it('is near from 80 % of either threshold and crossed when either is reached', () => {
    expect(usThreshold(row(50_000_000, 100), 39_999_999, 10)).toMatchObject({ near: false, crossed: false });
    expect(usThreshold(row(50_000_000, 100), 40_000_000, 10)).toMatchObject({
      share: 0.8,
      near: true,
      crossed: false,
    });
    expect(usThreshold(row(50_000_000, 100), 100, 80)).toMatchObject({ near: true, crossed: false });
    expect(usThreshold(row(50_000_000, 100), 50_000_000, 0)).toMatchObject({ near: false, crossed: true });
    expect(usThreshold(row(50_000_000, 100), 0, 100)).toMatchObject({ share: 1, crossed: true });
    expect(usThreshold(row(null, null), 99_999_999, 9_999)).toMatchObject({
      share: 0,
      near: false,
      crossed: false,
      salesThreshold: null,
    });
  });

  it('converts EU sales at the euro rate, for a shop at home in the EU only', () => {
    const sales = [
      { country: 'DE', state: '', totalCents: 900_000, taxCents: 100_000, orders: 3 },
      { country: 'FR', state: '', totalCents: 5_000_000, taxCents: 0, orders: 9 },
      { country: 'US', state: 'CA', totalCents: 5_000_000, taxCents: 0, orders: 9 },
    ];
    // 8,000.00 net to Germany at 1.1 euros: EUR 8,800, 88 %.
    expect(euThreshold(sales, 'FR', 1_100_000)).toEqual({
      applies: true,
      sales: 8_800,
      threshold: 10_000,
      share: 0.88,
      near: true,
      crossed: false,
      eurRate: 1.1,
    });
    expect(euThreshold(sales, 'FR', 1_250_000)).toMatchObject({ sales: 10_000, near: true, crossed: false });
    expect(euThreshold(sales, 'FR', 1_250_001)).toMatchObject({ near: false, crossed: true });
    expect(euThreshold(sales, 'US', 2_000_000)).toMatchObject({
      applies: false,
      near: false,
      crossed: false,
    });
  });
});

describe('the thresholds', () => {
  it("come seeded for every state, with California's and New York's figures and their source", async () => {
    const answer = await thresholds();
    expect(answer.us).toHaveLength(51);
    expect(stateOf(answer, 'CA')).toMatchObject({
      name: 'California',
      salesThreshold: 500_000,
      transactionsThreshold: null,
      crossed: false,
    });
    expect(stateOf(answer, 'NY')).toMatchObject({ salesThreshold: 500_000, transactionsThreshold: 100 });
    expect(stateOf(answer, 'TX')).toMatchObject({ salesThreshold: 500_000 });
    expect(stateOf(answer, 'OR')).toMatchObject({ salesThreshold: null, transactionsThreshold: null });
    expect(stateOf(answer, 'CA')?.source).toMatch(/2026-12-02/);
  });

  it("sum this year's paid orders per state, and the EU's cross-border sales in euros", async () => {
    await staffPut('/api/tax/settings', {
      homeCountry: 'FR',
      pricesIncludeTax: true,
      oss: true,
      eurRate: 50,
    });
    await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'FR' });
    await paidOrderTo({ city: 'Berlin', state: 'Berlin', postalCode: '10115', country: 'Germany' });
    await paidOrderTo({ city: 'Paris', state: 'Paris', postalCode: '75001', country: 'France' });
    await paidOrderTo({ city: 'Fresno', state: 'California', postalCode: '93650', country: 'US' });
    const answer = await thresholds();
    // 200.00 to Germany including 19 %: 168.07 net, at 50 euros a unit EUR 8,403.50 (84 %), near.
    expect(answer.eu).toEqual({
      applies: true,
      sales: 8_403.5,
      threshold: 10_000,
      share: 0.84,
      near: true,
      crossed: false,
      eurRate: 50,
    });
    expect(stateOf(answer, 'CA')).toMatchObject({ sales: 200, transactions: 1, crossed: false, near: false });
    await staffPut('/api/tax/settings', { eurRate: 60 });
    expect((await thresholds()).eu).toMatchObject({ sales: 10_084.2, crossed: true, near: false });
  }, 120_000);

  it("are changed by staff per state, audited, and the state's line follows", async () => {
    const changed = await staffPut('/api/admin/tax/thresholds/California', {
      salesThreshold: 240,
      transactionsThreshold: null,
    });
    expect(changed.json<UsThreshold>()).toMatchObject({
      state: 'CA',
      sales: 200,
      salesThreshold: 240,
      transactionsThreshold: null,
      share: 0.833,
      near: true,
      crossed: false,
    });
    const [stored] = await app()
      .db.select()
      .from(taxNexusThreshold)
      .where(eq(taxNexusThreshold.region, 'CA'));
    expect(stored).toMatchObject({ salesThresholdCents: 24_000, transactionsThreshold: null });
    const crossed = await staffPut('/api/admin/tax/thresholds/CA', {
      salesThreshold: 500_000,
      transactionsThreshold: 1,
    });
    expect(crossed.json<UsThreshold>()).toMatchObject({ transactionsThreshold: 1, crossed: true });
    const activity = await send(
      app(),
      'GET',
      '/api/admin/activity?kind=tax.threshold-update',
      staff().cookie,
    );
    const events = activity.json<ActivityList>().events;
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      kind: 'tax.threshold-update',
      before: { state: 'CA', salesThreshold: 240, transactionsThreshold: null },
      after: { state: 'CA', salesThreshold: 500_000, transactionsThreshold: 1 },
    });
  });

  it('refuse an unknown state, bad figures and shoppers, and change nothing', async () => {
    const before = await app().db.select().from(taxNexusThreshold);
    for (const [path, body, field] of [
      ['Atlantis', { salesThreshold: 100_000, transactionsThreshold: null }, 'state'],
      ['TX', { salesThreshold: -5, transactionsThreshold: null }, 'salesThreshold'],
      ['TX', { salesThreshold: 100_000, transactionsThreshold: 2.5 }, 'transactionsThreshold'],
      ['TX', { salesThreshold: 100_000 }, 'transactionsThreshold'],
      ['TX', { salesThreshold: 1, transactionsThreshold: 1, extra: true }, 'extra'],
    ] as const) {
      const refused = await send(app(), 'PUT', `/api/admin/tax/thresholds/${path}`, staff().cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields)).toContain(field);
    }
    const buyer = await verifiedBuyer(app());
    const body = { salesThreshold: 1, transactionsThreshold: 1 };
    expect((await send(app(), 'PUT', '/api/admin/tax/thresholds/TX', buyer.cookie, body)).statusCode).toBe(
      403,
    );
    expect((await send(app(), 'GET', '/api/admin/tax/thresholds', buyer.cookie)).statusCode).toBe(403);
    expect((await send(app(), 'GET', '/api/admin/tax/thresholds')).statusCode).toBe(401);
    expect(await app().db.select().from(taxNexusThreshold)).toEqual(before);
  }, 120_000);
});
