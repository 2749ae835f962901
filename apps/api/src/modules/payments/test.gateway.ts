import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type PaymentGateway, type PaymentPage, PaymentProviderError, type PaymentRequest } from './gateway';
import type { PaymentProvider } from './providers/provider';
import * as repository from './test-gateway.repository';

/**
 * The built-in test-mode gateway: stands in for a provider whose keys are not configured. Its payment page
 * is a page of the shop (/test-gateway/:reference), clearly marked test mode, with Pay and Cancel; it
 * sends the buyer back exactly as the provider would, and the server confirms through `confirm`, just as
 * it asks the real provider. No real money moves.
 */
export function testGateway({ id: provider }: PaymentProvider, db: Db, siteUrl: string): PaymentGateway {
  return {
    provider,
    testMode: true,

    async createPayment(request: PaymentRequest): Promise<PaymentPage> {
      const reference = `test_${provider}_${randomBytes(16).toString('hex')}`;
      await repository.insertTestPayment(db, {
        reference,
        provider,
        orderId: request.orderId,
        amountCents: request.totalCents,
        currency: request.currency,
        email: request.customerEmail,
        lines: [
          ...request.lines.map((line) => ({
            name: line.name,
            size: line.size,
            count: line.count,
            priceCents: line.unitPriceCents,
          })),
          {
            name: request.shipping.name,
            size: '',
            count: 1,
            priceCents: request.shipping.cents,
            shipping: true,
          },
          ...(request.discount.cents > 0
            ? [
                {
                  name: request.discount.code ?? '',
                  size: '',
                  count: 1,
                  priceCents: -request.discount.cents,
                  discount: true as const,
                },
              ]
            : []),
          ...(request.tax.cents > 0
            ? [
                {
                  name: request.tax.included ? 'Tax included' : 'Tax',
                  size: '',
                  count: 1,
                  priceCents: request.tax.cents,
                  tax: true as const,
                  included: request.tax.included,
                },
              ]
            : []),
          ...(request.creditCents > 0
            ? [
                {
                  name: 'Store credit',
                  size: '',
                  count: 1,
                  priceCents: -request.creditCents,
                  credit: true as const,
                },
              ]
            : []),
        ],
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      return { reference, redirectUrl: `${siteUrl}/test-gateway/${reference}` };
    },

    async confirm(reference: string) {
      const payment = await repository.findTestPayment(db, reference);
      if (!payment) return 'failed';
      return payment.status === 'paid' ? 'paid' : payment.status === 'open' ? 'unpaid' : 'failed';
    },

    async cancel(reference: string) {
      if (await repository.closeTestPayment(db, reference, 'expired')) return 'cancelled';
      const payment = await repository.findTestPayment(db, reference);
      return payment?.status === 'paid' ? 'paid' : 'cancelled';
    },

    async refund(reference: string, amountCents: number, idempotencyKey: string) {
      // Recorded once per key; asking again (a retry) finds it recorded and changes nothing. Like a
      // provider, it refuses to give back more than was paid.
      if (await repository.refundTestPayment(db, reference, amountCents, idempotencyKey)) return;
      const payment = await repository.findTestPayment(db, reference);
      if (payment?.status === 'paid' && payment.refundKeys.includes(idempotencyKey)) return;
      throw new PaymentProviderError(
        provider,
        payment?.status === 'paid'
          ? `Test payment ${reference} has less than ${amountCents} cents left to refund`
          : `Test payment ${reference} was not paid`,
      );
    },

    async readNotice() {
      throw new AppError('NOT_FOUND', `The ${provider} test-mode gateway sends no webhooks`);
    },
  };
}

/** Where the test page sends the buyer: the URL the real provider would build. */
export function returnUrl(
  provider: PaymentProvider,
  payment: repository.TestPaymentRow,
  outcome: 'paid' | 'cancelled',
): string {
  const url = outcome === 'paid' ? payment.successUrl : payment.cancelUrl;
  return `${url}${provider.returnQuery(payment.reference, outcome)}`;
}
