import type { Order, PromotionCheck, PromotionList, TestPayment } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, promotion, promotionUse } from '../../db/schema';
import { type Buyer, quickBuyers } from '../../test/buyers';
import { csvRecords, parseCsv } from '../../test/csv';
import { createDrop, inMinutes } from '../../test/drops';
import {
  cartOf,
  checkoutWith,
  codeFor,
  createPromotion,
  payOnTestPage,
  sneakerAt,
} from '../../test/promotions';
import { orderRow, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { seedPromotions, WELCOME_CODE } from './promotions.service';

const { app, staff } = testShop({ contended: 6, staff: true });

async function shopper(): Promise<Buyer> {
  const [buyer] = await quickBuyers(app(), 1, 'promo');
  if (!buyer) throw new Error('no buyer');
  return buyer;
}

const check = (code: string, products: object[], cookie?: string) =>
  send(app(), 'POST', '/api/promotions/check', cookie, { code, products });

async function refusedCheck(code: string, products: object[], cookie?: string) {
  const response = await check(code, products, cookie);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return {
    status: response.statusCode,
    error: response.json().error as { code: string; message: string; fields: Record<string, string> },
  };
}

const update = (id: string, body: object) =>
  send(app(), 'PUT', `/api/promotions/${id}`, staff().cookie, body);

describe('staff manage promotions', () => {
  it('creates a code with its terms, unique in any case, and records it in the audit trail', async () => {
    const product = await sneakerAt(app(), 80);
    const code = codeFor('Spring');
    const created = await createPromotion(app(), staff().cookie, {
      code,
      kind: 'percent',
      value: 20,
      minOrder: 50,
      totalUses: 10,
      usesPerCustomer: 1,
      eligible: { productIds: [product], brands: ['adidas'] },
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2099-01-01T00:00:00Z',
    });
    expect(created).toMatchObject({
      code,
      kind: 'percent',
      value: 20,
      minOrder: 50,
      totalUses: 10,
      usesPerCustomer: 1,
      eligible: { productIds: [product], brands: ['adidas'], categories: [] },
      appliesToDrops: false,
      status: 'active',
      state: 'active',
      uses: 0,
      discounted: 0,
      sales: 0,
    });
    const again = await send(app(), 'POST', '/api/promotions', staff().cookie, {
      code: code.toLowerCase(),
      kind: 'free_shipping',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ code: 'is already used by another promotion' });
    const [audit] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, created.id), eq(auditEvent.kind, 'promotion.create')));
    expect(audit?.after).toMatchObject({ code, kind: 'percent', value: 20 });
  });

  it('refuses a value that does not fit the kind, dates out of order and unknown products, naming the field', async () => {
    const cases: [object, string][] = [
      [{ kind: 'percent', value: 120 }, 'value'],
      [{ kind: 'percent', value: 12.5 }, 'value'],
      [{ kind: 'amount' }, 'value'],
      [{ kind: 'amount', value: 10.001 }, 'value'],
      [{ kind: 'free_shipping', value: 5 }, 'value'],
      [
        { kind: 'percent', value: 10, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
        'endsAt',
      ],
      [
        { kind: 'percent', value: 10, startsAt: '2020-01-01T00:00:00Z', endsAt: '2021-06-30T12:00:00Z' },
        'endsAt',
      ],
      [{ kind: 'percent', value: 10, totalUses: 0 }, 'totalUses'],
      [
        { kind: 'percent', value: 10, eligible: { productIds: ['00000000-0000-4000-8000-000000000000'] } },
        'eligible.productIds.0',
      ],
      [{ kind: 'percent', value: 10, code: 'no spaces allowed' }, 'code'],
    ];
    for (const [body, field] of cases) {
      const response = await send(app(), 'POST', '/api/promotions', staff().cookie, {
        code: codeFor(),
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await app().db.select().from(promotion).where(eq(promotion.percentOff, 120))).length).toBe(0);
  });

  it('pauses, resumes and archives a code; the list hides archived ones unless asked and filters by state and code', async () => {
    const product = await sneakerAt(app(), 100);
    const made = await createPromotion(app(), staff().cookie, {
      code: codeFor('PAUSE'),
      kind: 'amount',
      value: 10,
    });
    const paused = await update(made.id, { status: 'paused' });
    expect(paused.json()).toMatchObject({ status: 'paused', state: 'paused' });
    expect((await refusedCheck(made.code, cartOf([product, 1]))).error).toMatchObject({
      code: 'PROMOTION_INACTIVE',
      fields: { code: 'is not active' },
    });
    expect((await update(made.id, { status: 'active' })).json().state).toBe('active');
    expect((await check(made.code, cartOf([product, 1]))).statusCode).toBe(200);
    await update(made.id, { status: 'archived' });
    const list = async (query: string) =>
      (await send(app(), 'GET', `/api/promotions${query}`, staff().cookie))
        .json<PromotionList>()
        .promotions.map((p) => p.id);
    expect(await list('')).not.toContain(made.id);
    expect(await list('?state=archived')).toContain(made.id);
    expect(await list(`?state=archived&search=${made.code.slice(0, 6).toLowerCase()}`)).toContain(made.id);
    expect(await list('?state=active')).not.toContain(made.id);
    const scheduled = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 5,
      startsAt: inMinutes(60),
    });
    expect(scheduled.state).toBe('scheduled');
    expect(await list('?state=scheduled')).toContain(scheduled.id);
  });

  it('refuses a change that cannot be: a cap below the uses, a renamed code orders hold, a value the new kind refuses', async () => {
    const buyer = await shopper();
    const product = await sneakerAt(app(), 100);
    const made = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 10 });
    expect(
      (await checkoutWith(app(), buyer.cookie, cartOf([product, 1]), { code: made.code })).statusCode,
    ).toBe(200);
    const lower = await update(made.id, { totalUses: 1 });
    expect(lower.statusCode).toBe(200);
    const below = await send(app(), 'PUT', `/api/promotions/${made.id}`, staff().cookie, {
      totalUses: 1,
      code: codeFor(),
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.fields).toEqual({ code: 'cannot change once orders hold it' });
    expect((await update(made.id, { kind: 'amount' })).json().error.fields).toEqual({
      value: expect.stringMatching(/^is required: an amount with at most 2 decimals/),
    });
    expect((await update(made.id, { kind: 'amount', value: 15 })).json()).toMatchObject({
      kind: 'amount',
      value: 15,
    });
    // The kind named again without a value keeps the value it has.
    expect((await update(made.id, { kind: 'amount' })).json()).toMatchObject({ kind: 'amount', value: 15 });
    expect((await update('00000000-0000-4000-8000-000000000000', { status: 'paused' })).statusCode).toBe(404);
    const one = await send(app(), 'GET', `/api/promotions/${made.id}`, staff().cookie);
    expect(one.json()).toMatchObject({ id: made.id, kind: 'amount', value: 15, uses: 1 });
  });
});

