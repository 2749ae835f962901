import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { order } from '../../db/schema';
import { VALID_PAYPAL_SIGNATURE } from '../../test/fake-paypal';
import { fakeProviders } from '../../test/fake-providers';
import { deliveredMail } from '../../test/mail';
import { cartLine, orderRow, productInStock, send, stockOf, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const WEBHOOK_SECRET = 'whsec_test_secret';
const fakes = fakeProviders(WEBHOOK_SECRET);
const { app, adminCookie } = testShop({
  config: () => ({ payments: fakes.payments() }),
  catalogue: true,
  accounts: true,
});
const signer = new Stripe('sk_test_unused');

/**
 * A buyer in California, where the shop collects tax (registered once, prices before tax), and a product
 * in stock; the other tests' buyers have no address, so they pay no tax.
 */
async function taxedBuyer(skip: number) {
  const registered = await send(app(), 'POST', '/api/tax/registrations', adminCookie(), {
    country: 'US',
    region: 'CA',
  });
  expect([201, 409]).toContain(registered.statusCode);
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    country: 'US',
    state: 'CA',
    city: 'Oakland',
    address: '1 Broadway',
    phone: '+15550100',
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { buyer, pick: await productInStock(app(), 1, skip) };
}

/** A paid shipping method to every country, added by staff; answers its id. */
async function paidShipping(name: string, priceCents: number): Promise<string> {
  const response = await send(app(), 'POST', '/api/shipping-methods', adminCookie(), {
    name,
    price: priceCents / 100,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** A checkout cut short by a crash: the order and its reservation committed, its payment page never stored. */
async function forgetPaymentPage(orderId: string) {
  await app()
    .db.update(order)
    .set({ paymentUrl: null, providerReference: null })
    .where(eq(order.id, orderId));
}

function stripeWebhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return app().inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const sessionEvent = (id: string, type: string, sessionId: string, paymentStatus = 'paid') => ({
  id,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus } },
});

describe('Stripe', () => {
  async function startCardCheckout(count = 1, skip = 0) {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), count, skip);
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, count)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url, orderId } = response.json<{ url: string; orderId: string }>();
    const session = [...fakes.stripe().sessions.values()].find(
      (candidate) => candidate.metadata.orderId === orderId,
    );
    if (!session) throw new Error('no Stripe session');
    return { buyer, pick, url, orderId, session };
  }

  it('opens a Checkout Session with the order lines and the return URLs', async () => {
    const { url, orderId, session, pick, buyer } = await startCardCheckout(2);
    expect(url).toBe(session.url);
    expect(session).toMatchObject({
      client_reference_id: orderId,
      customer_email: buyer.email,
      success_url: `http://localhost:3000/order-completed?provider=stripe&order=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:3000/order-canceled?provider=stripe&order=${orderId}`,
      amount_total: Math.round(pick.price * 100) * 2,
    });
    expect(session.line_items).toEqual([
      {
        name: `${pick.name} (size ${pick.size})`,
        quantity: 2,
        unit_amount: Math.round(pick.price * 100),
        currency: 'usd',
      },
    ]);
    expect(session.expires_at * 1000).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await orderRow(app(), orderId))?.providerReference).toBe(session.id);
  });

  it('shows a paid shipping method as a line of its own, so the session totals exactly the order', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 9);
    const shippingMethodId = await paidShipping('Card courier', 1_299);
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 1)],
      shippingMethodId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json<{ orderId: string }>();
    const session = [...fakes.stripe().sessions.values()].find(
      (candidate) => candidate.metadata.orderId === orderId,
    );
    const lineCents = Math.round(pick.price * 100);
    expect(session?.line_items).toEqual([
      { name: `${pick.name} (size ${pick.size})`, quantity: 1, unit_amount: lineCents, currency: 'usd' },
      { name: 'Shipping: Card courier', quantity: 1, unit_amount: 1_299, currency: 'usd' },
    ]);
    expect(session?.amount_total).toBe(lineCents + 1_299);
    expect((await orderRow(app(), orderId))?.totalCents).toBe(lineCents + 1_299);
  });

  it('adds tax on top of the prices as a line of its own, so the session totals exactly the order', async () => {
    const { buyer, pick } = await taxedBuyer(11);
    const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [cartLine(pick, 1)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json<{ orderId: string }>();
    const session = [...fakes.stripe().sessions.values()].find(
      (candidate) => candidate.metadata.orderId === orderId,
    );
    const lineCents = Math.round(pick.price * 100);
    const taxCents = Math.round((lineCents * 7.25) / 100);
    expect(session?.line_items.at(-1)).toEqual({
      name: 'Tax',
      quantity: 1,
      unit_amount: taxCents,
      currency: 'usd',
    });
    expect(session?.amount_total).toBe(lineCents + taxCents);
    expect((await orderRow(app(), orderId))?.totalCents).toBe(lineCents + taxCents);
  });

  it('approves on return only after retrieving a paid session', async () => {
    const { buyer, orderId, session } = await startCardCheckout(1, 1);
    const early = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'aprobed' },
    });
    expect(early.json().state).toBe('pending');
    fakes.stripe().pay(session.id);
    const paid = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'aprobed' },
    });
    expect(paid.json().state).toBe('aprobed');
  });

  it('approves from the signed webhook exactly once; a replay changes nothing', async () => {
    const { orderId, session, pick } = await startCardCheckout(1, 2);
    fakes.stripe().pay(session.id);
    const event = sessionEvent('evt_paid_1', 'checkout.session.completed', session.id);
    const first = await stripeWebhook(event);
    expect(first.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
    const stock = await stockOf(app(), pick.id, Number(pick.size));
    const replay = await stripeWebhook(event);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual(stock);
    // The same payment reported again under another event id (a duplicate delivery) is a no-op too.
    expect(
      (await stripeWebhook(sessionEvent('evt_paid_2', 'checkout.session.completed', session.id))).json()
        .outcome,
    ).toBe('handled');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual(stock);
    const number = (await orderRow(app(), orderId))?.number;
    const mails = (await deliveredMail(app())).filter((mail) => mail.subject.includes(`#${number}`));
    expect(mails).toHaveLength(1);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { orderId, session } = await startCardCheckout(1, 3);
    const forged = await stripeWebhook(
      sessionEvent('evt_forged', 'checkout.session.completed', session.id),
      'whsec_wrong',
    );
    expect(forged.statusCode).toBe(400);
    const unsigned = await app().inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: JSON.stringify(sessionEvent('evt_unsigned', 'checkout.session.completed', session.id)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(app(), orderId))?.state).toBe('pending');
  });

  it('cancels on the expired webhook and returns the units', async () => {
    const { orderId, session, pick } = await startCardCheckout(1, 4);
    const reserved = await stockOf(app(), pick.id, Number(pick.size));
    await stripeWebhook(sessionEvent('evt_expired', 'checkout.session.expired', session.id, 'unpaid'));
    expect((await orderRow(app(), orderId))?.state).toBe('cancelled');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual({
      units: (reserved?.units ?? 0) + 1,
      reserved: (reserved?.reserved ?? 0) - 1,
    });
  });

  it('expires the session when the buyer cancels, so it cannot be paid later', async () => {
    const { buyer, orderId, session } = await startCardCheckout(1, 5);
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.json().state).toBe('cancelled');
    expect(fakes.stripe().sessions.get(session.id)?.status).toBe('expired');
  });

  it('approves instead of cancelling when the session was paid meanwhile', async () => {
    const { buyer, orderId, session } = await startCardCheckout(1, 6);
    fakes.stripe().pay(session.id);
    const response = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(response.json().state).toBe('aprobed');
  });

  it('makes a new Checkout Session for a pending order whose session was never stored; paid, it approves once', async () => {
    const { buyer, orderId, session: lost, pick } = await startCardCheckout(1, 12);
    await forgetPaymentPage(orderId);
    const reserved = await stockOf(app(), pick.id, Number(pick.size));

    const again = await send(app(), 'POST', `/api/orders/${orderId}/pay`, buyer.cookie);
    expect(again.statusCode, again.body).toBe(200);
    const session = [...fakes.stripe().sessions.values()].find((each) => each.url === again.json().url);
    expect(session?.id).not.toBe(lost.id);
    expect(session).toMatchObject({
      client_reference_id: orderId,
      customer_email: buyer.email,
      amount_total: Math.round(pick.price * 100),
      success_url: `http://localhost:3000/order-completed?provider=stripe&order=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(await orderRow(app(), orderId)).toMatchObject({
      providerReference: session?.id,
      paymentUrl: session?.url,
    });

    fakes.stripe().pay(session?.id ?? '');
    const event = sessionEvent('evt_paid_again', 'checkout.session.completed', session?.id ?? '');
    expect((await stripeWebhook(event)).json()).toEqual({ received: true, outcome: 'handled' });
    expect((await stripeWebhook(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual({
      units: reserved?.units,
      reserved: (reserved?.reserved ?? 0) - 1,
    });
  });
});

describe('PayPal', () => {
  async function startPayPalCheckout(skip = 0) {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, skip);
    const response = await send(app(), 'POST', '/api/paypal/create-payment', buyer.cookie, {
      products: [cartLine(pick, 1)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { links, orderId } = response.json<{ links: { href: string; rel: string }[]; orderId: string }>();
    const approve = links.find((link) => link.rel === 'approve');
    const paypalId = new URL(approve?.href ?? '').searchParams.get('token') ?? '';
    return { buyer, pick, orderId, paypalId, approve };
  }

  it('creates a PayPal order with the items and answers its approve link', async () => {
    const { orderId, paypalId, pick, approve } = await startPayPalCheckout(7);
    expect(approve?.href).toContain('sandbox.paypal.test/checkoutnow');
    const created = fakes.paypal().orders.get(paypalId);
    expect(created?.request.purchase_units[0]).toMatchObject({
      custom_id: orderId,
      amount: { value: pick.price.toFixed(2), currency_code: 'USD' },
    });
    expect(created?.request.payment_source.paypal.experience_context.return_url).toBe(
      `http://localhost:3000/order-completed?provider=paypal&order=${orderId}`,
    );
  });

  it('breaks the amount down into the items and the shipping, which add up to it', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await productInStock(app(), 1, 10);
    const shippingMethodId = await paidShipping('PayPal courier', 705);
    const response = await send(app(), 'POST', '/api/paypal/create-payment', buyer.cookie, {
      products: [cartLine(pick, 1)],
      shippingMethodId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const approve = response.json<{ links: { href: string; rel: string }[] }>().links[0];
    const paypalId = new URL(approve?.href ?? '').searchParams.get('token') ?? '';
    const lineCents = Math.round(pick.price * 100);
    expect(fakes.paypal().orders.get(paypalId)?.request.purchase_units[0]?.amount).toEqual({
      currency_code: 'USD',
      value: ((lineCents + 705) / 100).toFixed(2),
      breakdown: {
        item_total: { currency_code: 'USD', value: (lineCents / 100).toFixed(2) },
        shipping: { currency_code: 'USD', value: '7.05' },
      },
    });
  });

  it("gives tax on top of the prices as the breakdown's tax_total", async () => {
    const { buyer, pick } = await taxedBuyer(12);
    const response = await send(app(), 'POST', '/api/paypal/create-payment', buyer.cookie, {
      products: [cartLine(pick, 1)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const approve = response.json<{ links: { href: string; rel: string }[] }>().links[0];
    const paypalId = new URL(approve?.href ?? '').searchParams.get('token') ?? '';
    const lineCents = Math.round(pick.price * 100);
    const taxCents = Math.round((lineCents * 7.25) / 100);
    const amount = fakes.paypal().orders.get(paypalId)?.request.purchase_units[0]?.amount;
    expect(amount?.value).toBe(((lineCents + taxCents) / 100).toFixed(2));
    expect(amount).toMatchObject({
      breakdown: { tax_total: { currency_code: 'USD', value: (taxCents / 100).toFixed(2) } },
    });
  });

  it('captures on return only once approved, and never twice', async () => {
    const { buyer, orderId, paypalId } = await startPayPalCheckout(8);
    const url = `/api/paypal/execute-payment?token=${paypalId}&PayerID=BUYER1&order=${orderId}`;
    expect((await send(app(), 'GET', url, buyer.cookie)).json().state).toBe('pending');
    fakes.paypal().approve(paypalId);
    expect((await send(app(), 'GET', url, buyer.cookie)).json().state).toBe('aprobed');
    expect((await send(app(), 'GET', url, buyer.cookie)).json().state).toBe('aprobed');
    expect(fakes.paypal().orders.get(paypalId)?.captures).toBe(1);
  });

  it('makes a new PayPal order for a pending order whose own was never stored; approved, it is captured once', async () => {
    const { buyer, orderId, paypalId: lost } = await startPayPalCheckout(13);
    await forgetPaymentPage(orderId);

    const again = await send(app(), 'POST', `/api/orders/${orderId}/pay`, buyer.cookie);
    expect(again.statusCode, again.body).toBe(200);
    const paypalId = new URL(again.json().url).searchParams.get('token') ?? '';
    expect(paypalId).not.toBe(lost);
    expect(fakes.paypal().orders.get(paypalId)?.request.purchase_units[0]).toMatchObject({
      custom_id: orderId,
    });
    expect((await orderRow(app(), orderId))?.providerReference).toBe(paypalId);

    fakes.paypal().approve(paypalId);
    const url = `/api/paypal/execute-payment?token=${paypalId}&PayerID=BUYER1&order=${orderId}`;
    expect((await send(app(), 'GET', url, buyer.cookie)).json().state).toBe('aprobed');
    expect((await send(app(), 'GET', url, buyer.cookie)).json().state).toBe('aprobed');
    expect(fakes.paypal().orders.get(paypalId)?.captures).toBe(1);
  });

  it("refuses to execute someone else's payment", async () => {
    const { orderId, paypalId } = await startPayPalCheckout(9);
    const stranger = await verifiedBuyer(app());
    fakes.paypal().approve(paypalId);
    const response = await send(
      app(),
      'GET',
      `/api/paypal/execute-payment?token=${paypalId}&order=${orderId}`,
      stranger.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(fakes.paypal().orders.get(paypalId)?.captures).toBe(0);
  });

  function paypalWebhook(event: object, signature = VALID_PAYPAL_SIGNATURE) {
    return app().inject({
      method: 'POST',
      url: '/api/webhooks/paypal',
      payload: JSON.stringify(event),
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT',
        'paypal-transmission-id': 'tx-1',
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': new Date().toISOString(),
      },
    });
  }

  it('captures from the verified approval webhook once; forged or replayed events change nothing', async () => {
    const { orderId, paypalId } = await startPayPalCheckout(10);
    fakes.paypal().approve(paypalId);
    const event = { id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: paypalId } };
    expect((await paypalWebhook(event, 'forged')).statusCode).toBe(400);
    expect((await orderRow(app(), orderId))?.state).toBe('pending');
    expect((await paypalWebhook(event)).json().outcome).toBe('handled');
    expect((await orderRow(app(), orderId))?.state).toBe('aprobed');
    expect((await paypalWebhook(event)).json().outcome).toBe('duplicate');
    const capture = {
      id: 'WH-2',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPTURE1', supplementary_data: { related_ids: { order_id: paypalId } } },
    };
    expect((await paypalWebhook(capture)).json().outcome).toBe('handled');
    expect(fakes.paypal().orders.get(paypalId)?.captures).toBe(1);
  });
});
