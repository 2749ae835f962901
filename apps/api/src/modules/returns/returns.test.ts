import { randomBytes, randomUUID } from 'node:crypto';
import { type Order, type OrderReturn, type StaffReturn, salesReportSchema } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditEvent,
  order,
  orderReturn,
  paymentEntry,
  refundClaim,
  returnLine,
  session,
  testPayment,
  user,
} from '../../db/schema';
import { newProduct, quickAdmin, quickBuyers } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { shipOrder } from '../../test/shipments';
import { buy, cartLine, orderRow, type Pick, refundedCents, send, stockOf } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from '../catalog/catalog.repository';

const { app, staff } = testShop({ contended: 6, staff: true });

const DAY = 86_400_000;

/** A new sneaker at $100 in sizes 9 (`units`) and 10 (`other` units); answers its pick in size 9. */
async function sneaker(units = 10, other = 3): Promise<Pick> {
  const name = `Return Runner ${randomBytes(3).toString('hex')}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');
  const created = await insertProducts(app().db, [
    newProduct({ name, price: 100, stock: { '9': units, '10': other } }, { slug }),
  ]);
  return { id: created.get(slug) ?? '', name, size: '9', price: 100, units };
}

/** A buyer's paid order of `count` pairs of a new sneaker, shipped (unless `ship` is false). */
async function shippedOrder(count = 2, ship: false | { shippedAt?: Date; deliveredAt?: Date } = {}) {
  const [buyer] = await quickBuyers(app(), 1, 'returner');
  if (!buyer) throw new Error('no buyer');
  const pick = await sneaker();
  const orderId = await buy(app(), buyer.cookie, pick, count);
  if (ship) await shipOrder(app(), orderId, ship);
  return { buyer, pick, orderId };
}

const refundLine = (pick: Pick, count = 1) => ({
  productId: pick.id,
  size: '9',
  count,
  resolution: 'refund',
});
const exchangeLine = (pick: Pick, count = 1, exchangeSize = '10') => ({
  productId: pick.id,
  size: '9',
  count,
  resolution: 'exchange',
  exchangeSize,
});

function openReturn(
  orderId: string,
  cookie: string,
  lines: object[],
  reason = 'too_small',
  comment?: string,
) {
  return send(app(), 'POST', `/api/orders/${orderId}/returns`, cookie, { lines, reason, comment });
}

async function opened(orderId: string, cookie: string, lines: object[], reason = 'too_small') {
  const response = await openReturn(orderId, cookie, lines, reason);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderReturn>();
}

const act = (id: string, step: 'approve' | 'cancel' | 'reject' | 'receive', cookie: string, body?: object) =>
  send(app(), 'POST', `/api/returns/${id}/${step}`, cookie, body);

async function approved(orderId: string, cookie: string, lines: object[], reason = 'too_small') {
  const ret = await opened(orderId, cookie, lines, reason);
  const response = await act(ret.id, 'approve', staff().cookie);
  expect(response.statusCode, response.body).toBe(200);
  return ret;
}

/**
 * The order was charged `cents` of shipping: its total, its provider's payment and the ledger's capture
 * as checkout and the payment would have written them.
 */
async function chargeShipping(orderId: string, cents: number) {
  const [row] = await app().db.select().from(order).where(eq(order.id, orderId));
  const totalCents = (row?.totalCents ?? 0) + cents;
  await app().db.update(order).set({ shippingCents: cents, totalCents }).where(eq(order.id, orderId));
  await app().db.update(testPayment).set({ amountCents: totalCents }).where(eq(testPayment.orderId, orderId));
  await app()
    .db.update(paymentEntry)
    .set({ amountCents: totalCents })
    .where(and(eq(paymentEntry.orderId, orderId), eq(paymentEntry.kind, 'capture')));
}

const receipt = (pick: Pick, restock: boolean) => ({ lines: [{ productId: pick.id, size: '9', restock }] });

describe('POST /api/orders/:id/returns', () => {
  it('opens a return of shipped units: its number, state and lines, and an e-mail saying what to do', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    const response = await openReturn(
      orderId,
      buyer.cookie,
      [refundLine(pick)],
      'too_large',
      'Half a size big',
    );
    expect(response.statusCode, response.body).toBe(201);
    const ret = response.json<OrderReturn>();
    expect(ret).toMatchObject({
      number: expect.stringMatching(/^R-\d+$/),
      orderId,
      state: 'requested',
      reason: 'too_large',
      comment: 'Half a size big',
      lines: [
        {
          productId: pick.id,
          name: pick.name,
          size: '9',
          count: 1,
          resolution: 'refund',
          exchangeSize: null,
          // The whole return's reason (the older form) is each line's.
          reason: 'too_large',
        },
      ],
      refundedAmount: 0,
      refundParts: [],
      exchangeOrderId: null,
    });
    // The order shows it.
    const shown = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(shown.json().returns).toMatchObject([{ id: ret.id, state: 'requested' }]);
    const [row] = await app().db.select().from(order).where(eq(order.id, orderId));
    const mail = (await deliveredMail(app())).find((m) => m.subject.includes(`return ${ret.number} opened`));
    expect(mail?.text).toContain(`Write the return number ${ret.number} on the parcel`);
    expect(mail?.text).toContain(`order #${row?.number}`);
    expect(mail?.text).toContain(`/api/returns/${ret.id}/slip`);
  });

  it("answers 404 for another buyer's order, and 409 for an order not shipped yet, changing nothing", async () => {
    const { pick, orderId } = await shippedOrder(1);
    const [other] = await quickBuyers(app(), 1, 'other');
    const foreign = await openReturn(orderId, other?.cookie ?? '', [refundLine(pick)]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');

    const unshipped = await shippedOrder(1, false);
    const early = await openReturn(unshipped.orderId, unshipped.buyer.cookie, [refundLine(unshipped.pick)]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.fields).toEqual({ order: 'has not shipped yet' });
    expect(
      await app().db.select().from(orderReturn).where(eq(orderReturn.orderId, unshipped.orderId)),
    ).toEqual([]);
  });

  it('keeps the return window from the last delivery, or from the shipping when none was marked', async () => {
    const late = await shippedOrder(1, { shippedAt: new Date(Date.now() - 31 * DAY) });
    const refused = await openReturn(late.orderId, late.buyer.cookie, [refundLine(late.pick)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields.order).toMatch(/outside the 30-day return window/);

    const delivered = await shippedOrder(1, {
      shippedAt: new Date(Date.now() - 40 * DAY),
      deliveredAt: new Date(Date.now() - 20 * DAY),
    });
    await opened(delivered.orderId, delivered.buyer.cookie, [refundLine(delivered.pick)]);

    const deliveredLong = await shippedOrder(1, {
      shippedAt: new Date(Date.now() - 40 * DAY),
      deliveredAt: new Date(Date.now() - 31 * DAY),
    });
    expect(
      (await openReturn(deliveredLong.orderId, deliveredLong.buyer.cookie, [refundLine(deliveredLong.pick)]))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a line not in the order, a line named twice, and more units than shipped and not returned', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2, false);
    await shipOrder(app(), orderId, { lines: [{ productId: pick.id, size: 9, count: 1 }] });
    const stranger = await sneaker();
    const notInOrder = await openReturn(orderId, buyer.cookie, [refundLine(stranger)]);
    expect(notInOrder.statusCode).toBe(400);
    expect(notInOrder.json().error.fields).toEqual({ 'lines.0': 'is not a line of this order' });
    const twice = await openReturn(orderId, buyer.cookie, [refundLine(pick), refundLine(pick)]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ 'lines.1': 'names the same order line twice' });
    // One of the two pairs shipped: one may go back, not two.
    const tooMany = await openReturn(orderId, buyer.cookie, [refundLine(pick, 2)]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({
      'lines.0.count': 'must be at most 1: the units shipped and not already returned',
    });
    const first = await opened(orderId, buyer.cookie, [refundLine(pick)]);
    // The line is in an open return now.
    const open = await openReturn(orderId, buyer.cookie, [refundLine(pick)]);
    expect(open.statusCode).toBe(409);
    expect(open.json().error.fields).toEqual({
      'lines.0': `is already in return ${first.number}, which is still open`,
    });
    // Rejected, it no longer counts; received, its units are returned for good.
    expect((await act(first.id, 'reject', staff().cookie, { message: 'Worn outside' })).statusCode).toBe(200);
    const second = await approved(orderId, buyer.cookie, [refundLine(pick)]);
    expect((await act(second.id, 'receive', staff().cookie, receipt(pick, true))).statusCode).toBe(200);
    const none = await openReturn(orderId, buyer.cookie, [refundLine(pick)]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields['lines.0.count']).toMatch(/all are already returned/);
  });

  it('refuses an exchange to the same size, a size the product lacks, or one without enough units', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    const same = await openReturn(orderId, buyer.cookie, [exchangeLine(pick, 1, '9')]);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields['lines.0.exchangeSize']).toBe(
      'must be another size than the one returned',
    );
    const written = await openReturn(orderId, buyer.cookie, [exchangeLine(pick, 1, '09')]);
    expect(written.statusCode).toBe(400);
    expect(written.json().error.fields['lines.0.exchangeSize']).toBe(
      'must be another size than the one returned',
    );
    const lacking = await openReturn(orderId, buyer.cookie, [exchangeLine(pick, 1, '12')]);
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().error.fields['lines.0.exchangeSize']).toMatch(/is not a size of this product/);
    const sold = await send(app(), 'PUT', `/api/products/modify/${pick.id}`, staff().cookie, {
      stock: { '10': 1 },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const gone = await openReturn(orderId, buyer.cookie, [exchangeLine(pick, 2)]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      fields: { 'lines.0.exchangeSize': 'has not 2 pairs left in size 10' },
    });
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 1, reserved: 0 });
  });

  it('holds the new size at once, and gives it back when the buyer cancels or staff reject', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    const ret = await opened(orderId, buyer.cookie, [exchangeLine(pick, 2)]);
    expect(ret.lines[0]).toMatchObject({ resolution: 'exchange', exchangeSize: '10' });
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 1, reserved: 2 });
    const [other] = await quickBuyers(app(), 1, 'other');
    expect((await act(ret.id, 'cancel', other?.cookie ?? '')).statusCode).toBe(404);
    const cancelled = await act(ret.id, 'cancel', buyer.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 3, reserved: 0 });
    const again = await act(ret.id, 'cancel', buyer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ state: 'is cancelled' });

    const second = await approved(orderId, buyer.cookie, [exchangeLine(pick, 1)]);
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 2, reserved: 1 });
    const rejected = await act(second.id, 'reject', staff().cookie, { message: 'Worn <b>outside</b>' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', message: 'Worn <b>outside</b>' });
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 3, reserved: 0 });
    const mail = (await deliveredMail(app())).find((m) =>
      m.subject.includes(`return ${second.number} not accepted`),
    );
    expect(mail?.text).toContain('Our message: Worn <b>outside</b>');
    expect(mail?.html).toContain('Worn &lt;b&gt;outside&lt;/b&gt;');
  });
});

