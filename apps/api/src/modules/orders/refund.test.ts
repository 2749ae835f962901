import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order, paymentEntry, refundClaim, testPayment } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { expectRefused, outsiders } from '../../test/outsiders';
import { buy, cartLine, orderRow, type Pick, send, stockOf, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, adminCookie } = testShop({ contended: 6, accounts: true });

async function product(units = 5): Promise<Pick> {
  const [id = ''] = await stockedProducts(
    app(),
    [`Refund Runner ${Math.random().toString(36).slice(2, 8)}`],
    units,
  );
  return { id, name: 'Refund Runner', size: '9', price: 100, units };
}

async function paidOrder() {
  const buyer = await verifiedBuyer(app());
  const pick = await product();
  const orderId = await buy(app(), buyer.cookie, pick, 2);
  return { buyer, pick, orderId };
}

const refund = (orderId: string, ...as: [string?]) =>
  send(app(), 'POST', `/api/orders/${orderId}/refund`, as.length > 0 ? as[0] : adminCookie());

describe('POST /api/orders/:id/refund', () => {
  it('refunds a paid order once: cancelled, the payment refunded, the pairs stay sold', async () => {
    const { pick, orderId } = await paidOrder();
    const before = await stockOf(app(), pick.id, 9);
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ _id: orderId, state: 'cancelled' });
    expect(await stockOf(app(), pick.id, 9)).toEqual(before);
    const row = await orderRow(app(), orderId);
    expect(row?.refundedAt).toBeInstanceOf(Date);
    expect(response.json().refundedAt).toBe(row?.refundedAt?.toISOString());
    // The claim is gone, and the ledger holds the capture and its refund, whole.
    expect(await app().db.select().from(refundClaim).where(eq(refundClaim.orderId, orderId))).toEqual([]);
    const ledger = await app().db.select().from(paymentEntry).where(eq(paymentEntry.orderId, orderId));
    expect(
      ledger
        .map(({ kind, tender, amountCents }) => ({ kind, tender, amountCents }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'capture', tender: 'stripe', amountCents: row?.totalCents },
      { kind: 'refund', tender: 'stripe', amountCents: row?.totalCents },
    ]);
    expect(response.json().refundedAmount).toBe((row?.totalCents ?? 0) / 100);
    expect(response.json().payments.map((entry: { kind: string }) => entry.kind)).toEqual([
      'capture',
      'refund',
    ]);
    // The buyer's list tells the refund from an unpaid cancellation too.
    const listed = await send(app(), 'GET', '/api/orders?state=cancelled', adminCookie());
    const entry = listed
      .json<{ _id: string; refundedAt: string | null }[]>()
      .find((item) => item._id === orderId);
    expect(entry?.refundedAt).toBe(row?.refundedAt?.toISOString());
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    expect(payment?.refundedAt).toBeInstanceOf(Date);

    const again = await refund(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already refunded/);
  });

  it('refunds exactly once when asked in parallel: one 200, the others 409', async () => {
    const { orderId } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 4 }, () => refund(orderId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await orderRow(app(), orderId))?.state).toBe('cancelled');
  });

  it('refuses an order that is not paid (409) and changes nothing', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await product();
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 1)],
    });
    const { orderId } = started.json<{ orderId: string }>();
    const response = await refund(orderId);
    expect(response.statusCode).toBe(409);
    expect((await orderRow(app(), orderId))?.state).toBe('pending');
  });

  it('refuses a guest (401) and anyone but an admin, the buyer included (403)', async () => {
    const { buyer, orderId } = await paidOrder();
    for (const caller of [...(await outsiders(app())), { name: 'other' as const, cookie: buyer.cookie }]) {
      expectRefused(caller, await refund(orderId, caller.cookie));
    }
    expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
  });

  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await refund('nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['id']);
  });

  it('a claim left by a crashed attempt runs out, and the retry refunds once', async () => {
    const { orderId } = await paidOrder();
    // A crashed attempt's claim, as it leaves it: still running, then run out.
    await app()
      .db.insert(refundClaim)
      .values({ orderId, claimedUntil: new Date(Date.now() + 60_000) });
    expect((await refund(orderId)).statusCode).toBe(409);
    await app()
      .db.update(refundClaim)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(refundClaim.orderId, orderId));
    expect((await refund(orderId)).statusCode).toBe(200);
  });
});

