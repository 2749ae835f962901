import { errorEnvelopeSchema } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from '../../db/schema';
import { quickAdmin, stockedProducts } from '../../test/buyers';
import { createDrop, inMinutes } from '../../test/drops';
import { createPromotion } from '../../test/promotions';
import { send } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every CSV export counts against its staff member's 10 exports a minute, at the limit's real size: the
 * orders, the products, the promotions and a drop's entries (which list e-mails). The 11th in a minute
 * answers 429 and exports (and audits) nothing.
 */

let testApp: TestApp;
const app = () => testApp.app;
let dropId = '';

beforeAll(async () => {
  testApp = await createTestApp();
  const staff = await quickAdmin(app());
  await createPromotion(app(), staff.cookie, { kind: 'percent', value: 10 });
  const [productId] = await stockedProducts(app(), ['Exported Drop Runner'], 3);
  const drop = await createDrop(app(), staff.cookie, {
    productId,
    mode: 'draw',
    releaseAt: inMinutes(90),
    entryClosesAt: inMinutes(60),
  });
  dropId = drop.id;
});

afterAll(async () => {
  await testApp?.close();
});

const exportsOf = (cookie: string) => ({
  orders: () => send(app(), 'GET', '/api/orders/export.csv', cookie),
  products: () => send(app(), 'GET', '/api/products/export.csv', cookie),
  promotions: () => send(app(), 'GET', '/api/promotions/export.csv', cookie),
  "a drop's entries": () =>
    app().inject({
      method: 'GET',
      url: `/api/drops/${dropId}/entries`,
      headers: { cookie, accept: 'text/csv' },
    }),
});

const auditedBy = async (actorId: string) =>
  (await app().db.select({ n: count() }).from(auditEvent).where(eq(auditEvent.actorId, actorId)))[0]?.n;

describe('CSV exports: the 11th in a minute answers 429', () => {
  it.each(['orders', 'products', 'promotions', "a drop's entries"] as const)('%s', async (what) => {
    const admin = await quickAdmin(app(), 'exporter');
    const download = exportsOf(admin.cookie)[what];
    for (let call = 1; call <= 10; call += 1) {
      const response = await download();
      expect(response.statusCode, `call ${call}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
    }
    const audited = await auditedBy(admin.id);
    const refused = await download();
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorEnvelopeSchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditedBy(admin.id)).toBe(audited);
    // The JSON list of a drop's entries is no export: it is not counted.
    const entries = await send(app(), 'GET', `/api/drops/${dropId}/entries`, admin.cookie);
    expect(entries.statusCode, entries.body).toBe(200);
  });

  it('counts the exports of every kind together, per staff member', async () => {
    const [admin, other] = [await quickAdmin(app(), 'mixed'), await quickAdmin(app(), 'other')];
    const downloads = Object.values(exportsOf(admin.cookie));
    for (let call = 0; call < 10; call += 1) {
      expect(
        (await (downloads[call % downloads.length] as () => Promise<{ statusCode: number }>)()).statusCode,
      ).toBe(200);
    }
    for (const download of downloads) expect((await download()).statusCode).toBe(429);
    expect((await exportsOf(other.cookie).promotions()).statusCode).toBe(200);
  });
});
