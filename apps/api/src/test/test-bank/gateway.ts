import { type PaymentGateway, PaymentProviderError } from '../../modules/payments/gateway';
import type { Bank } from './bank';
import type { TestBankSettings } from './config';
import { readTestBankNotice } from './webhook';

/** Pays through the in-memory bank, as a real provider's gateway pays through its API. */
export function testBankGateway(bank: Bank, settings: TestBankSettings): PaymentGateway {
  const paymentOf = (reference: string) => {
    const payment = bank.payments.get(reference);
    if (!payment) throw new PaymentProviderError('test-bank', `No payment ${reference}`);
    return payment;
  };
  return {
    provider: 'test-bank',
    testMode: false,
    async createPayment(request) {
      const payment = bank.open(request.orderId, request.totalCents);
      return { reference: payment.reference, redirectUrl: `https://bank.test/pay/${payment.reference}` };
    },
    async confirm(reference) {
      const { status } = paymentOf(reference);
      return status === 'paid' ? 'paid' : status === 'open' ? 'unpaid' : 'failed';
    },
    async cancel(reference) {
      const payment = paymentOf(reference);
      if (payment.status === 'open') payment.status = 'cancelled';
      return payment.status === 'paid' ? 'paid' : 'cancelled';
    },
    async refund(reference, amountCents, key) {
      const payment = paymentOf(reference);
      if (payment.refunds.has(key)) return;
      if (payment.status !== 'paid' || payment.refundedCents + amountCents > payment.amountCents)
        throw new PaymentProviderError('test-bank', `Payment ${reference} cannot be refunded`);
      payment.refunds.add(key);
      payment.refundedCents += amountCents;
    },
    async readNotice(rawBody, headers) {
      return readTestBankNotice(settings.secret, rawBody, headers);
    },
  };
}
