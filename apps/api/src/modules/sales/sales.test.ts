import {
  LOW_STOCK_PAGE_SIZE,
  LOW_STOCK_UNITS,
  type LowStockPage,
  lowStockPageSchema,
  type ReturnReason,
  type ReturnState,
  type SalesReport,
  salesReportSchema,
} from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, order, orderReturn, product, returnLine } from '../../db/schema';
import { type Buyer, newProduct, quickAdmin, quickBuyers } from '../../test/buyers';
import { type PastLine, pastOrder } from '../../test/orders';
import { expectRefused, outsiders } from '../../test/outsiders';
import { send } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testShop } from '../../test/test-shop';
import { insertProducts } from '../catalog/catalog.repository';

const { app, staff: admin } = testShop({ staff: true });
let buyer: Buyer;
/** Products by letter: A, B and C sell; D runs low; E is archived and empty. */
const ids: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = { A: '', B: '', C: '', D: '', E: '' };

const DAY = 86_400_000;
/** Noon (UTC) `daysAgo` days before today; today's orders at one second past midnight, so never in the future. */
function placedAt(daysAgo: number): Date {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(daysAgo === 0 ? today + 1000 : today - daysAgo * DAY + DAY / 2);
}
const dayOf = (daysAgo: number) => placedAt(daysAgo).toISOString().slice(0, 10);

const line = (letter: 'A' | 'B' | 'C', count: number, unitPriceCents: number) => ({
  productId: ids[letter],
  name: `Sales ${letter}`,
  count,
  unitPriceCents,
});

/** D runs low in three sizes (not in 10); archived E is sold out. */
const STOCK: Record<string, Record<string, number>> = {
  D: { '9': 0, '9.5': LOW_STOCK_UNITS, '10': LOW_STOCK_UNITS + 1, '10.5': 1 },
  E: { '9': 0 },
};

beforeAll(async () => {
  [buyer] = (await quickBuyers(app(), 1, 'salesbuyer')) as [Buyer];
  const created = await insertProducts(
    app().db,
    (['A', 'B', 'C', 'D', 'E'] as const).map((letter) =>
      newProduct(
        {
          name: `Sales ${letter}`,
          brand: letter === 'B' ? 'adidas' : 'nike',
          price: 100,
          card_picture: `/uploads/${letter}/card.webp`,
          stock: STOCK[letter] ?? { '9': 50 },
        },
        { slug: `sales-${letter.toLowerCase()}` },
      ),
    ),
  );
  for (const letter of ['A', 'B', 'C', 'D', 'E'] as const)
    ids[letter] = created.get(`sales-${letter.toLowerCase()}`) ?? '';
  const archived = await send(app(), 'DELETE', `/api/products/${ids.E}`, admin().cookie);
  expect(archived.statusCode, archived.body).toBe(204);

  const order = (
    state: 'pending' | 'aprobed' | 'cancelled',
    daysAgo: number,
    lines: ReturnType<typeof line>[],
  ) => pastOrder(app(), { userId: buyer.id, state, createdAt: placedAt(daysAgo), lines });
  // Paid today: 2 A at 100.00 and 1 B at 50.00 (250.00); and 1 A at 100.00 (100.00).
  await order('aprobed', 0, [line('A', 2, 10_000), line('B', 1, 5_000)]);
  await order('aprobed', 0, [line('A', 1, 10_000)]);
  // Paid yesterday: 3 B at 49.99 (149.97).
  await order('aprobed', 1, [line('B', 3, 4_999)]);
  // Not paid: pending today, cancelled (or refunded) two days ago. They count nowhere.
  await order('pending', 0, [line('C', 9, 1_000)]);
  await order('cancelled', 2, [line('C', 9, 1_000)]);
  // The first day of the 30: 1 C at 0.01.
  await order('aprobed', 29, [line('C', 1, 1)]);
  // Only in the 90: the day before the 30 (4 C at 20.00) and 89 days ago (5 C at 10.00).
  await order('aprobed', 30, [line('C', 4, 2_000)]);
  await order('aprobed', 89, [line('C', 5, 1_000)]);
  // Before either period.
  await order('aprobed', 90, [line('A', 50, 10_000)]);
});

const sales = (query: string, ...as: [string?]) =>
  send(app(), 'GET', `/api/admin/sales${query}`, as.length > 0 ? as[0] : admin().cookie);