/** A buyer's paid and shipped order of one pair each of two new sneakers (size 9, $100 each). */
async function twoPairOrder() {
  const [buyer] = await quickBuyers(app(), 1, 'mixed');
  if (!buyer) throw new Error('no buyer');
  const first = await sneaker();
  const second = await sneaker();
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [cartLine(first, 1), cartLine(second, 1)],
    finalAmount: 200,
    user: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  const paid = await send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  await shipOrder(app(), orderId);
  return { buyer, first, second, orderId };
}

const byReason = async () =>
  salesReportSchema.parse((await send(app(), 'GET', '/api/admin/sales', staff().cookie)).json()).returns;

describe('a reason per returned line', () => {
  it('keeps each line’s own reason, shows it, and counts "By reason" per line', async () => {
    const { buyer, first, second, orderId } = await twoPairOrder();
    const before = await byReason();
    const response = await send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, {
      lines: [
        { ...refundLine(first), reason: 'damaged' },
        { ...exchangeLine(second), reason: 'too_small' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const ret = response.json<OrderReturn>();
    expect(ret.reason).toBe('damaged');
    expect(ret.lines.map((line) => [line.productId, line.resolution, line.reason])).toEqual([
      [first.id, 'refund', 'damaged'],
      [second.id, 'exchange', 'too_small'],
    ]);
    const rows = await app().db.select().from(returnLine).where(eq(returnLine.returnId, ret.id));
    expect(rows.map((row) => [row.productId, row.reason]).sort()).toEqual(
      [
        [first.id, 'damaged'],
        [second.id, 'too_small'],
      ].sort(),
    );
    const listed = (await send(app(), 'GET', '/api/returns?state=requested', staff().cookie)).json<{
      returns: StaffReturn[];
    }>();
    expect(listed.returns.find((other) => other.id === ret.id)?.lines.map((line) => line.reason)).toEqual([
      'damaged',
      'too_small',
    ]);
    // One return of two lines: one more return in all, one more line (and pair) under each reason.
    const after = await byReason();
    expect(after.returns - before.returns).toBe(1);
    expect(after.units - before.units).toBe(2);
    const row = (figures: typeof before, reason: string) =>
      figures.byReason.find((entry) => entry.reason === reason) ?? { returns: 0, lines: 0, units: 0 };
    for (const reason of ['damaged', 'too_small']) {
      expect(row(after, reason).returns - row(before, reason).returns, reason).toBe(1);
      expect(row(after, reason).lines - row(before, reason).lines, reason).toBe(1);
      expect(row(after, reason).units - row(before, reason).units, reason).toBe(1);
    }
    // The slip names each line's reason.
    const slip = await send(app(), 'GET', `/api/returns/${ret.id}/slip`, buyer.cookie);
    expect(slip.body).toContain('Arrived damaged');
    expect(slip.body).toContain('Too small');
  });

  it('lists each line with its own reason in the return e-mails', async () => {
    const { buyer, first, second, orderId } = await twoPairOrder();
    const ret = await opened(orderId, buyer.cookie, [
      { ...refundLine(first), reason: 'damaged' },
      { ...exchangeLine(second), reason: 'too_large' },
    ]);
    const approve = await act(ret.id, 'approve', staff().cookie);
    expect(approve.statusCode, approve.body).toBe(200);
    const mails = await deliveredMail(app());
    for (const step of ['opened', 'approved']) {
      const mail = mails.find((m) => m.subject === `Sneaker Shop: return ${ret.number} ${step}`);
      const lines = mail?.text.split('\n').filter((line) => line.startsWith('- ')) ?? [];
      expect(lines, step).toEqual([
        `- ${first.name}, size 9 × 1: refund (Arrived damaged)`,
        `- ${second.name}, size 9 × 1: exchange for size 10 (Too large)`,
      ]);
      expect(mail?.text, step).toContain(`Return ${ret.number}\n`);
      expect(mail?.html, step).toContain('refund (Arrived damaged)');
      expect(mail?.html, step).toContain('exchange for size 10 (Too large)');
    }
  });

  it('refuses a line without a reason when the return gives none, naming the line, and changes nothing', async () => {
    const { buyer, first, second, orderId } = await twoPairOrder();
    const response = await send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, {
      lines: [{ ...refundLine(first), reason: 'other' }, refundLine(second)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'lines.1.reason': 'is required: say why this pair goes back',
    });
    const bad = await send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, {
      lines: [{ ...refundLine(first), reason: 'too_big' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['lines.0.reason']);
    expect(await app().db.select().from(orderReturn).where(eq(orderReturn.orderId, orderId))).toEqual([]);
  });

  it('takes a line’s own reason over the whole return’s', async () => {
    const { buyer, first, second, orderId } = await twoPairOrder();
    const ret = await opened(
      orderId,
      buyer.cookie,
      [refundLine(first), { ...refundLine(second), reason: 'not_as_pictured' }],
      'changed_mind',
    );
    expect(ret.lines.map((line) => line.reason)).toEqual(['changed_mind', 'not_as_pictured']);
  });
});

describe('GET /api/returns/:id/refund-preview', () => {
  it('names the amount and where it goes before the receipt, changing nothing; the receipt gives back just that', async () => {
    const { buyer, pick, orderId } = await shippedOrder(3);
    const requested = await opened(orderId, buyer.cookie, [refundLine(pick, 2)]);
    const url = `/api/returns/${requested.id}/refund-preview`;
    // Staff see it while they decide, and again once it is approved.
    const early = await send(app(), 'GET', url, staff().cookie);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().amount).toBe(200);
    expect((await act(requested.id, 'approve', staff().cookie)).statusCode).toBe(200);
    expect((await send(app(), 'GET', url, buyer.cookie)).statusCode).toBe(403);
    const preview = await send(app(), 'GET', url, staff().cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    const provider = (await orderRow(app(), orderId))?.provider;
    expect(preview.json()).toEqual({ amount: 200, parts: [{ tender: provider, amount: 200 }] });
    expect(await refundedCents(app(), orderId)).toBe(0);
    const received = await act(requested.id, 'receive', staff().cookie, receipt(pick, true));
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      refundedAmount: 200,
      refundParts: [{ tender: provider, amount: 200 }],
    });
    const late = await send(app(), 'GET', url, staff().cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.fields).toEqual({ state: 'is received' });
    const missing = await send(app(), 'GET', `/api/returns/${randomUUID()}/refund-preview`, staff().cookie);
    expect(missing.statusCode).toBe(404);
  });

  it('previews nothing to give back for an exchange', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    const ret = await approved(orderId, buyer.cookie, [exchangeLine(pick)]);
    const preview = await send(app(), 'GET', `/api/returns/${ret.id}/refund-preview`, staff().cookie);
    expect(preview.json()).toEqual({ amount: 0, parts: [] });
  });
});

describe('staff decisions', () => {
  it('moves a return only in order: a change out of order is a 409 naming the current state', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    const ret = await opened(orderId, buyer.cookie, [refundLine(pick)]);
    const early = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.fields).toEqual({ state: 'is requested' });
    expect((await act(ret.id, 'approve', staff().cookie)).statusCode).toBe(200);
    const twice = await act(ret.id, 'approve', staff().cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({ state: 'is approved' });
    const empty = await act(ret.id, 'reject', staff().cookie, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.message).toMatch(/required/);
    const unknown = await act('00000000-0000-4000-8000-000000000000', 'approve', staff().cookie);
    expect(unknown.statusCode).toBe(404);
    // Approved is audited and told.
    const [entry] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, orderId), eq(auditEvent.kind, 'return.approve')));
    expect(entry).toMatchObject({
      actorId: staff().id,
      subjectType: 'order',
      after: { number: ret.number, orderNumber: (await orderRow(app(), orderId))?.number, state: 'approved' },
    });
    const mail = (await deliveredMail(app())).find((m) =>
      m.subject.includes(`return ${ret.number} approved`),
    );
    expect(mail?.to).toBeDefined();
  });

  it('lists returns newest first, in one state, with the order number, its currency and the buyer', async () => {
    const first = await shippedOrder(1);
    const a = await opened(first.orderId, first.buyer.cookie, [refundLine(first.pick)]);
    // The second order is placed in euros; the shop goes back to dollars before the list is read.
    const currency = async (code: string) =>
      expect(
        (await send(app(), 'PUT', '/api/tax/settings', staff().cookie, { currency: code })).statusCode,
      ).toBe(200);
    await currency('EUR');
    const second = await shippedOrder(1).finally(() => currency('USD'));
    const b = await opened(second.orderId, second.buyer.cookie, [refundLine(second.pick)]);
    const listed = await send(app(), 'GET', '/api/returns?state=requested&limit=100', staff().cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    const returns = listed.json<{ returns: StaffReturn[] }>().returns;
    expect(returns.every((ret) => ret.state === 'requested')).toBe(true);
    const ids = returns.map((ret) => ret.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const row = await orderRow(app(), second.orderId);
    expect(row?.currency).toBe('eur');
    expect(returns.find((ret) => ret.id === b.id)).toMatchObject({
      orderNumber: row?.number,
      currency: 'EUR',
      buyer: { _id: second.buyer.id },
    });
    expect(returns.find((ret) => ret.id === a.id)?.currency).toBe('USD');
    const bad = await send(app(), 'GET', '/api/returns?state=lost', staff().cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.state).toMatch(/must be one of/);
  });
});

