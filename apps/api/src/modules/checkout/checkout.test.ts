import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { order as orderTable } from '../../db/schema';
import { signUp } from '../../test/accounts';
import { deliveredMail } from '../../test/mail';
import { cartLine, orderRow, productInStock, send, stockOf, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { sweep } from '../orders';

const { app, adminCookie } = testShop({ catalogue: true, accounts: true });

const orders = async () => (await app().db.select({ n: count() }).from(orderTable))[0]?.n ?? 0;

/** Starts a card checkout and answers the order id and the test gateway reference. */
async function checkout(cookie: string, lines: object[], path = '/api/checkouts') {
  const response = await send(app(), 'POST', path, cookie, { products: lines, finalAmount: 1, user: {} });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ url?: string; links?: { href: string; rel: string }[]; orderId: string }>();
  const url = body.url ?? body.links?.find((link) => link.rel === 'approve')?.href ?? '';
  return { orderId: body.orderId, url, reference: url.split('/').pop() ?? '' };
}

describe('checkout in test mode', () => {
  it('prices from the database, reserves the units and sends the buyer to the payment page', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 2);
    const before = await stockOf(app(), pick.id, Number(pick.size));
    // A tampered price, line total and final amount are ignored.
    const { orderId, url } = await checkout(buyer.cookie, [
      cartLine(pick, 2, { price: 0.01, totalPrice: 0.02 }),
    ]);
    expect(url).toMatch(/^http:\/\/localhost:3000\/test-gateway\/test_stripe_[0-9a-f]{32}$/);

    const row = await orderRow(app(), orderId);
    expect(row).toMatchObject({
      state: 'pending',
      provider: 'stripe',
      totalCents: Math.round(pick.price * 100) * 2,
    });
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual({
      units: (before?.units ?? 0) - 2,
      reserved: (before?.reserved ?? 0) + 2,
    });
    const view = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(view.json()).toMatchObject({
      _id: orderId,
      state: 'pending',
      finalAmount: pick.price * 2,
      user: { _id: buyer.id, username: buyer.username, email: buyer.email },
      products: [
        {
          id: pick.id,
          name: pick.name,
          size: pick.size,
          count: 2,
          price: pick.price,
          totalPrice: pick.price * 2,
        },
      ],
    });
  });

  it('leaves an unpaid order pending whatever the browser claims', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 1);
    const { orderId } = await checkout(buyer.cookie, [cartLine(pick, 1)]);
    const forged = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'aprobed' },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().state).toBe('pending');
    const success = await send(app(), 'PUT', '/api/success-order', buyer.cookie, {
      user: { email: buyer.email, username: buyer.username, uid: buyer.id },
      products: [cartLine(pick, 1)],
      finalAmount: pick.price,
    });
    expect(success.json()[0]).toMatchObject({ _id: orderId, state: 'pending' });
    expect((await orderRow(app(), orderId))?.state).toBe('pending');
  });

  it('approves once the test gateway is paid: units sold, one confirmation e-mail', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 2, 2);
    const before = await stockOf(app(), pick.id, Number(pick.size));
    const { orderId, reference } = await checkout(buyer.cookie, [cartLine(pick, 2)]);

    const page = await send(app(), 'GET', `/api/test-gateway/payments/${reference}`);
    expect(page.json()).toMatchObject({
      provider: 'stripe',
      status: 'open',
      amount: pick.price * 2,
      email: buyer.email,
    });
    const paid = await send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirectUrl).toBe(
      `http://localhost:3000/order-completed?provider=stripe&order=${orderId}&session_id=${reference}`,
    );

    const confirmed = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'aprobed' },
    });
    expect(confirmed.json().state).toBe('aprobed');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual({
      units: (before?.units ?? 0) - 2,
      reserved: before?.reserved ?? 0,
    });
    const row = await orderRow(app(), orderId);
    expect(row?.paidAt).toBeInstanceOf(Date);

    // Asking again (the buyer's retry of Pay) changes nothing and sends no second e-mail.
    await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'aprobed' } });
    expect((await send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`)).statusCode).toBe(200);
    const mails = (await deliveredMail(app())).filter(
      (mail) => mail.to === buyer.email && mail.subject.includes('confirmed'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(pick.name);

    const cancel = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(409);
    expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
  });

  it('cancels: the units come back and the payment page closes', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 3);
    const before = await stockOf(app(), pick.id, Number(pick.size));
    const { orderId, reference } = await checkout(buyer.cookie, [cartLine(pick, 1)]);
    const gaveUp = await send(app(), 'POST', `/api/test-gateway/payments/${reference}/cancel`);
    expect(gaveUp.json().redirectUrl).toBe(
      `http://localhost:3000/order-canceled?provider=stripe&order=${orderId}`,
    );
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.json().state).toBe('cancelled');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual(before);
    // Cancelling twice returns the units once.
    await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'cancelled' } });
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual(before);
  });

  it('pays with PayPal in test mode: approve link, return with token, server-side capture', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 4);
    const { orderId, url, reference } = await checkout(
      buyer.cookie,
      [cartLine(pick, 1)],
      '/api/paypal/create-payment',
    );
    expect(url).toContain('/test-gateway/test_paypal_');
    const early = await send(
      app(),
      'GET',
      `/api/paypal/execute-payment?token=${reference}&order=${orderId}`,
      buyer.cookie,
    );
    expect(early.json().state).toBe('pending');
    const paid = await send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`);
    const back = new URL(paid.json().redirectUrl);
    expect(back.pathname).toBe('/order-completed');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      provider: 'paypal',
      order: orderId,
      token: reference,
      PayerID: 'TESTBUYER',
    });
    const executed = await send(app(), 'GET', `/api/paypal/execute-payment${back.search}`, buyer.cookie);
    expect(executed.statusCode).toBe(200);
    expect(executed.json()).toMatchObject({ _id: orderId, state: 'aprobed', provider: 'paypal' });
  });

  it('refuses a short line, naming the product and size, and reserves nothing', async () => {
    const buyer = await verifiedBuyer(app());
    const plenty = await productInStock(app(), 1, 5);
    const short = await productInStock(app(), 1, 6);
    const before = [
      await stockOf(app(), plenty.id, Number(plenty.size)),
      await stockOf(app(), short.id, Number(short.size)),
    ];
    const ordersBefore = await orders();
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(plenty, 1), cartLine(short, short.units + 1)],
      finalAmount: 10,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'OUT_OF_STOCK',
      message: `${short.name}: only ${short.units} left in size ${short.size}`,
      fields: { 'products.1': `only ${short.units} left in size ${short.size}` },
    });
    expect([
      await stockOf(app(), plenty.id, Number(plenty.size)),
      await stockOf(app(), short.id, Number(short.size)),
    ]).toEqual(before);
    expect(await orders()).toBe(ordersBefore);
  });

  it('counts the same product and size twice as one line', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 2, 7);
    const { orderId } = await checkout(buyer.cookie, [cartLine(pick, 1), cartLine(pick, 1)]);
    const view = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(view.json().products).toHaveLength(1);
    expect(view.json().products[0].count).toBe(2);
  });

  it('refuses guests and unverified buyers, and changes nothing', async () => {
    const pick = await productInStock(app(), 1);
    const ordersBefore = await orders();
    const guest = await send(app(), 'POST', '/api/checkouts', undefined, { products: [cartLine(pick, 1)] });
    expect(guest.statusCode).toBe(401);
    const unverified = await signUp(app());
    const refused = await send(app(), 'POST', '/api/paypal/create-payment', unverified.cookie, {
      products: [cartLine(pick, 1)],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(await orders()).toBe(ordersBefore);
  });

  it.each([
    [{ products: [] }, 'products'],
    [{ products: [{ id: 'nope', size: '9', count: 1 }] }, 'products.0.id'],
    [{ products: [{ id: '00000000-0000-4000-8000-000000000000', size: 'XL', count: 1 }] }, 'products.0.size'],
    [{ products: [{ id: '00000000-0000-4000-8000-000000000000', size: '9', count: 0 }] }, 'products.0.count'],
    [
      { products: [{ id: '00000000-0000-4000-8000-000000000000', size: '9', count: 101 }] },
      'products.0.count',
    ],
    [
      { products: [{ id: '00000000-0000-4000-8000-000000000000', size: '9', count: 1.5 }] },
      'products.0.count',
    ],
    [{}, 'products'],
  ])('answers 400 for %j naming %s', async (payload, field) => {
    const buyer = await verifiedBuyer(app());
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
  });

  it('answers 409 for a product or size that does not exist', async () => {
    const buyer = await verifiedBuyer(app());
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [{ id: '00000000-0000-4000-8000-000000000000', size: '9', count: 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({ 'products.0': 'is not available any more' });
  });

  it('does not let anyone buy for somebody else', async () => {
    const buyer = await verifiedBuyer(app());
    const other = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1);
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 1)],
      user: { uid: other.id },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('orders', () => {
  it("keeps a buyer out of another buyer's order and lists only their own", async () => {
    const owner = await verifiedBuyer(app());
    const other = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 8);
    const { orderId } = await checkout(owner.cookie, [cartLine(pick, 1)]);
    expect((await send(app(), 'GET', `/api/orders/${orderId}`, other.cookie)).statusCode).toBe(404);
    const put = await send(app(), 'PUT', `/api/orders/${orderId}`, other.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(put.statusCode).toBe(404);
    expect((await orderRow(app(), orderId))?.state).toBe('pending');
    expect((await send(app(), 'GET', '/api/orders', other.cookie)).json()).toEqual([]);
    expect((await send(app(), 'GET', `/api/orders?_id=${owner.id}`, other.cookie)).statusCode).toBe(403);
    expect(
      (await send(app(), 'GET', '/api/orders', owner.cookie)).json().map((o: { _id: string }) => o._id),
    ).toEqual([orderId]);
    expect((await send(app(), 'GET', `/api/orders/${orderId}`)).statusCode).toBe(401);
  });

  it('lists every order for an admin, sorted as asked', async () => {
    const all = await send(
      app(),
      'GET',
      `/api/orders?ordersSort=${encodeURIComponent('{"finalAmount":1}')}`,
      adminCookie(),
    );
    expect(all.statusCode).toBe(200);
    const amounts = all.json().map((o: { finalAmount: number }) => o.finalAmount);
    expect(amounts.length).toBe(await orders());
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const newest = await send(
      app(),
      'GET',
      `/api/orders?ordersSort=${encodeURIComponent('{"date":-1}')}`,
      adminCookie(),
    );
    const dates = newest.json().map((o: { date: string }) => o.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await send(
      app(),
      'GET',
      `/api/orders?ordersSort=${encodeURIComponent('{"price":1}')}`,
      adminCookie(),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('ordersSort');
  });
});

describe('reservations', () => {
  it('expire after their time: units back, order cancelled, the payment page closed', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 9);
    const before = await stockOf(app(), pick.id, Number(pick.size));
    const { orderId, reference } = await checkout(buyer.cookie, [cartLine(pick, 1)]);
    await app()
      .db.update(orderTable)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orderTable.id, orderId));
    const result = await sweep(wireServices(app()).orders);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(app(), orderId))?.state).toBe('cancelled');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual(before);
    expect((await send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`)).statusCode).toBe(409);
  });

  it('approve instead when the payment arrived just before the expiry', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 10);
    const { orderId, reference } = await checkout(buyer.cookie, [cartLine(pick, 1)]);
    // Paid at the provider, but the shop has not heard yet.
    const { closeTestPayment } = await import('../payments/test-gateway.repository');
    await closeTestPayment(app().db, reference, 'paid');
    await app()
      .db.update(orderTable)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orderTable.id, orderId));
    const result = await sweep(wireServices(app()).orders);
    expect(result.approved).toBe(1);
    expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
  });
});

describe('POST /api/cart/check', () => {
  it("answers today's price and stock per line", async () => {
    const pick = await productInStock(app(), 1);
    const response = await send(app(), 'POST', '/api/cart/check', undefined, {
      products: [
        { id: pick.id, size: pick.size },
        { id: pick.id, size: '17.5' },
        { id: '00000000-0000-4000-8000-000000000000', size: '9' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().lines).toEqual([
      {
        id: pick.id,
        size: pick.size,
        available: true,
        price: pick.price,
        units: (await stockOf(app(), pick.id, Number(pick.size)))?.units,
        limit: null,
      },
      { id: pick.id, size: '17.5', available: false, price: null, units: 0, limit: null },
      {
        id: '00000000-0000-4000-8000-000000000000',
        size: '9',
        available: false,
        price: null,
        units: 0,
        limit: null,
      },
    ]);
  });
});