describe('POST /api/promotions/check', () => {
  it('takes a percentage off the eligible lines only, line by line, in any case', async () => {
    const nike = await sneakerAt(app(), 120, { brand: 'nike' });
    const adidas = await sneakerAt(app(), 80, { brand: 'adidas' });
    const made = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 25,
      eligible: { brands: ['adidas'] },
    });
    const response = await check(made.code.toLowerCase(), cartOf([nike, 1], [adidas, 2]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PromotionCheck>()).toMatchObject({
      code: made.code,
      kind: 'percent',
      discount: 40,
      freeShipping: false,
      subtotal: 280,
      total: 240,
      summary: '25% off eligible pairs',
      lines: [
        { id: nike, count: 1, price: 120, eligible: false, discount: 0, total: 120 },
        { id: adidas, count: 2, price: 80, eligible: true, discount: 40, total: 120 },
      ],
    });
  });

  it('splits an amount over the lines and never takes more than they come to; free shipping takes nothing off the pairs', async () => {
    const a = await sneakerAt(app(), 10);
    const b = await sneakerAt(app(), 20);
    const amount = await createPromotion(app(), staff().cookie, { kind: 'amount', value: 100 });
    expect((await check(amount.code, cartOf([a, 1], [b, 1]))).json()).toMatchObject({
      discount: 30,
      total: 0,
      summary: '$100.00 off your order',
    });
    const ten = await createPromotion(app(), staff().cookie, { kind: 'amount', value: 10 });
    const lines = (await check(ten.code, cartOf([a, 1], [b, 1]))).json<PromotionCheck>().lines;
    expect(lines.map((line) => line.discount)).toEqual([3.33, 6.67]);
    const free = await createPromotion(app(), staff().cookie, { kind: 'free_shipping' });
    expect((await check(free.code, cartOf([a, 1]))).json()).toMatchObject({
      discount: 0,
      freeShipping: true,
      summary: 'Free shipping',
    });
  });

  it('explains every refusal in words with its code, and changes nothing', async () => {
    const buyer = await shopper();
    const nike = await sneakerAt(app(), 50, { brand: 'nike' });
    const cart = cartOf([nike, 1]);
    expect((await refusedCheck('NOSUCHCODE1', cart)).error).toMatchObject({
      code: 'PROMOTION_NOT_FOUND',
      fields: { code: 'is not a discount code' },
    });
    const later = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      startsAt: '2098-01-01T00:00:00Z',
    });
    const early = await refusedCheck(later.code, cart);
    expect(early).toMatchObject({ status: 422, error: { code: 'PROMOTION_NOT_STARTED' } });
    expect(early.error.message).toBe(`The code ${later.code} starts on 1 January 2098 at 00:00 UTC`);
    // A promotion cannot be made already ended: this one is ended afterwards, as staff end one early.
    const past = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      startsAt: '2020-01-01T00:00:00Z',
    });
    const ended = await send(app(), 'PUT', `/api/promotions/${past.id}`, staff().cookie, {
      endsAt: '2021-06-30T12:00:00Z',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await refusedCheck(past.code, cart)).error).toMatchObject({
      code: 'PROMOTION_EXPIRED',
      message: `The code ${past.code} expired on 30 June 2021 at 12:00 UTC`,
    });
    const minimum = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      minOrder: 75,
    });
    expect((await refusedCheck(minimum.code, cart)).error).toMatchObject({
      code: 'PROMOTION_BELOW_MINIMUM',
      message: `The code ${minimum.code} needs an order of at least $75.00; your pairs come to $50.00`,
    });
    const adidasOnly = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      eligible: { brands: ['adidas'] },
    });
    expect((await refusedCheck(adidasOnly.code, cart)).error).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      message: `Nothing in your cart is eligible for the code ${adidasOnly.code}`,
    });
    const once = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      usesPerCustomer: 1,
    });
    expect((await checkoutWith(app(), buyer.cookie, cart, { code: once.code })).statusCode).toBe(200);
    expect((await refusedCheck(once.code, cart, buyer.cookie)).error).toMatchObject({
      code: 'PROMOTION_ALREADY_USED',
      message: `You have already used the code ${once.code}`,
    });
    // A guest is not counted as anyone: the code still checks for them.
    expect((await check(once.code, cart)).statusCode).toBe(200);
    const single = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 10, totalUses: 1 });
    expect((await checkoutWith(app(), buyer.cookie, cart, { code: single.code })).statusCode).toBe(200);
    expect(await refusedCheck(single.code, cart)).toMatchObject({
      status: 409,
      error: { code: 'PROMOTION_USED_UP' },
    });
  });

  it('leaves a drop’s product out unless the code applies to drops', async () => {
    const dropped = await sneakerAt(app(), 90);
    await createDrop(app(), staff().cookie, { productId: dropped, mode: 'queue', releaseAt: inMinutes(60) });
    const plain = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 10 });
    expect((await refusedCheck(plain.code, cartOf([dropped, 1]))).error).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      message: `The code ${plain.code} does not apply to limited releases (drops)`,
    });
    const forDrops = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      appliesToDrops: true,
    });
    expect((await check(forDrops.code, cartOf([dropped, 1]))).json()).toMatchObject({ discount: 9 });
  });
});