async function lowStock(query: string): Promise<LowStockPage> {
  const response = await sales(`/low-stock${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return lowStockPageSchema.parse(response.json());
}

async function report(query: string): Promise<SalesReport> {
  const response = await sales(query);
  expect(response.statusCode, response.body).toBe(200);
  return salesReportSchema.parse(response.json());
}

describe('GET /api/admin/sales', () => {
  it('sums the paid orders of the last 30 days (the default), day by day with every day present', async () => {
    const body = await report('');
    expect(body).toEqual(await report('?days=30'));
    expect(body.days).toBe(30);
    expect(body.from).toBe(dayOf(29));
    expect(body.to).toBe(dayOf(0));
    expect(body.perDay).toHaveLength(30);
    expect(body.perDay.map((day) => day.day)).toEqual(Array.from({ length: 30 }, (_, i) => dayOf(29 - i)));
    const byDay = Object.fromEntries(body.perDay.map((day) => [day.day, day]));
    expect(byDay[dayOf(0)]).toEqual({ day: dayOf(0), revenue: 350, orders: 2 });
    expect(byDay[dayOf(1)]).toEqual({ day: dayOf(1), revenue: 149.97, orders: 1 });
    expect(byDay[dayOf(2)]).toEqual({ day: dayOf(2), revenue: 0, orders: 0 });
    expect(byDay[dayOf(29)]).toEqual({ day: dayOf(29), revenue: 0.01, orders: 1 });
    expect(body.perDay.filter((day) => day.orders > 0)).toHaveLength(3);
    // 350 + 149.97 + 0.01 over 4 orders: 124.995 an order, to the cent.
    expect(body.totals).toEqual({
      revenue: 499.98,
      gross: 499.98,
      refunded: 0,
      shipping: 0,
      orders: 4,
      averageOrder: 125,
    });
  });

  it('ranks the best sellers of the period by pairs sold, with their revenue', async () => {
    const { topProducts } = await report('?days=30');
    // Named as the catalogue has them now, not as the order lines recorded them.
    const card = (letter: 'A' | 'B' | 'C') => ({
      _id: ids[letter],
      name: `Sales ${letter}`,
      brand: letter === 'B' ? 'adidas' : 'nike',
      card_picture: `/uploads/${letter}/card.webp`,
    });
    expect(topProducts).toEqual([
      { ...card('B'), units: 4, revenue: 199.97 },
      { ...card('A'), units: 3, revenue: 300 },
      { ...card('C'), units: 1, revenue: 0.01 },
    ]);
  });

  it('covers 90 days when asked, the older paid orders included', async () => {
    const body = await report('?days=90');
    expect(body.perDay).toHaveLength(90);
    expect(body.from).toBe(dayOf(89));
    expect(body.perDay[0]).toEqual({ day: dayOf(89), revenue: 50, orders: 1 });
    expect(body.totals).toEqual({
      revenue: 629.98,
      gross: 629.98,
      refunded: 0,
      shipping: 0,
      orders: 6,
      averageOrder: 105,
    });
    expect(body.topProducts.map((top) => [top._id, top.units, top.revenue])).toEqual([
      [ids.C, 10, 130.01],
      [ids.B, 4, 199.97],
      [ids.A, 3, 300],
    ]);
  });

  it('has no returns to show when none were opened', async () => {
    expect((await report('')).returns).toEqual({ returns: 0, units: 0, byReason: [], products: [] });
  });

  it('no longer carries the low-stock sizes, which do not depend on the period', async () => {
    expect(await report('')).not.toHaveProperty('lowStock');
  });
  it.each(['7', '0', 'abc', '', '30.5', '1e308', '-30'])('refuses ?days=%s naming days', async (days) => {
    const response = await sales(`?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { days: 'must be 30 or 90' },
    });
  });

  it('answers only an admin: a guest 401, anyone else 403, even with a bad query', async () => {
    for (const outsider of [...(await outsiders(app())), { name: 'other' as const, cookie: buyer.cookie }]) {
      expectRefused(outsider, await sales('?days=30', outsider.cookie));
      expectRefused(outsider, await sales('?days=7', outsider.cookie));
      expectRefused(outsider, await sales('/low-stock', outsider.cookie));
      expectRefused(outsider, await sales('/low-stock?page=0', outsider.cookie));
    }
  });

  it('records nothing in the audit trail', async () => {
    const [before] = await app().db.select({ n: count() }).from(auditEvent);
    await report('?days=90');
    await lowStock('');
    const [after] = await app().db.select({ n: count() }).from(auditEvent);
    expect(after?.n).toBe(before?.n);
  });
});

