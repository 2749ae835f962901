import type { Credit, Order, OrderReturn, ReturnRefundPreview, TestPayment } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, creditAccount, creditEntry, productStock, testPayment } from '../../db/schema';
import { type Buyer, quickBuyers } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { cartOf, checkoutWith, createPromotion, payOnTestPage, sneakerAt } from '../../test/promotions';
import { shipOrder } from '../../test/shipments';
import { orderRow, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { ledgerSum } from './credit.service';

const { app, staff } = testShop({ contended: 6, staff: true });

async function shopper(): Promise<Buyer> {
  const [buyer] = await quickBuyers(app(), 1, 'credit');
  if (!buyer) throw new Error('no buyer');
  return buyer;
}

async function grant(buyer: Buyer, amount: number, reason = 'Sorry for the late parcel') {
  const response = await send(app(), 'POST', `/api/users/${buyer.id}/credit`, staff().cookie, {
    amount,
    reason,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Credit>();
}

const creditOf = async (buyer: Buyer) =>
  (await send(app(), 'GET', `/api/users/${buyer.id}/credit`, buyer.cookie)).json<Credit>();

/** The balance always equals the sum of the ledger's entries, and never goes below zero. */
async function expectLedgerHolds(buyer: Buyer) {
  const [account] = await app().db.select().from(creditAccount).where(eq(creditAccount.userId, buyer.id));
  expect(account?.balanceCents ?? 0).toBe(await ledgerSum(app().db, buyer.id));
  expect(account?.balanceCents ?? 0).toBeGreaterThanOrEqual(0);
}

describe('staff grant store credit', () => {
  it('adds an entry with the reason, tells the owner by e-mail and records it in the audit trail', async () => {
    const buyer = await shopper();
    const credit = await grant(buyer, 25.5);
    expect(credit).toMatchObject({ balance: 25.5, page: 1, pages: 1 });
    expect(credit.entries[0]).toMatchObject({
      amount: 25.5,
      balanceAfter: 25.5,
      kind: 'grant',
      reason: 'Sorry for the late parcel',
    });
    expect(await creditOf(buyer)).toEqual(credit);
    const dashboard = await send(app(), 'GET', `/api/users/dashboard/${buyer.id}`, buyer.cookie);
    expect(dashboard.json()[0].credit).toBe(25.5);
    const [audit] = await app().db.select().from(auditEvent).where(eq(auditEvent.subjectId, buyer.id));
    expect(audit).toMatchObject({ kind: 'credit.grant', after: { amount: 25.5, balance: 25.5 } });
    const mail = await deliveredMail(app());
    expect(mail.some((message) => message.subject === 'Sneaker Shop: $25.50 of store credit for you')).toBe(
      true,
    );
    await expectLedgerHolds(buyer);
  });

  it('takes credit back, never below zero, and refuses bad amounts and reasons naming the field', async () => {
    const buyer = await shopper();
    await grant(buyer, 10);
    const over = await send(app(), 'POST', `/api/users/${buyer.id}/credit`, staff().cookie, {
      amount: -10.01,
      reason: 'Granted by mistake',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.fields).toEqual({
      amount: 'must not take the balance below zero (it is 10.00)',
    });
    expect((await creditOf(buyer)).balance).toBe(10);
    expect((await grant(buyer, -4, 'Granted by mistake')).entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: -4,
      balanceAfter: 6,
    });
    for (const [body, field] of [
      [{ amount: 0, reason: 'Nothing' }, 'amount'],
      [{ amount: 1.005, reason: 'Half a cent' }, 'amount'],
      [{ amount: 5, reason: 'ok' }, 'reason'],
    ] as const) {
      const response = await send(app(), 'POST', `/api/users/${buyer.id}/credit`, staff().cookie, body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
    const unknown = await send(
      app(),
      'POST',
      '/api/users/00000000-0000-4000-8000-000000000000/credit',
      staff().cookie,
      { amount: 5, reason: 'Nobody' },
    );
    expect(unknown.statusCode).toBe(404);
    await expectLedgerHolds(buyer);
  });

  it('adds a grant once however often it is sent with one idempotency key', async () => {
    const buyer = await shopper();
    const sendOnce = () =>
      app().inject({
        method: 'POST',
        url: `/api/users/${buyer.id}/credit`,
        payload: { amount: 7, reason: 'Double click' },
        headers: { origin: 'http://localhost:3000', cookie: staff().cookie, 'idempotency-key': 'click-1' },
      });
    expect((await sendOnce()).statusCode).toBe(201);
    expect((await sendOnce()).statusCode).toBeLessThan(500);
    expect((await creditOf(buyer)).balance).toBe(7);
  });
});

describe('paying with store credit', () => {
  it('pays part of an order and asks the provider for the rest; a cancelled order gives the credit back', async () => {
    const buyer = await shopper();
    await grant(buyer, 30);
    const product = await sneakerAt(app(), 100);
    const started = await checkoutWith(app(), buyer.cookie, cartOf([product, 1]), { useCredit: true });
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    expect(await orderRow(app(), orderId)).toMatchObject({ totalCents: 10_000, creditUsedCents: 3_000 });
    const page = (
      await send(app(), 'GET', `/api/test-gateway/payments/${url.split('/').pop()}`)
    ).json<TestPayment>();
    expect(page).toMatchObject({ amount: 70, credit: 30 });
    expect((await creditOf(buyer)).balance).toBe(0);
    await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'cancelled' } });
    const after = await creditOf(buyer);
    expect(after.balance).toBe(30);
    expect(after.entries.map((entry) => entry.kind)).toEqual(['spend_returned', 'spend', 'grant']);
    await expectLedgerHolds(buyer);
  });

  it('pays a whole order with credit: no payment page, the order is paid at once and confirmed', async () => {
    const buyer = await shopper();
    await grant(buyer, 500);
    const product = await sneakerAt(app(), 120);
    const started = await checkoutWith(app(), buyer.cookie, cartOf([product, 2]), { useCredit: true });
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    // Store credit is what paid it: the order names it as its tender.
    expect(url).toBe(`http://localhost:3000/order-completed?provider=store_credit&order=${orderId}`);
    // The confirmation page asks the shop to confirm it, as after any payment: it is paid already.
    const confirmed = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'aprobed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = confirmed.json<Order>();
    expect(order).toMatchObject({
      state: 'aprobed',
      provider: 'store_credit',
      finalAmount: 240,
      creditUsed: 240,
    });
    expect(order.payments).toEqual([
      { kind: 'credit_spend', tender: 'store_credit', amount: 240, at: expect.any(String) },
    ]);
    expect(await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId))).toHaveLength(0);
    const [stock] = await app().db.select().from(productStock).where(eq(productStock.productId, product));
    expect(stock).toMatchObject({ units: 18, reserved: 0 });
    expect((await creditOf(buyer)).balance).toBe(260);
    const mail = await deliveredMail(app());
    const confirmation = mail.find(
      (message) => message.subject.includes('confirmed') && message.to === order.user.email,
    );
    expect(confirmation?.text).toContain('$240.00 was paid with your store credit.');
  });

  it('refunds a whole order paid with credit and card: the credit back first, the rest to the card', async () => {
    const buyer = await shopper();
    await grant(buyer, 40);
    const product = await sneakerAt(app(), 100);
    const started = await checkoutWith(app(), buyer.cookie, cartOf([product, 1]), { useCredit: true });
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    await payOnTestPage(app(), url);
    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, staff().cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Order>()).toMatchObject({ state: 'cancelled', refundedAmount: 100 });
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment).toMatchObject({ amountCents: 6_000, refundedCents: 6_000 });
    const credit = await creditOf(buyer);
    expect(credit.balance).toBe(40);
    expect(credit.entries[0]).toMatchObject({ kind: 'refund', amount: 40 });
    await expectLedgerHolds(buyer);
  });
});