describe('staff cancel a pending order', () => {
  it('through PUT /api/orders/:id with the cancelled voucher: the units return', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await product(3);
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 2)],
    });
    const { orderId } = started.json<{ orderId: string }>();
    expect(await stockOf(app(), pick.id, 9)).toEqual({ units: 1, reserved: 2 });
    const response = await send(app(), 'PUT', `/api/orders/${orderId}`, adminCookie(), {
      voucher: { state: 'cancelled' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('cancelled');
    expect(await stockOf(app(), pick.id, 9)).toEqual({ units: 3, reserved: 0 });
  });
});

describe('GET /api/orders for an admin: filters', () => {
  let orders: { id: string; state: string; date: string }[];
  beforeAll(async () => {
    const { orderId: paid } = await paidOrder();
    const buyer = await verifiedBuyer(app());
    const pick = await product();
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 1)],
    });
    const pending = started.json<{ orderId: string }>().orderId;
    const { orderId: refunded } = await paidOrder();
    await refund(refunded);
    orders = [
      { id: paid, state: 'aprobed', date: '2020-03-01T10:00:00Z' },
      { id: pending, state: 'pending', date: '2020-03-02T23:30:00Z' },
      { id: refunded, state: 'cancelled', date: '2020-03-03T00:00:00Z' },
    ];
    for (const entry of orders)
      await app()
        .db.update(order)
        .set({ createdAt: new Date(entry.date) })
        .where(eq(order.id, entry.id));
  });

  const ids = async (query: string) => {
    const response = await send(app(), 'GET', `/api/orders?${query}`, adminCookie());
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ _id: string; user: { email: string } }[]>().map((entry) => entry._id);
  };
  const march = 'from=2020-03-01&to=2020-03-03';

  it('filters by date range, days included whole, newest first', async () => {
    expect(await ids(march)).toEqual([orders[2]?.id, orders[1]?.id, orders[0]?.id]);
    expect(await ids('from=2020-03-02&to=2020-03-02')).toEqual([orders[1]?.id]);
    expect(await ids('from=2020-03-01T10:00:01Z&to=2020-03-03T00:00:00Z')).toEqual([orders[1]?.id]);
  });

  it.each([
    ['aprobed', 0],
    ['pending', 1],
    ['cancelled', 2],
  ])('filters by state %s', async (state, index) => {
    expect(await ids(`${march}&state=${state}`)).toEqual([orders[index]?.id]);
  });

  it('pages a filtered list, with the customer of each order', async () => {
    const first = await ids(`${march}&limit=2&page=1`);
    const second = await ids(`${march}&limit=2&page=2`);
    expect([...first, ...second]).toEqual([orders[2]?.id, orders[1]?.id, orders[0]?.id]);
    const response = await send(app(), 'GET', `/api/orders?${march}&limit=1`, adminCookie());
    expect(response.json()[0].user.email).toMatch(/@example\.com$/);
  });

  it("keeps a shopper's filter to their own orders", async () => {
    const { buyer, orderId } = await paidOrder();
    const response = await send(app(), 'GET', '/api/orders?state=aprobed', buyer.cookie);
    expect(response.json().map((entry: { _id: string }) => entry._id)).toEqual([orderId]);
  });

  it.each([
    ['state=paid', 'state'],
    ['from=yesterday', 'from'],
    ['to=2020-13-01', 'to'],
  ])('refuses %s naming the field', async (query, field) => {
    const response = await send(app(), 'GET', `/api/orders?${query}`, adminCookie());
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });
});