describe('checkout with a code', () => {
  it('prices the order with the code from its own data, shows it on the payment page, and counts its use once paid', async () => {
    const buyer = await shopper();
    const a = await sneakerAt(app(), 100, { brand: 'vans' });
    const b = await sneakerAt(app(), 50, { brand: 'nike' });
    const made = await createPromotion(app(), staff().cookie, {
      kind: 'percent',
      value: 10,
      eligible: { brands: ['vans'] },
    });
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: cartOf([a, 2], [b, 1]),
      code: made.code.toLowerCase(),
      finalAmount: 1,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    expect(await orderRow(app(), orderId)).toMatchObject({
      totalCents: 23_000,
      discountCents: 2_000,
      promotionCode: made.code,
    });
    const page = await send(app(), 'GET', `/api/test-gateway/payments/${url.split('/').pop()}`);
    expect(page.json<TestPayment>()).toMatchObject({
      amount: 230,
      discount: { code: made.code, amount: 20 },
      credit: 0,
    });
    await payOnTestPage(app(), url);
    const order = (await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie)).json<Order>();
    expect(order).toMatchObject({
      state: 'aprobed',
      finalAmount: 230,
      code: made.code,
      discount: 20,
      creditUsed: 0,
    });
    expect(order.products.map((line) => line.discount)).toEqual([20, 0]);
    const listed = (
      await send(app(), 'GET', `/api/promotions?search=${made.code}`, staff().cookie)
    ).json<PromotionList>();
    expect(listed.promotions[0]).toMatchObject({ uses: 1, discounted: 20, sales: 230 });
    const invoice = await send(app(), 'GET', `/api/orders/${orderId}/invoice`, buyer.cookie);
    expect(invoice.body).toContain(`Discount (${made.code})</td><td class="num">&minus;$20.00`);
    const csv = await send(app(), 'GET', `/api/orders/export.csv?_id=${buyer.id}`, staff().cookie);
    const rows = csvRecords(csv.body).map((row) => [
      row.discount_code,
      row.line_discount,
      row.order_discount,
      row.order_total,
    ]);
    expect(rows).toEqual([
      [made.code, '20.00', '20.00', '230.00'],
      [made.code, '0.00', '20.00', '230.00'],
    ]);
  });

  it('refuses a checkout whose code does not apply, with the reason, and makes no order', async () => {
    const buyer = await shopper();
    const a = await sneakerAt(app(), 30);
    const minimum = await createPromotion(app(), staff().cookie, { kind: 'amount', value: 5, minOrder: 100 });
    const response = await checkoutWith(app(), buyer.cookie, cartOf([a, 1]), { code: minimum.code });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('PROMOTION_BELOW_MINIMUM');
    const orders = (await send(app(), 'GET', '/api/orders', buyer.cookie)).json<Order[]>();
    expect(orders).toEqual([]);
  });

  it('gives the use back when the order is cancelled before payment', async () => {
    const buyer = await shopper();
    const a = await sneakerAt(app(), 40);
    const single = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 50, totalUses: 1 });
    const started = await checkoutWith(app(), buyer.cookie, cartOf([a, 1]), { code: single.code });
    expect(started.statusCode).toBe(200);
    const { orderId } = started.json<{ orderId: string }>();
    expect((await app().db.select().from(promotion).where(eq(promotion.id, single.id)))[0]?.uses).toBe(1);
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await app().db.select().from(promotion).where(eq(promotion.id, single.id)))[0]?.uses).toBe(0);
    const [use] = await app().db.select().from(promotionUse).where(eq(promotionUse.orderId, orderId));
    expect(use?.releasedAt).not.toBeNull();
    // The use is free again: another buyer takes it.
    const other = await shopper();
    expect((await checkoutWith(app(), other.cookie, cartOf([a, 1]), { code: single.code })).statusCode).toBe(
      200,
    );
  });

  it('exports the promotions with their figures as CSV, audited', async () => {
    const made = await createPromotion(app(), staff().cookie, {
      code: codeFor('CSV'),
      kind: 'free_shipping',
    });
    const response = await send(
      app(),
      'GET',
      `/api/promotions/export.csv?search=${made.code}`,
      staff().cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, row] = parseCsv(response.body);
    expect(header).toEqual([
      'code',
      'kind',
      'value',
      'status',
      'state',
      'starts_at',
      'ends_at',
      'min_order',
      'total_uses',
      'uses_per_customer',
      'uses',
      'discounted',
      'sales',
      'created_at',
    ]);
    expect(row?.slice(0, 5)).toEqual([made.code, 'free_shipping', '', 'active', 'active']);
    const exports = await app().db.select().from(auditEvent).where(eq(auditEvent.kind, 'promotion.export'));
    expect(exports.length).toBeGreaterThan(0);
  });
});