describe('POST /api/returns/:id/receive', () => {
  it('refunds what was paid for the refund lines once, counts it on the order, and restocks on request', async () => {
    const { buyer, pick, orderId } = await shippedOrder(3);
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick, 2)]);
    const before = await stockOf(app(), pick.id, 9);
    const missing = await act(ret.id, 'receive', staff().cookie, {
      lines: [{ productId: (await sneaker()).id, size: '9', restock: true }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ 'lines.0': 'is not a line of this return' });
    const response = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'received',
      refundedAmount: 200,
      exchangeOrderId: null,
      lines: [{ restock: true }],
    });
    expect(await stockOf(app(), pick.id, 9)).toEqual({ units: (before?.units ?? 0) + 2, reserved: 0 });
    const row = await orderRow(app(), orderId);
    expect(row).toMatchObject({ state: 'aprobed', refundedAt: null });
    expect(await refundedCents(app(), orderId)).toBe(20000);
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment?.refundedCents).toBe(20000);
    const again = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ state: 'is received' });
    const mails = await deliveredMail(app());
    expect(mails.find((m) => m.subject === 'Sneaker Shop: $200.00 refunded')?.text).toContain(ret.number);
    expect(mails.some((m) => m.subject.includes(`return ${ret.number} received`))).toBe(true);
    const audited = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, orderId), eq(auditEvent.kind, 'return.refund')));
    expect(audited[0]?.after).toMatchObject({ amount: 200 });
    // A later whole-order refund gives back only what is left.
    const whole = await send(app(), 'POST', `/api/orders/${orderId}/refund`, staff().cookie);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await refundedCents(app(), orderId)).toBe(30000);
    const [after] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(after?.refundedCents).toBe(30000);
  });

  it('asks for a step-up before a receipt that refunds, changing nothing until given; an exchange needs none', async () => {
    const [member] = await quickBuyers(app(), 1, 'receiver');
    if (!member) throw new Error('no member');
    await app().db.update(user).set({ role: 'fulfilment' }).where(eq(user.id, member.id));
    const { buyer, pick, orderId } = await shippedOrder(2);
    const refund = await approved(orderId, buyer.cookie, [refundLine(pick)]);
    const refused = await act(refund.id, 'receive', member.cookie, receipt(pick, true));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    expect(await refundedCents(app(), orderId)).toBe(0);
    const [still] = await app().db.select().from(orderReturn).where(eq(orderReturn.id, refund.id));
    expect(still?.state).toBe('approved');

    const exchanged = await shippedOrder(1);
    const exchange = await approved(exchanged.orderId, exchanged.buyer.cookie, [
      exchangeLine(exchanged.pick),
    ]);
    const swapped = await act(exchange.id, 'receive', member.cookie, receipt(exchanged.pick, true));
    expect(swapped.statusCode, swapped.body).toBe(200);

    await app().db.update(session).set({ steppedUpAt: new Date() }).where(eq(session.userId, member.id));
    const received = await act(refund.id, 'receive', member.cookie, receipt(pick, true));
    expect(received.statusCode, received.body).toBe(200);
    expect(await refundedCents(app(), orderId)).toBe(10000);
  });

  it('leaves a pair off sale when staff say so', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick)], 'damaged');
    const before = await stockOf(app(), pick.id, 9);
    const response = await act(ret.id, 'receive', staff().cookie, receipt(pick, false));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines[0].restock).toBe(false);
    expect(await stockOf(app(), pick.id, 9)).toEqual(before);
  });

  it('does not put back on sale a product archived meanwhile, and still receives the return', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick)]);
    const archived = await send(app(), 'DELETE', `/api/products/${pick.id}`, staff().cookie);
    expect(archived.statusCode, archived.body).toBe(204);
    const before = await stockOf(app(), pick.id, 9);
    const response = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'received',
      refundedAmount: 100,
      lines: [{ restock: false }],
    });
    expect(await stockOf(app(), pick.id, 9)).toEqual(before);
  });

  it('never refunds more than what was paid and not refunded yet', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    // $150 of the $200 went back already (say, a goodwill refund made at the provider and recorded).
    await app()
      .db.insert(paymentEntry)
      .values({ orderId, kind: 'refund', tender: 'stripe', amountCents: 15000, key: `goodwill:${orderId}` });
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick, 2)]);
    const response = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().refundedAmount).toBe(50);
    expect(await refundedCents(app(), orderId)).toBe(20000);
  });

  it('refunds exactly once when two staff receive at once', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick, 2)]);
    const other = await quickAdmin(app(), 'staff2');
    const answers = await Promise.all([
      act(ret.id, 'receive', staff().cookie, receipt(pick, true)),
      act(ret.id, 'receive', other.cookie, receipt(pick, true)),
      act(ret.id, 'receive', staff().cookie, receipt(pick, true)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await refundedCents(app(), orderId)).toBe(20000);
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment).toMatchObject({ refundedCents: 20000, refundKeys: [`return-refund:${ret.id}`] });
  });

  it('refunds the shipping with a damaged pair, once per order, and never more than was paid', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    // The order was charged $10 of shipping (written as checkout and its capture would have).
    await chargeShipping(orderId, 1000);
    const first = await approved(orderId, buyer.cookie, [refundLine(pick)], 'damaged');
    const one = await act(first.id, 'receive', staff().cookie, receipt(pick, false));
    expect(one.json().refundedAmount).toBe(110);
    const second = await approved(orderId, buyer.cookie, [refundLine(pick)], 'damaged');
    const two = await act(second.id, 'receive', staff().cookie, receipt(pick, false));
    expect(two.json().refundedAmount).toBe(100);
    expect(await refundedCents(app(), orderId)).toBe(21000);
  });

  it('does not refund the shipping for a pair that did not fit', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    await chargeShipping(orderId, 1000);
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick)], 'too_small');
    const response = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(response.json().refundedAmount).toBe(100);
  });

  it('answers 502 when the provider fails, changes nothing, and may be retried', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    const ret = await approved(orderId, buyer.cookie, [refundLine(pick)]);
    await app().db.update(testPayment).set({ status: 'expired' }).where(eq(testPayment.orderId, orderId));
    const before = await stockOf(app(), pick.id, 9);
    const failed = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('PAYMENT_FAILED');
    expect(await stockOf(app(), pick.id, 9)).toEqual(before);
    const [row] = await app().db.select().from(orderReturn).where(eq(orderReturn.id, ret.id));
    expect(row).toMatchObject({ state: 'approved', claimedUntil: null });
    expect(await refundedCents(app(), orderId)).toBe(0);
    expect(await app().db.select().from(refundClaim).where(eq(refundClaim.orderId, orderId))).toEqual([]);
    await app().db.update(testPayment).set({ status: 'paid' }).where(eq(testPayment.orderId, orderId));
    const retried = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refundedAmount).toBe(100);
  });

  it('turns the exchange lines into a paid replacement order of zero amount, to ship like any other', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    const ret = await approved(orderId, buyer.cookie, [exchangeLine(pick, 1)]);
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 2, reserved: 1 });
    const before9 = await stockOf(app(), pick.id, 9);
    const response = await act(ret.id, 'receive', staff().cookie, receipt(pick, true));
    expect(response.statusCode, response.body).toBe(200);
    const received = response.json<OrderReturn>();
    expect(received).toMatchObject({
      state: 'received',
      refundedAmount: 0,
      exchangeOrderId: expect.any(String),
    });
    // The held unit is sold; the returned one is back on sale.
    expect(await stockOf(app(), pick.id, 10)).toEqual({ units: 2, reserved: 0 });
    expect(await stockOf(app(), pick.id, 9)).toEqual({ units: (before9?.units ?? 0) + 1, reserved: 0 });
    const original = await orderRow(app(), orderId);
    const replacement = await send(app(), 'GET', `/api/orders/${received.exchangeOrderId}`, buyer.cookie);
    expect(replacement.json()).toMatchObject({
      state: 'aprobed',
      finalAmount: 0,
      replacementOf: orderId,
      provider: original?.provider,
      shipping: { name: 'Exchange', price: 0 },
      shipTo: original?.shipTo ?? null,
      fulfilment: 'unfulfilled',
      products: [{ id: pick.id, size: '10', count: 1 }],
    });
    expect(await refundedCents(app(), orderId)).toBe(0);
    const mails = await deliveredMail(app());
    const exchange = mails.find((m) => m.subject.startsWith('Sneaker Shop: your exchange, order #'));
    expect(exchange?.text).toContain(ret.number);

    // Its invoice: the pair at its price, then an exchange line that brings it to $0.00, and no card.
    const invoice = await send(app(), 'GET', `/api/orders/${received.exchangeOrderId}/invoice`, buyer.cookie);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.body).toContain(
      `<tr><td colspan="4">Size exchange of order #${original?.number}</td><td class="num">&minus;$100.00</td></tr>`,
    );
    expect(invoice.body).toContain(
      '<tr class="total"><td colspan="4">Total</td><td class="num">$0.00</td></tr>',
    );
    expect(invoice.body).toContain(
      `No payment: these pairs replace returned pairs of order #${original?.number}.`,
    );
    expect(invoice.body).not.toMatch(/Card|Stripe|paid with/i);
  });

  it('links the replacement and its original by number, both ways, for the buyer and the staff', async () => {
    const { buyer, pick, orderId } = await shippedOrder(2);
    const ret = await approved(orderId, buyer.cookie, [exchangeLine(pick, 1)]);
    const received = (await act(ret.id, 'receive', staff().cookie, receipt(pick, true))).json<OrderReturn>();
    const original = await orderRow(app(), orderId);
    const replacementRow = await orderRow(app(), received.exchangeOrderId ?? '');
    expect(received.exchangeOrderNumber).toBe(replacementRow?.number);
    for (const cookie of [buyer.cookie, staff().cookie]) {
      const replacement = await send(app(), 'GET', `/api/orders/${received.exchangeOrderId}`, cookie);
      expect(replacement.statusCode, replacement.body).toBe(200);
      expect(replacement.json<Order>().replaces).toEqual({
        orderId,
        orderNumber: original?.number,
        returnId: ret.id,
        returnNumber: ret.number,
      });
      const shown = (await send(app(), 'GET', `/api/orders/${orderId}`, cookie)).json<Order>();
      expect(shown.replaces).toBeNull();
      expect(shown.returns.map((one) => [one.id, one.exchangeOrderId, one.exchangeOrderNumber])).toEqual([
        [ret.id, received.exchangeOrderId, replacementRow?.number],
      ]);
    }
    // A return without an exchange names no replacement.
    const other = await shippedOrder(1);
    const refundOnly = await opened(other.orderId, other.buyer.cookie, [refundLine(other.pick)]);
    expect(refundOnly.exchangeOrderNumber).toBeNull();
  });
});

