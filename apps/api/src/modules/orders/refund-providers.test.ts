import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refundClaim } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { fakeProviders } from '../../test/fake-providers';
import { shipOrder } from '../../test/shipments';
import { cartLine, orderRow, type Pick, refundedCents, send, stockOf, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { gatewayFor } from '../payments/payments';

const fakes = fakeProviders();
const { app, adminCookie } = testShop({ config: () => ({ payments: fakes.payments() }), accounts: true });

async function product(): Promise<Pick> {
  const [id = ''] = await stockedProducts(
    app(),
    [`Provider Refund ${Math.random().toString(36).slice(2, 8)}`],
    5,
  );
  return { id, name: 'Provider Refund', size: '9', price: 100, units: 5 };
}

const refund = (orderId: string) => send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie());

describe('Stripe', () => {
  async function paidCardOrder() {
    const buyer = await verifiedBuyer(app());
    const pick = await product();
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 2)],
    });
    expect(started.statusCode, started.body).toBe(200);
    const { orderId } = started.json<{ orderId: string }>();
    const session = [...fakes.stripe().sessions.values()].find(
      (candidate) => candidate.metadata.orderId === orderId,
    );
    if (!session) throw new Error('no Stripe session');
    fakes.stripe().pay(session.id);
    const paid = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'aprobed' },
    });
    expect(paid.json().state).toBe('aprobed');
    return { orderId, session, pick, buyer };
  }

  it("refunds a return's pair (an amount of the payment intent), then the whole order only what is left", async () => {
    const { orderId, session, pick, buyer } = await paidCardOrder();
    const received = await returnOnePair(orderId, buyer.cookie, pick);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().refundedAmount).toBe(100);
    const whole = await refund(orderId);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ state: 'cancelled', refundedAmount: 200 });
    expect(
      fakes
        .stripe()
        .refunds.filter((entry) => entry.payment_intent === session.payment_intent)
        .map((entry) => entry.amount),
    ).toEqual([10000, 10000]);
  });

  it("refunds the session's payment intent, for the order's amount, once", async () => {
    const { orderId, session, pick } = await paidCardOrder();
    const before = await stockOf(app(), pick.id, 9);
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('cancelled');
    const made = fakes.stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent);
    expect(made).toEqual([expect.objectContaining({ amount: 20000 })]);
    expect(await stockOf(app(), pick.id, 9)).toEqual(before);
    expect((await refund(orderId)).statusCode).toBe(409);
    expect(
      fakes.stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent),
    ).toHaveLength(1);
  });

  it('a retried provider call (the same idempotency key) does not refund twice', async () => {
    const { session } = await paidCardOrder();
    const gateway = gatewayFor(app().gateways, 'stripe');
    await gateway.refund(session.id, 20000, `refund-${session.id}`);
    await gateway.refund(session.id, 20000, `refund-${session.id}`);
    expect(
      fakes.stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent),
    ).toHaveLength(1);
  });

  it('a provider failure answers 502 and leaves the order paid, to try again', async () => {
    const { orderId, session } = await paidCardOrder();
    fakes.stripe().failRefunds = true;
    try {
      const failed = await refund(orderId);
      expect(failed.statusCode, failed.body).toBe(502);
      expect(failed.json().error.code).toBe('PAYMENT_FAILED');
      expect(await orderRow(app(), orderId)).toMatchObject({ state: 'aprobed', refundedAt: null });
      // Nothing was recorded, and the refund's claim is released for another try.
      expect(await refundedCents(app(), orderId)).toBe(0);
      expect(await app().db.select().from(refundClaim).where(eq(refundClaim.orderId, orderId))).toEqual([]);
    } finally {
      fakes.stripe().failRefunds = false;
    }
    expect((await refund(orderId)).statusCode).toBe(200);
    expect(
      fakes.stripe().refunds.filter((entry) => entry.payment_intent === session.payment_intent),
    ).toHaveLength(1);
  });
});

/** Ships the order, has its buyer return one pair for a refund, and staff approve and receive it. */
async function returnOnePair(orderId: string, cookie: string, pick: Pick) {
  await shipOrder(app(), orderId);
  const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, cookie, {
    lines: [{ productId: pick.id, size: '9', count: 1, resolution: 'refund' }],
    reason: 'changed_mind',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const { id } = opened.json<{ id: string }>();
  expect((await send(app(), 'POST', `/api/returns/${id}/approve`, adminCookie())).statusCode).toBe(200);
  return send(app(), 'POST', `/api/returns/${id}/receive`, adminCookie(), {
    lines: [{ productId: pick.id, size: '9', restock: true }],
  });
}

describe('PayPal', () => {
  async function paidPayPalOrder(count = 1) {
    const buyer = await verifiedBuyer(app());
    const pick = await product();
    const started = await send(app(), 'POST', '/api/paypal/create-payment', buyer.cookie, {
      products: [cartLine(pick, count)],
    });
    expect(started.statusCode, started.body).toBe(200);
    const { links, orderId } = started.json<{ links: { href: string; rel: string }[]; orderId: string }>();
    const paypalId =
      new URL(links.find((link) => link.rel === 'approve')?.href ?? '').searchParams.get('token') ?? '';
    fakes.paypal().approve(paypalId);
    const executed = await send(
      app(),
      'GET',
      `/api/paypal/execute-payment?token=${paypalId}&PayerID=BUYER&order=${orderId}`,
      buyer.cookie,
    );
    expect(executed.json().state).toBe('aprobed');
    return { orderId, paypalId, pick, buyer };
  }

  it("refunds a return's pair as an amount of the capture, then the whole order only what is left", async () => {
    const { orderId, paypalId, pick, buyer } = await paidPayPalOrder(2);
    const captureId = fakes.paypal().orders.get(paypalId)?.captureId;
    const received = await returnOnePair(orderId, buyer.cookie, pick);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().refundedAmount).toBe(100);
    expect((await refund(orderId)).statusCode).toBe(200);
    expect(fakes.paypal().refunds.filter((entry) => entry.captureId === captureId)).toEqual([
      { captureId, amount: '100.00' },
      { captureId, amount: '100.00' },
    ]);
  });

  it("refunds the order's capture once", async () => {
    const { orderId, paypalId } = await paidPayPalOrder();
    const captureId = fakes.paypal().orders.get(paypalId)?.captureId;
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('cancelled');
    expect(fakes.paypal().refunds.filter((entry) => entry.captureId === captureId)).toEqual([
      { captureId, amount: '100.00' },
    ]);
    expect((await refund(orderId)).statusCode).toBe(409);
    // A retry of the provider call itself answers the first result (PayPal-Request-Id).
    await gatewayFor(app().gateways, 'paypal').refund(paypalId, 10000, `refund-${paypalId}`);
    expect(fakes.paypal().refunds.filter((entry) => entry.captureId === captureId)).toHaveLength(1);
  });

  it('a provider failure answers 502 and leaves the order paid', async () => {
    const { orderId } = await paidPayPalOrder();
    fakes.paypal().failRefunds = true;
    try {
      expect((await refund(orderId)).statusCode).toBe(502);
      expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
    } finally {
      fakes.paypal().failRefunds = false;
    }
    expect((await refund(orderId)).statusCode).toBe(200);
  });
});
