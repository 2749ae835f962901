import { errorEnvelopeSchema } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlert } from '../../db/schema';
import { type Buyer, quickAdmin, quickBuyers, stockedProducts } from '../../test/buyers';
import { pngPicture, uploadPicture } from '../../test/product-pictures';
import { send } from '../../test/shop';
import { storedKeys } from '../../test/stored-files';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The per-account limits of picture uploads, CSV exports and stock alerts, at a tenth of their size
 * (RATE_LIMIT_SCALE 0.1): 3 uploads, 1 export and 2 stock alerts a minute per account.
 */

let testApp: TestApp;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp({
    auth: { secret: 'test-secret-that-is-at-least-32-characters-long', google: null, rateLimitScale: 0.1 },
  });
});

afterAll(async () => {
  await testApp?.close();
});

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorEnvelopeSchema.parse(response.json()).error.code).toBe('RATE_LIMITED');
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('picture uploads: 30 a minute per account', () => {
  it('refuses the next picture with 429 and stores nothing; another admin still uploads', async () => {
    const [admin, other] = [await quickAdmin(app()), await quickAdmin(app())];
    const picture = await pngPicture(120, 90);
    for (let upload = 0; upload < 3; upload += 1) {
      expect((await uploadPicture(app(), admin.cookie, picture)).statusCode).toBe(200);
    }
    const stored = await storedKeys(app(), 'products');
    expectLimited(await uploadPicture(app(), admin.cookie, picture));
    expect(await storedKeys(app(), 'products')).toEqual(stored);

    expect((await uploadPicture(app(), other.cookie, picture)).statusCode).toBe(200);
    expect((await storedKeys(app(), 'products')).length).toBe(stored.length + 3);
  });
});

describe('CSV exports: 10 a minute per staff member, orders and products together', () => {
  it('refuses the next export with 429; another admin still exports', async () => {
    const [admin, other] = [await quickAdmin(app()), await quickAdmin(app())];
    const exportCsv = (what: 'orders' | 'products', cookie: string) =>
      send(app(), 'GET', `/api/${what}/export.csv`, cookie);
    // Asking what the download would be (HEAD) costs nothing.
    const head = await app().inject({
      method: 'HEAD',
      url: '/api/orders/export.csv',
      headers: { cookie: admin.cookie },
    });
    expect(head.statusCode).toBe(200);
    expect((await exportCsv('orders', admin.cookie)).statusCode).toBe(200);
    expectLimited(await exportCsv('products', admin.cookie));
    expectLimited(await exportCsv('orders', admin.cookie));
    expect((await exportCsv('products', other.cookie)).statusCode).toBe(200);
  });
});

describe('stock alerts: 20 a minute per shopper', () => {
  it('refuses the next alert with 429 and keeps none of it; another shopper still asks', async () => {
    const [shopper, other] = (await quickBuyers(app(), 2, 'alerter')) as [Buyer, Buyer];
    const soldOut = await stockedProducts(app(), ['Limit A', 'Limit B', 'Limit C', 'Limit D'], 0);
    const ask = (buyer: Buyer, productId = '') =>
      send(app(), 'POST', '/api/stock-alerts', buyer.cookie, { productId, size: '9' });
    const alertsOf = async (buyer: Buyer) =>
      (await app().db.select({ n: count() }).from(stockAlert).where(eq(stockAlert.userId, buyer.id)))[0]?.n;

    expect((await ask(shopper, soldOut[0])).statusCode).toBe(201);
    expect((await ask(shopper, soldOut[1])).statusCode).toBe(201);
    expectLimited(await ask(shopper, soldOut[2]));
    expect(await alertsOf(shopper)).toBe(2);

    expect((await ask(other, soldOut[3])).statusCode).toBe(201);
    expect(await alertsOf(other)).toBe(1);
  });
});