it('seeds the welcome code once, however often the seed runs', async () => {
  expect(await seedPromotions(app().db)).toBe(true);
  expect(await seedPromotions(app().db)).toBe(false);
  const product = await sneakerAt(app(), 50);
  expect((await check('welcome10', cartOf([product, 1]))).json()).toMatchObject({
    code: WELCOME_CODE,
    discount: 5,
  });
});

it('answers a shopper the refusal before the body rules: staff routes are staff only', async () => {
  const buyer = await shopper();
  const response = await send(app(), 'POST', '/api/promotions', buyer.cookie, { code: 'X' });
  expect(response.statusCode).toBe(403);
  const list = await send(app(), 'GET', '/api/promotions', buyer.cookie);
  expect(list.statusCode).toBe(403);
});

it("words a code's amounts in the shop's currency: its minimum and what it takes off", async () => {
  const setCurrency = async (currency: string) =>
    expect((await send(app(), 'PUT', '/api/tax/settings', staff().cookie, { currency })).statusCode).toBe(
      200,
    );
  const product = await sneakerAt(app(), 50);
  const minimum = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 10, minOrder: 75 });
  const amount = await createPromotion(app(), staff().cookie, { kind: 'amount', value: 15 });
  await setCurrency('EUR');
  try {
    expect((await refusedCheck(minimum.code, cartOf([product, 1]))).error).toMatchObject({
      code: 'PROMOTION_BELOW_MINIMUM',
      message: `The code ${minimum.code} needs an order of at least €75.00; your pairs come to €50.00`,
      fields: { code: 'needs an order of €75.00 or more' },
    });
    const checked = await check(amount.code, cartOf([product, 1]));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<PromotionCheck>()).toMatchObject({ discount: 15, summary: '€15.00 off your order' });
  } finally {
    await setCurrency('USD');
  }
  // Nothing was stored by the refusal or the check: the codes are unused.
  const uses = await app().db.select().from(promotionUse).where(eq(promotionUse.promotionId, minimum.id));
  expect(uses).toEqual([]);
});