describe('GET /api/returns/:id/slip', () => {
  it('is a printable page for the buyer and staff, with every value escaped; nobody else sees it', async () => {
    const { buyer, pick, orderId } = await shippedOrder(1);
    const response = await openReturn(
      orderId,
      buyer.cookie,
      [refundLine(pick)],
      'other',
      '<script>alert(1)</script>',
    );
    const ret = response.json<OrderReturn>();
    const slip = await send(app(), 'GET', `/api/returns/${ret.id}/slip`, buyer.cookie);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('text/html; charset=utf-8');
    // The documents' style and Print button: one style element and one script, both under the page's nonce.
    const policy = String(slip.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(policy).toContain(`style-src 'nonce-${nonce}'`);
    expect(slip.body).toContain(`<style nonce="${nonce}">`);
    expect(slip.body).toContain(`<script nonce="${nonce}">`);
    expect(slip.body).toContain('<button type="button" id="print-document">Print</button>');
    expect(slip.body).toContain(ret.number);
    expect(slip.body).toContain(`Order #${(await orderRow(app(), orderId))?.number}`);
    expect(slip.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(slip.body).not.toContain('<script>');
    expect(slip.body.match(/<script/g)).toHaveLength(1);
    expect((await send(app(), 'GET', `/api/returns/${ret.id}/slip`, staff().cookie)).statusCode).toBe(200);
    const [other] = await quickBuyers(app(), 1, 'other');
    expect((await send(app(), 'GET', `/api/returns/${ret.id}/slip`, other?.cookie)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('documents every returns route with its answers', async () => {
    const document = (await send(app(), 'GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    }>();
    const routes: [string, string, string[]][] = [
      ['/api/orders/{id}/returns', 'post', ['201', '400', '404', '409']],
      ['/api/returns', 'get', ['200', '400', '403']],
      ['/api/returns/{id}/cancel', 'post', ['200', '404', '409']],
      ['/api/returns/{id}/approve', 'post', ['200', '403', '404', '409']],
      ['/api/returns/{id}/reject', 'post', ['200', '400', '404', '409']],
      ['/api/returns/{id}/receive', 'post', ['200', '400', '409', '502']],
      ['/api/returns/{id}/refund-preview', 'get', ['200', '403', '404', '409']],
      ['/api/returns/{id}/slip', 'get', ['200', '404']],
    ];
    for (const [path, method, statuses] of routes) {
      const operation = document.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(statuses));
    }
  });
});
