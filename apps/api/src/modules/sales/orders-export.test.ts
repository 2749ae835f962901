import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, order, orderItem, user } from '../../db/schema';
import { type Buyer, quickAdmin, quickBuyers, stockedProducts } from '../../test/buyers';
import { csvRecords, parseCsv } from '../../test/csv';
import { pastOrder } from '../../test/orders';
import { expectRefused, outsiders } from '../../test/outsiders';
import { send } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ORDER_EXPORT_HEADER } from './orders-export';

let testApp: TestApp;
const app = () => testApp.app;
let admin: Buyer;
let alice: Buyer;
let bob: Buyer;
let productId: string;
/** The orders of this file's first tests, oldest first. */
const placed: { id: string; state: string; userId: string; createdAt: Date }[] = [];

beforeAll(async () => {
  // One admin downloads more than the ten exports a minute the limit allows (per-account-limits.test.ts).
  testApp = await createTestApp({
    auth: { secret: 'test-secret-that-is-at-least-32-characters-long', google: null, rateLimitScale: 5 },
  });
  admin = await quickAdmin(app());
  [alice, bob] = (await quickBuyers(app(), 2, 'exporter')) as [Buyer, Buyer];
  // A username a spreadsheet would run as a formula, and an e-mail that starts like one.
  await app()
    .db.update(user)
    .set({ displayUsername: '=HYPERLINK("http://evil.test","click")', email: '-alice@example.com' })
    .where(eq(user.id, alice.id));
  [productId = ''] = await stockedProducts(app(), ['Export Runner'], 50);
  const orders = [
    { userId: alice.id, state: 'aprobed', at: '2026-01-05T10:00:00.000Z', provider: 'stripe' },
    { userId: bob.id, state: 'cancelled', at: '2026-01-06T23:59:59.999Z', provider: 'paypal' },
    { userId: alice.id, state: 'pending', at: '2026-01-07T00:00:00.000Z', provider: 'stripe' },
    { userId: bob.id, state: 'aprobed', at: '2026-01-09T08:30:00.000Z', provider: 'stripe' },
  ] as const;
  for (const [index, item] of orders.entries()) {
    const id = await pastOrder(app(), {
      userId: item.userId,
      state: item.state,
      provider: item.provider,
      createdAt: new Date(item.at),
      ...(index === 0 ? { shipping: { name: 'Express, tracked', cents: 1_500 } } : {}),
      lines:
        index === 0
          ? [
              { productId, name: 'Air "Max", 90\nLow', size: 9.5, count: 2, unitPriceCents: 12_999 },
              { productId, name: '@SUM(A1)', brand: '+brand', size: 10, count: 1, unitPriceCents: 5_000 },
            ]
          : [{ productId, name: 'Export Runner', count: 1, unitPriceCents: 10_000 + index }],
    });
    placed.push({ id, state: item.state, userId: item.userId, createdAt: new Date(item.at) });
  }
});

afterAll(async () => {
  await testApp?.close();
});

const exportCsv = (query = '', ...as: [string?]) =>
  send(app(), 'GET', `/api/orders/export.csv${query}`, as.length > 0 ? as[0] : admin.cookie);

