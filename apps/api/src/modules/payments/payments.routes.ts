import {
  fromCents,
  PAYMENT_PROVIDER_PATTERN,
  type PaymentProvider,
  paymentProvidersSchema,
  testPaymentDecisionSchema,
  testPaymentSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import type { PaymentNotice } from './gateway';
import { returnUrl } from './test.gateway';
import * as testPayments from './test-gateway.repository';

/** test_<provider>_<32 hex digits>, as the test-mode gateway makes them. */
const TEST_REFERENCE = new RegExp(`^test_${PAYMENT_PROVIDER_PATTERN.source.slice(1, -1)}_[0-9a-f]{32}$`);
const referenceParams = z.object({
  reference: z.string().regex(TEST_REFERENCE, { error: 'must be a test payment reference' }),
});

/** What a payment means for the shop's orders: the composition root wires it to the orders module. */
export interface PaymentOutcomes {
  /** A verified provider notification: answers what was done with it (handled, duplicate, ignored). */
  notice(provider: PaymentProvider, notice: PaymentNotice): Promise<string>;
  /** The test gateway's "payment completed", delivered at once. */
  paid(orderId: string): Promise<unknown>;
}

/**
 * The registered providers, every provider's webhook (signature-verified, handled once) and the test-mode
 * gateway's payment page API.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ outcomes: PaymentOutcomes }> = async (
  app,
  { outcomes },
) => {
  app.get(
    '/api/payments/providers',
    {
      schema: {
        tags: ['payments'],
        summary: 'The payment providers: id, label, and whether each can take a payment now',
        response: { 200: paymentProvidersSchema },
      },
    },
    async () =>
      app.gateways.providers.map((provider) => ({
        id: provider.id,
        label: provider.wording.label,
        available: app.gateways.gateway(provider.id) !== null,
      })),
  );

  // Webhooks need the exact bytes that were signed (instead of the shop's JSON parser).
  app.register(async (plugin) => {
    const webhooks = plugin.withTypeProvider<ZodTypeProvider>();
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/api/webhooks/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: "A provider's webhook: verified by its signature, each event handled once",
          params: z.object({ provider: z.string().max(100) }),
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            ...refusals(400, 404),
          },
        },
      },
      async (request) => {
        const { provider } = request.params;
        const gateway = app.gateways.gateway(provider);
        if (!gateway || gateway.testMode) throw new AppError('NOT_FOUND', `${provider} is not configured`);
        if (!Buffer.isBuffer(request.body)) throw AppError.invalid('body', 'must be the JSON event');
        const notice = await gateway.readNotice(request.body, request.headers);
        return { received: true as const, outcome: await outcomes.notice(provider, notice) };
      },
    );
  });

  /** A payment of the test gateway, while that provider runs in test mode. */
  const findPayment = async (reference: string) => {
    const payment = await testPayments.findTestPayment(app.db, reference);
    const provider = payment && app.gateways.provider(payment.provider);
    if (!payment || !provider || !app.gateways.gateway(provider.id)?.testMode) {
      throw AppError.notFound('Test payment');
    }
    return { payment, provider };
  };

  /** Pays or gives up an open test payment, exactly once. */
  const closePayment = async (reference: string, status: 'paid' | 'cancelled') => {
    const found = await findPayment(reference);
    if (!(await testPayments.closeTestPayment(app.db, reference, status))) {
      throw new AppError('CONFLICT', 'This payment is no longer open');
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
        lines: payment.lines.map((line) => ({
          name: line.name,
          size: line.size,
          count: line.count,
          price: fromCents(line.priceCents),
        })),
      };
    },
  );

  app.post(
    '/api/test-gateway/payments/:reference/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Test mode only: pay; the gateway notifies the shop as the provider would and answers the return URL',
        params: referenceParams,
        response: decisionResponse,
      },
    },
    async (request) => {
      const { payment, provider } = await closePayment(request.params.reference, 'paid');
      // The provider's "payment completed" notification, delivered at once.
      await outcomes.paid(payment.orderId);
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
      const { payment, provider } = await closePayment(request.params.reference, 'cancelled');
      // Like a real provider, giving up only sends the buyer back; the shop's cancel page (or the
      // reservation sweep) cancels the order after asking the gateway.
      return { redirectUrl: returnUrl(provider, payment, 'cancelled') };
    },
  );
};