describe('GET /api/admin/sales, net of refunds and with the returns', () => {
  let shop: TestApp;
  let staff: Buyer;
  const product = { F: '', G: '', H: '' };

  /** A return opened today on an order, in a state, for `units` of a product, for a reason. */
  async function openReturn(
    orderId: string,
    userId: string,
    input: { reason: ReturnReason; state: ReturnState; productId: string; units: number },
  ) {
    const [row] = await shop.app.db
      .insert(orderReturn)
      .values({ orderId, userId, reason: input.reason, state: input.state })
      .returning({ id: orderReturn.id });
    await shop.app.db.insert(returnLine).values({
      returnId: row?.id ?? '',
      position: 0,
      productId: input.productId,
      name: 'Returned',
      size: 9,
      count: input.units,
      resolution: 'refund',
      reason: input.reason,
    });
  }

  beforeAll(async () => {
    shop = await createTestApp();
    staff = await quickAdmin(shop.app);
    const [someone] = (await quickBuyers(shop.app, 1, 'netbuyer')) as [Buyer];
    const created = await insertProducts(shop.app.db, [
      newProduct({ name: 'Net F', brand: 'nike', price: 100 }, { slug: 'net-f' }),
      newProduct({ name: 'Net G', brand: 'vans', price: 50 }, { slug: 'net-g' }),
      newProduct({ name: 'Net H', brand: 'converse', price: 80 }, { slug: 'net-h' }),
    ]);
    product.F = created.get('net-f') ?? '';
    product.G = created.get('net-g') ?? '';
    product.H = created.get('net-h') ?? '';
    const today = placedAt(0);
    const paid = (lines: PastLine[], extra: Partial<Parameters<typeof pastOrder>[1]> = {}) =>
      pastOrder(shop.app, { userId: someone.id, state: 'aprobed', createdAt: today, lines, ...extra });
    const lineOf = (id: string, count: number, unitPriceCents: number, discountCents = 0) => ({
      productId: id,
      name: 'Net',
      count,
      unitPriceCents,
      discountCents,
    });
    // 4 F at 100.00 with 10.00 shipping, of which 1 pair came back for a refund of 100.00.
    const first = await paid([lineOf(product.F, 4, 10_000)], {
      shipping: { name: 'Express', cents: 1_000 },
      refundedCents: 10_000,
    });
    // 2 G at 50.00, free shipping, nothing refunded.
    const second = await paid([lineOf(product.G, 2, 5_000)]);
    // 1 H at 80.00 with a code taking 20.00 off: 60.00 paid.
    await paid([lineOf(product.H, 1, 8_000, 2_000)]);
    // 1 F at 100.00 and 5.00 shipping, wholly refunded: cancelled, in the gross and the refunds, not the orders.
    await pastOrder(shop.app, {
      userId: someone.id,
      state: 'cancelled',
      createdAt: today,
      lines: [lineOf(product.F, 1, 10_000)],
      shipping: { name: 'Express', cents: 500 },
      refundedCents: 10_500,
      refundedAt: today,
    });
    // A size exchange's replacement: no sale, left out of every figure.
    const [replacement] = await shop.app.db
      .insert(order)
      .values({
        userId: someone.id,
        state: 'aprobed',
        provider: 'stripe',
        totalCents: 0,
        reservedUntil: today,
        paidAt: today,
        createdAt: today,
        replacementOf: first,
      })
      .returning({ id: order.id });
    expect(replacement).toBeDefined();
    await openReturn(first, someone.id, {
      reason: 'too_small',
      state: 'received',
      productId: product.F,
      units: 1,
    });
    await openReturn(first, someone.id, {
      reason: 'too_small',
      state: 'requested',
      productId: product.F,
      units: 2,
    });
    await openReturn(second, someone.id, {
      reason: 'damaged',
      state: 'approved',
      productId: product.G,
      units: 2,
    });
    // Rejected and cancelled returns do not count.
    await openReturn(second, someone.id, {
      reason: 'other',
      state: 'rejected',
      productId: product.G,
      units: 1,
    });
    await openReturn(first, someone.id, {
      reason: 'too_large',
      state: 'cancelled',
      productId: product.F,
      units: 1,
    });
  });

  afterAll(async () => {
    await shop?.close();
  });

  it('counts refunds against the revenue and shows shipping apart', async () => {
    const response = await send(shop.app, 'GET', '/api/admin/sales', staff.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = salesReportSchema.parse(response.json());
    // Gross 410.00 + 100.00 + 60.00 + 105.00; refunded 100.00 + 105.00; net 470.00 over the three orders
    // not wholly refunded.
    expect(body.totals).toEqual({
      revenue: 470,
      gross: 675,
      refunded: 205,
      shipping: 15,
      orders: 3,
      averageOrder: 156.67,
    });
    expect(body.perDay.at(-1)).toEqual({ day: dayOf(0), revenue: 470, orders: 3 });
  });

  it('ranks the top products net, as the cards count: after the code, without refunded pairs', async () => {
    const response = await send(shop.app, 'GET', '/api/admin/sales', staff.cookie);
    const body = salesReportSchema.parse(response.json());
    expect(body.topProducts.map((top) => [top.name, top.units, top.revenue])).toEqual([
      // 4 F at 100.00, one returned and refunded (the requested return refunded nothing yet); the wholly
      // refunded order counts nothing.
      ['Net F', 3, 300],
      ['Net G', 2, 100],
      // 80.00 less the code's 20.00.
      ['Net H', 1, 60],
    ]);
    // What the products took and the shipping kept add up to the revenue the cards show.
    const products = body.topProducts.reduce((sum, top) => sum + top.revenue, 0);
    expect(products + 10).toBe(body.totals.revenue);
  });

  it('shows the returns by reason and the return rate of the products most returned', async () => {
    const response = await send(shop.app, 'GET', '/api/admin/sales', staff.cookie);
    const { returns } = salesReportSchema.parse(response.json());
    expect(returns).toEqual({
      returns: 3,
      units: 5,
      byReason: [
        { reason: 'too_small', returns: 2, lines: 2, units: 3 },
        { reason: 'damaged', returns: 1, lines: 1, units: 2 },
      ],
      products: [
        // 3 of the 4 F still sold (the wholly refunded order is not a sale); 2 of the 2 G.
        { _id: product.F, name: 'Net F', brand: 'nike', returned: 3, sold: 4, rate: 0.75 },
        { _id: product.G, name: 'Net G', brand: 'vans', returned: 2, sold: 2, rate: 1 },
      ],
    });
  });
});

describe('GET /api/admin/sales/low-stock', () => {
  it('lists the sizes of products on sale running low, fewest first, with the threshold and the count; archived products are left out', async () => {
    expect(await lowStock('')).toEqual({
      threshold: LOW_STOCK_UNITS,
      total: 3,
      page: 1,
      pages: 1,
      sizes: [
        { _id: ids.D, name: 'Sales D', brand: 'nike', size: '9', units: 0 },
        { _id: ids.D, name: 'Sales D', brand: 'nike', size: '10.5', units: 1 },
        { _id: ids.D, name: 'Sales D', brand: 'nike', size: '9.5', units: LOW_STOCK_UNITS },
      ],
    });
  });

  it(`counts every low size and shows them all, ${LOW_STOCK_PAGE_SIZE} a page, none twice`, async () => {
    const many = await insertProducts(app().db, [
      newProduct(
        {
          name: 'Sales Many',
          brand: 'vans',
          price: 50,
          // 25 sizes, 4 to 16, each with 2 units: 28 low sizes in all with D's three.
          stock: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [String(4 + i / 2), 2])),
        },
        { slug: 'sales-many-sizes' },
      ),
    ]);
    try {
      const first = await lowStock('');
      expect(first).toMatchObject({ threshold: LOW_STOCK_UNITS, total: 28, page: 1, pages: 2 });
      expect(first.sizes).toHaveLength(LOW_STOCK_PAGE_SIZE);
      const second = await lowStock('?page=2');
      expect(second).toMatchObject({ total: 28, page: 2, pages: 2 });
      expect(second.sizes).toHaveLength(28 - LOW_STOCK_PAGE_SIZE);
      const all = [...first.sizes, ...second.sizes];
      expect(new Set(all.map((row) => `${row._id} ${row.size}`)).size).toBe(28);
      const units = all.map((row) => row.units);
      expect(units).toEqual([...units].sort((a, b) => a - b));
      expect(await lowStock('?page=3')).toMatchObject({ total: 28, page: 3, pages: 2, sizes: [] });
    } finally {
      await app()
        .db.delete(product)
        .where(eq(product.id, many.get('sales-many-sizes') ?? ''));
    }
    expect((await lowStock('')).total).toBe(3);
  });

  it.each(['0', '-1', 'abc', '1.5', '1e308'])('refuses ?page=%s naming page', async (page) => {
    const response = await sales(`/low-stock?page=${page}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { page: expect.any(String) },
    });
  });
});