describe('GET /api/orders/export.csv', () => {
  it('answers a CSV attachment: a header, then one row per order line, oldest first', async () => {
    const response = await exportCsv();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${today}.csv"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...ORDER_EXPORT_HEADER]);
    expect(response.body.startsWith(`${ORDER_EXPORT_HEADER.join(',')}\r\n`)).toBe(true);
    const records = csvRecords(response.body);
    expect(records.map((record) => record.order_id)).toEqual([
      placed[0]?.id,
      placed[0]?.id,
      placed[1]?.id,
      placed[2]?.id,
      placed[3]?.id,
    ]);
    expect(records[0]).toEqual({
      order_id: placed[0]?.id,
      order_number: expect.stringMatching(/^\d+$/),
      date: '2026-01-05T10:00:00.000Z',
      state: 'aprobed',
      provider: 'stripe',
      customer_username: `'=HYPERLINK("http://evil.test","click")`,
      customer_email: "'-alice@example.com",
      product_id: productId,
      product_name: 'Air "Max", 90\nLow',
      brand: 'nike',
      size: '9.5',
      count: '2',
      unit_price: '129.99',
      line_total: '259.98',
      order_total: '324.98',
      shipping_method: 'Express, tracked',
      shipping: '15.00',
      fulfilment: 'unfulfilled',
      shipped_at: '',
      carrier: '',
      tracking: '',
      line_discount: '0.00',
      discount_code: '',
      order_discount: '0.00',
      credit_used: '0.00',
      // Nothing collected: the shop is registered nowhere.
      line_tax_rate: '',
      line_tax: '0.00',
      order_tax: '0.00',
      prices_include_tax: 'no',
      tax_jurisdiction: '',
      currency: 'USD',
    });
    expect(records[1]).toMatchObject({
      product_name: "'@SUM(A1)",
      brand: "'+brand",
      size: '10',
      count: '1',
      unit_price: '50.00',
      line_total: '50.00',
      order_total: '324.98',
      shipping_method: 'Express, tracked',
      shipping: '15.00',
    });
    expect(records[2]).toMatchObject({
      state: 'cancelled',
      provider: 'paypal',
      unit_price: '100.01',
      order_total: '100.01',
      shipping_method: 'Standard shipping',
      shipping: '0.00',
    });
  });

  it('escapes what must be escaped and neutralises formulas in the raw text', async () => {
    const { body } = await exportCsv();
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(body).toContain('"Air ""Max"", 90\nLow"');
    expect(body).toContain(",'@SUM(A1),'+brand,");
    // Every record has the header's number of cells.
    for (const row of parseCsv(body)) expect(row).toHaveLength(ORDER_EXPORT_HEADER.length);
  });

  it("filters like the admin's list: state, dates (a day is the whole day, UTC) and one user", async () => {
    const idsOf = async (query: string) => {
      const response = await exportCsv(query);
      expect(response.statusCode, response.body).toBe(200);
      return [...new Set(csvRecords(response.body).map((record) => record.order_id))];
    };
    expect(await idsOf('?state=aprobed')).toEqual([placed[0]?.id, placed[3]?.id]);
    expect(await idsOf('?from=2026-01-06&to=2026-01-07')).toEqual([placed[1]?.id, placed[2]?.id]);
    expect(await idsOf('?from=2026-01-06T12:00:00Z&to=2026-01-07T00:00:00Z')).toEqual([placed[1]?.id]);
    expect(await idsOf(`?_id=${alice.id}`)).toEqual([placed[0]?.id, placed[2]?.id]);
    expect(await idsOf(`?_id=${bob.id}&state=aprobed&to=2026-01-31`)).toEqual([placed[3]?.id]);
  });

  it('answers the header alone when no order matches', async () => {
    const response = await exportCsv('?from=2030-01-01');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`${ORDER_EXPORT_HEADER.join(',')}\r\n`);
  });

  it.each([
    ['state=paid', 'state'],
    ['from=yesterday', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=0000-01-01', 'from'],
    ['from=0001-01-01T00:00:00%2B14:00', 'from'],
    ['to=9999-12-31', 'to'],
    ['_id=abc', '_id'],
  ])('refuses ?%s naming %s', async (query, field) => {
    const response = await exportCsv(`?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it('is the export, not an order: the static path wins over /api/orders/:id', async () => {
    const response = await exportCsv();
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    // As /api/orders/:id it would be a 400 (not an order id) for anyone.
    expect((await exportCsv('', undefined)).statusCode).toBe(401);
    expect((await exportCsv('', bob.cookie)).statusCode).toBe(403);
    const one = await send(app(), 'GET', `/api/orders/${placed[0]?.id}`, admin.cookie);
    expect(one.json()._id).toBe(placed[0]?.id);
  });

  it('answers only an admin: a guest 401, anyone else 403, even with a bad query', async () => {
    for (const outsider of [...(await outsiders(app())), { name: 'other' as const, cookie: alice.cookie }]) {
      expectRefused(outsider, await exportCsv('', outsider.cookie));
      expectRefused(outsider, await exportCsv('?state=paid', outsider.cookie));
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await app().inject({
      method: 'HEAD',
      url: '/api/orders/export.csv',
      headers: { cookie: admin.cookie },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.body).toBe('');
    const guest = await app().inject({ method: 'HEAD', url: '/api/orders/export.csv' });
    expect(guest.statusCode).toBe(401);
  });

  it('records nothing in the audit trail', async () => {
    const [before] = await app().db.select({ n: count() }).from(auditEvent);
    await exportCsv();
    const [after] = await app().db.select({ n: count() }).from(auditEvent);
    expect(after?.n).toBe(before?.n);
  });
});

describe('exporting many orders', () => {
  const MANY = 2_500;
  let buyer: Buyer;

  beforeAll(async () => {
    [buyer] = (await quickBuyers(app(), 1, 'bulk')) as [Buyer];
    // Seven orders a minute, in the same millisecond, apart only by microseconds (below): a cursor that
    // kept a JavaScript date would read some twice or skip them.
    const start = Date.UTC(2025, 5, 1);
    for (let offset = 0; offset < MANY; offset += 500) {
      const rows = await app()
        .db.insert(order)
        .values(
          Array.from({ length: Math.min(500, MANY - offset) }, (_, index) => {
            const at = new Date(start + Math.floor((offset + index) / 7) * 60_000);
            return {
              userId: buyer.id,
              state: 'aprobed' as const,
              provider: 'stripe',
              totalCents: 10_000,
              reservedUntil: at,
              createdAt: at,
              updatedAt: at,
            };
          }),
        )
        .returning({ id: order.id });
      await app()
        .db.insert(orderItem)
        .values(
          rows.map((row) => ({
            orderId: row.id,
            position: 0,
            productId,
            name: 'Bulk Runner',
            brand: 'nike',
            picture: '/uploads/x/card.webp',
            size: 9,
            count: 1,
            unitPriceCents: 10_000,
          })),
        );
    }
    await app().db.execute(
      sql`UPDATE ${order} SET created_at = created_at + (hashtext(id::text) & 999) * interval '1 microsecond' WHERE ${order.userId} = ${buyer.id}`,
    );
  });

  it('streams every order once, in more than one chunk, the first sent before the last is read', async () => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/orders/export.csv?_id=${buyer.id}`,
      headers: { cookie: admin.cookie },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const chunks: string[] = [];
    for await (const chunk of response.stream()) chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(1);
    // The first chunk is the header and the first batch of 1,000 orders, not the whole export.
    expect(parseCsv(chunks[0] ?? '')).toHaveLength(1 + 1_000);
    const records = csvRecords(chunks.join(''));
    expect(records).toHaveLength(MANY);
    expect(new Set(records.map((record) => record.order_id)).size).toBe(MANY);
    const dates = records.map((record) => record.date);
    expect(dates).toEqual([...dates].sort());
  });
});
