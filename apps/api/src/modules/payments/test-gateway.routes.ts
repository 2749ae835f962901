import {
  fromCents,
  PAYMENT_PROVIDER_PATTERN,
  testPaymentDecisionSchema,
  testPaymentSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { returnUrl } from './test.gateway';
import * as testPayments from './test-gateway.repository';

/** test_<provider>_<32 hex digits>, as the test-mode gateway makes them. */
const TEST_REFERENCE = new RegExp(`^test_${PAYMENT_PROVIDER_PATTERN.source.slice(1, -1)}_[0-9a-f]{32}$`);
const referenceParams = z.object({
  reference: z.string().regex(TEST_REFERENCE, { error: 'must be a test payment reference' }),
});

/**
 * The test-mode gateway's payment page API, for the providers that run in test mode. `paid` is the
 * provider's "payment completed" notification: delivered at once, and kept as a durable job (queued with
 * the payment's close, in its transaction) that delivers it again until the order has heard it.
 */
export const testGatewayRoutes: FastifyPluginAsyncZod<{
  paid: (orderId: string) => Promise<unknown>;
}> = async (app, { paid }) => {
  /** A payment of the test gateway, while that provider runs in test mode. */
  const findPayment = async (reference: string) => {
    const payment = await testPayments.findTestPayment(app.db, reference);
    const provider = payment && app.gateways.provider(payment.provider);
    if (!payment || !provider || !app.gateways.gateway(provider.id)?.testMode) {
      throw AppError.notFound('Test payment');
    }
    return { payment, provider };
  };

  const noLongerOpen = () => new AppError('CONFLICT', 'This payment is no longer open');

  /** Gives up an open test payment, exactly once. */
  const cancelPayment = async (reference: string) => {
    const found = await findPayment(reference);
    if (!(await testPayments.closeTestPayment(app.db, reference, 'cancelled'))) throw noLongerOpen();
    return found;
  };

  /**
   * Pays an open test payment, and queues its notification in the same transaction. Paying one already
   * paid (its buyer retrying after the database went away before the order heard of it) pays nothing
   * again; the notification is delivered once more.
   */
  const payPayment = async (reference: string) => {
    const found = await findPayment(reference);
    const closed = await app.db.transaction(async (tx) => {
      if (!(await testPayments.closeTestPayment(tx, reference, 'paid'))) return false;
      await app.jobs.send(
        'paymentNotices',
        { orderId: found.payment.orderId },
        { tx, key: `paid:${reference}` },
      );
      return true;
    });
    if (!closed && (await testPayments.findTestPayment(app.db, reference))?.status !== 'paid') {
      throw noLongerOpen();
    }
    return found;
  };

  const decisionResponse = {
    200: testPaymentDecisionSchema,
    ...refusals(400, 404, 409),
  };

  app.get(
    '/api/test-gateway/payments/:reference',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test mode only: a payment of the built-in gateway, for its payment page',
        params: referenceParams,
        response: { 200: testPaymentSchema, ...refusals(400, 404) },
      },
    },
    async (request) => {
      const { payment } = await findPayment(request.params.reference);
      return {
        reference: payment.reference,
        provider: payment.provider,
        status: payment.status as 'open' | 'paid' | 'cancelled' | 'expired',
        amount: fromCents(payment.amountCents),
        currency: payment.currency,
        email: payment.email,
        lines: payment.lines
          .filter((line) => !line.shipping && !line.discount && !line.credit && !line.tax)
          .map((line) => ({
            name: line.name,
            size: line.size,
            count: line.count,
            price: fromCents(line.priceCents),
          })),
        shipping: shippingOf(payment.lines),
        tax: taxOf(payment.lines),
        ...deductionsOf(payment.lines),
      };
    },
  );

  app.post(
    '/api/test-gateway/payments/:reference/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Test mode only: pay; the gateway notifies the shop as the provider would (at once, and by a durable job until the order has heard it) and answers the return URL. Paying a payment already paid answers the same; one given up answers 409',
        params: referenceParams,
        response: decisionResponse,
      },
    },
    async (request) => {
      const { payment, provider } = await payPayment(request.params.reference);
      // The provider's "payment completed" notification, delivered at once (the job delivers it again).
      await paid(payment.orderId);
      return { redirectUrl: returnUrl(provider, payment, 'paid') };
    },
  );

  app.post(
    '/api/test-gateway/payments/:reference/cancel',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test mode only: give up paying; answers the cancel URL',
        params: referenceParams,
        response: decisionResponse,
      },
    },
    async (request) => {
      const { payment, provider } = await cancelPayment(request.params.reference);
      // Like a real provider, giving up only sends the buyer back; the shop's cancel page (or the
      // reservation sweep) cancels the order after asking the gateway.
      return { redirectUrl: returnUrl(provider, payment, 'cancelled') };
    },
  );
};

/** The shipping line of a test payment (none for a payment made before shipping was charged). */
function shippingOf(lines: { name: string; priceCents: number; shipping?: true }[]) {
  const line = lines.find((candidate) => candidate.shipping);
  return line ? { name: line.name, price: fromCents(line.priceCents) } : null;
}

/** The tax of a test payment: its amount and whether the prices included it (0 when none). */
function taxOf(lines: { priceCents: number; tax?: true; included?: boolean }[]) {
  const line = lines.find((candidate) => candidate.tax);
  return { amount: fromCents(line?.priceCents ?? 0), included: line?.included ?? false };
}

/** The discount code's amount off and the store credit of a test payment, each 0 when it has none. */
function deductionsOf(lines: { name: string; priceCents: number; discount?: true; credit?: true }[]) {
  const discount = lines.find((line) => line.discount);
  const credit = lines.find((line) => line.credit);
  return {
    discount: { code: discount?.name || null, amount: fromCents(-(discount?.priceCents ?? 0)) },
    credit: fromCents(-(credit?.priceCents ?? 0)),
  };
}
