import { createHmac, randomUUID } from 'node:crypto';

export interface BankPayment {
  reference: string;
  orderId: string;
  amountCents: number;
  status: 'open' | 'paid' | 'cancelled';
  refundedCents: number;
  /** Refund requests by idempotency key: a retried one is answered, not made again. */
  refunds: Set<string>;
}

/** The bank's side of things, in memory: its payments, and the webhooks it signs. */
export class Bank {
  readonly payments = new Map<string, BankPayment>();

  open(orderId: string, amountCents: number): BankPayment {
    const payment: BankPayment = {
      reference: `tb_${randomUUID()}`,
      orderId,
      amountCents,
      status: 'open',
      refundedCents: 0,
      refunds: new Set(),
    };
    this.payments.set(payment.reference, payment);
    return payment;
  }

  /** The buyer pays on the bank's page. */
  pay(reference: string): void {
    const payment = this.payments.get(reference);
    if (payment?.status === 'open') payment.status = 'paid';
  }
}

export const SIGNATURE_HEADER = 'test-bank-signature';

export function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
