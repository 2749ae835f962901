import { type PaymentProvider, paymentProvidersSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import type { PaymentNotice } from './gateway';
import { tenders } from './payments';
import { testGatewayRoutes } from './test-gateway.routes';

/** What a payment means for the shop's orders: the composition root wires it to the orders module. */
export interface PaymentOutcomes {
  /** A verified provider notification: answers what was done with it (handled, duplicate, ignored). */
  notice(provider: PaymentProvider, notice: PaymentNotice): Promise<string>;
  /**
   * The test gateway's "payment completed": delivered at once by its pay route, and by the
   * `paymentNotices` job until the order has heard it (so it must do nothing the second time).
   */
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
        summary:
          'Every tender by the name people read: the payment providers (and whether each can take a payment now), then store credit',
        response: { 200: paymentProvidersSchema },
      },
    },
    async () => tenders(app.gateways),
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

  await app.register(testGatewayRoutes, { paid: outcomes.paid });
};
