import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentEvent } from '../../db/schema';
import { seedAccounts } from '../../seed/accounts';
import { signIn, stepUp } from '../../test/accounts';
import { stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { orderRow, send, stockOf, verifiedBuyer } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testBank } from '../../test/test-bank';
import { SIGNATURE_HEADER, sign } from '../../test/test-bank/bank';
import { PaymentProviderError } from './gateway';

/**
 * A provider that exists only in the tests (src/test/test-bank/), registered when the app is built: a
 * checkout, its signed webhook and a refund go through it like through the shop's own providers.
 */
const SECRET = 'test-bank-webhook-secret';
const { provider, bank } = testBank();
let testApp: TestApp;
let adminCookie: string;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp(
    {
      payments: {
        reservationMinutes: 30,
        testMode: true,
        providers: { 'test-bank': { secret: SECRET } },
      },
    },
    { extraProviders: [provider] },
  );
  await seedAccounts(app().auth, app().config.accounts);
  const { admin } = app().config.accounts;
  adminCookie = await signIn(app(), admin.email, admin.password);
  await stepUp(app(), adminCookie, { password: admin.password });
});

afterAll(async () => {
  await testApp?.close();
});

function bankWebhook(event: object, secret = SECRET, provider = 'test-bank') {
  const payload = JSON.stringify(event);
  return app().inject({
    method: 'POST',
    url: `/api/webhooks/${provider}`,
    payload,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(payload, secret) },
  });
}

async function checkout(cookie: string, productId: string, body: object = { provider: 'test-bank' }) {
  return send(app(), 'POST', '/api/checkouts', cookie, {
    ...body,
    products: [{ id: productId, size: '9', count: 2 }],
  });
}

describe('a provider registered by a test', () => {
  it('is listed with the shop’s own, with its label, before store credit', async () => {
    const response = await send(app(), 'GET', '/api/payments/providers');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { id: 'stripe', label: 'Card (Stripe)', available: true },
      { id: 'paypal', label: 'PayPal', available: true },
      { id: 'test-bank', label: 'Test Bank', available: true },
      { id: 'store_credit', label: 'Store credit', available: true },
    ]);
  });

  it('is in the OpenAPI document through the generic routes', async () => {
    const document = (await send(app(), 'GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/payments/providers', '/api/webhooks/{provider}']),
    );
  });

  it('takes a checkout, its signed webhook and a refund, end to end', async () => {
    const buyer = await verifiedBuyer(app());
    const [productId = ''] = await stockedProducts(app(), ['Test Bank Runner'], 5);

    const started = await checkout(buyer.cookie, productId);
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    const reference = url.split('/').pop() ?? '';
    expect(url).toBe(`https://bank.test/pay/${reference}`);
    expect(bank.payments.get(reference)).toMatchObject({ orderId, amountCents: 20000, status: 'open' });
    expect(await orderRow(app(), orderId)).toMatchObject({
      provider: 'test-bank',
      state: 'pending',
      providerReference: reference,
      paymentUrl: url,
      totalCents: 20000,
    });
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 3, reserved: 2 });

    // The buyer pays at the bank; the bank tells the shop, signed.
    bank.pay(reference);
    const event = { id: 'evt_1', type: 'payment.paid', reference };
    const forged = await bankWebhook(event, 'not-the-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [SIGNATURE_HEADER]: 'does not match the payload' },
    });
    expect((await orderRow(app(), orderId))?.state).toBe('pending');
    const notified = await bankWebhook(event);
    expect(notified.statusCode, notified.body).toBe(200);
    expect(notified.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await bankWebhook(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await orderRow(app(), orderId)).toMatchObject({ state: 'aprobed', paidAt: expect.any(Date) });
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 3, reserved: 0 });
    const events = await app().db.select().from(paymentEvent).where(eq(paymentEvent.orderId, orderId));
    expect(events).toEqual([expect.objectContaining({ provider: 'test-bank', eventId: 'evt_1' })]);
    const seen = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(seen.json()).toMatchObject({ state: 'aprobed', provider: 'test-bank', finalAmount: 200 });

    // Staff refund it through the bank, once.
    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ state: 'cancelled', refundedAt: expect.any(String) });
    expect(bank.payments.get(reference)?.refundedCents).toBe(20000);
    expect((await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie)).statusCode).toBe(409);
    expect(bank.payments.get(reference)?.refundedCents).toBe(20000);
    expect(await orderRow(app(), orderId)).toMatchObject({
      state: 'cancelled',
      refundedAt: expect.any(Date),
    });
    const mail = (await deliveredMail(app())).find(
      (message) => message.to === buyer.email && message.subject.includes('refunded'),
    );
    expect(mail?.text).toContain('The money goes back to the bank account you paid with');
  });

  it('words its refusals with its own names', async () => {
    const buyer = await verifiedBuyer(app());
    const [productId = ''] = await stockedProducts(app(), ['Test Bank Walker'], 5);
    const gateway = app().gateways.gateway('test-bank');
    if (!gateway) throw new Error('no test-bank gateway');
    vi.spyOn(gateway, 'createPayment').mockRejectedValueOnce(new PaymentProviderError('test-bank', 'down'));
    const refused = await checkout(buyer.cookie, productId);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: 'PAYMENT_FAILED',
      message: 'The bank payment could not be started, please try again',
    });
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 5, reserved: 0 });
  });
});

describe('a provider the shop does not have', () => {
  it('is refused at checkout as a choice outside the list, naming provider', async () => {
    const buyer = await verifiedBuyer(app());
    const [productId = ''] = await stockedProducts(app(), ['Nowhere Runner'], 5);
    const refused = await checkout(buyer.cookie, productId, { provider: 'nowhere' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body: provider Invalid option: expected one of "stripe"|"paypal"|"test-bank"',
      fields: { provider: 'Invalid option: expected one of "stripe"|"paypal"|"test-bank"' },
    });
    const malformed = await checkout(buyer.cookie, productId, { provider: 'Not A Provider' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({
      provider: 'must be a payment provider id such as stripe',
    });
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 5, reserved: 0 });
  });

  it('has no webhook: 404 in the error envelope', async () => {
    const response = await bankWebhook(
      { id: 'evt_x', type: 'payment.paid', reference: 'x' },
      SECRET,
      'nowhere',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'nowhere is not configured' } });
  });

  it('has a test-mode stand-in for each shop provider without keys, which takes no webhooks', async () => {
    const response = await bankWebhook({ id: 'evt_y', type: 'x' }, SECRET, 'stripe');
    expect(response.statusCode).toBe(404);
  });
});