describe('returns of discounted orders', () => {
  async function discountedShippedOrder(buyer: Buyer, useCredit = false) {
    const product = await sneakerAt(app(), 100);
    const code = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 25 });
    const started = await checkoutWith(app(), buyer.cookie, cartOf([product, 3]), {
      code: code.code,
      useCredit,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    if (!url.includes('order-completed')) await payOnTestPage(app(), url);
    await shipOrder(app(), orderId);
    return { product, orderId };
  }

  async function receivedReturn(
    buyer: Buyer,
    orderId: string,
    product: string,
    count: number,
    refundTo?: string,
  ) {
    const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, {
      lines: [{ productId: product, size: '9', count, resolution: 'refund' }],
      reason: 'too_small',
      refundTo,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ret = opened.json<OrderReturn>();
    expect((await send(app(), 'POST', `/api/returns/${ret.id}/approve`, staff().cookie)).statusCode).toBe(
      200,
    );
    const preview = await send(app(), 'GET', `/api/returns/${ret.id}/refund-preview`, staff().cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    const received = await send(app(), 'POST', `/api/returns/${ret.id}/receive`, staff().cookie, {
      lines: [{ productId: product, size: '9', restock: true }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const wire = received.json<OrderReturn>();
    // What staff were shown before confirming is what went back, and where.
    expect({ amount: wire.refundedAmount, parts: wire.refundParts }).toEqual(preview.json());
    return { ...wire, preview: preview.json<ReturnRefundPreview>() };
  }

  /** The tender the order was paid with through its provider. */
  const providerOf = async (buyer: Buyer, orderId: string) =>
    (await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie)).json<Order>().provider;

  it('gives back what was paid for the returned pairs, never the price before the discount', async () => {
    const buyer = await shopper();
    const { product, orderId } = await discountedShippedOrder(buyer);
    const first = await receivedReturn(buyer, orderId, product, 1);
    expect(first.refundedAmount).toBe(75);
    const rest = await receivedReturn(buyer, orderId, product, 2);
    expect(rest.refundedAmount).toBe(150);
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment).toMatchObject({ amountCents: 22_500, refundedCents: 22_500 });
  });

  it('refunds a return as store credit when the buyer asks, through no provider', async () => {
    const buyer = await shopper();
    const { product, orderId } = await discountedShippedOrder(buyer);
    const ret = await receivedReturn(buyer, orderId, product, 1, 'credit');
    expect(ret).toMatchObject({ refundTo: 'credit', refundedAmount: 75 });
    expect(ret.preview).toEqual({ amount: 75, parts: [{ tender: 'store_credit', amount: 75 }] });
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment?.refundedCents).toBe(0);
    const credit = await creditOf(buyer);
    expect(credit).toMatchObject({ balance: 75 });
    expect(credit.entries[0]).toMatchObject({ kind: 'return', amount: 75, returnId: ret.id });
    const mail = await deliveredMail(app());
    expect(
      mail.some(
        (message) =>
          message.text.includes('we refunded $75.00 for your return') &&
          message.text.includes('as store credit'),
      ),
    ).toBe(true);
    await expectLedgerHolds(buyer);
  });

  it('splits a return of an order paid partly with credit: credit back first', async () => {
    const buyer = await shopper();
    await grant(buyer, 50);
    const { product, orderId } = await discountedShippedOrder(buyer, true);
    const row = await orderRow(app(), orderId);
    expect(row).toMatchObject({ totalCents: 22_500, creditUsedCents: 5_000 });
    const ret = await receivedReturn(buyer, orderId, product, 1);
    // Staff saw the split before confirming: $25.00 to the card, $50.00 back as store credit.
    expect(ret.preview).toEqual({
      amount: 75,
      parts: [
        { tender: await providerOf(buyer, orderId), amount: 25 },
        { tender: 'store_credit', amount: 50 },
      ],
    });
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment).toMatchObject({ amountCents: 17_500, refundedCents: 2_500 });
    expect((await creditOf(buyer)).balance).toBe(50);
    const entries = await app().db.select().from(creditEntry).where(eq(creditEntry.orderId, orderId));
    expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
      ['return', 5_000],
      ['spend', -5_000],
    ]);
    await expectLedgerHolds(buyer);
  });
});
