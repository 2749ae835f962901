export interface PaymentLine {
  name: string;
  size: string;
  count: number;
  unitPriceCents: number;
}

export interface PaymentRequest {
  orderId: string;
  currency: string;
  customerEmail: string;
  lines: PaymentLine[];
  /** The shipping method charged, shown as its own amount on the payment page. */
  shipping: { name: string; cents: number };
  /** What the provider charges: the lines less the discount, plus shipping, less the store credit. */
  totalCents: number;
  /** The discount code's cents off the lines (0: none), shown as its own amount. */
  discount: { code: string | null; cents: number };
  /** Store credit paying part of the order, shown as its own amount. */
  creditCents: number;
  /**
   * The order's tax: inside the lines' prices (`included`), or on top of them, shown as its own amount
   * (decision 34). The total holds it either way.
   */
  tax: { cents: number; included: boolean };
  /** Where the provider sends the buyer after paying / after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** The reservation's end: the payment page should not outlive it. */
  expiresAt: Date;
  /**
   * The provider's idempotency key: asked twice with one key (a retry after a lost answer), the provider
   * makes one payment page. Each attempt at a page for an order has its own.
   */
  idempotencyKey: string;
}

export interface PaymentPage {
  /** The provider's id for this payment (its payment page's or order's id, or a test-mode id). */
  reference: string;
  redirectUrl: string;
}

export type PaymentStatus = 'paid' | 'unpaid' | 'failed';

/** A provider notification whose signature has been verified. */
export interface PaymentNotice {
  eventId: string;
  type: string;
  /** paid: money received; approved: the buyer approved, capture it; expired: it will never be paid. */
  kind: 'paid' | 'approved' | 'expired' | 'ignored';
  reference: string | null;
}

/**
 * One interface for every way to pay: each provider's (providers/<name>/) and the built-in test-mode one.
 * The server never trusts the browser about a payment: it asks the provider (`confirm`) or a signed
 * notification.
 */
export interface PaymentGateway {
  /** The registered provider's id. */
  readonly provider: string;
  readonly testMode: boolean;
  createPayment(request: PaymentRequest): Promise<PaymentPage>;
  /** Asks the provider whether the payment happened; a provider that captures on approval captures it here, once. */
  confirm(reference: string, orderId: string): Promise<PaymentStatus>;
  /** Makes sure the payment can no longer happen; answers 'paid' when it already has. */
  cancel(reference: string): Promise<'cancelled' | 'paid'>;
  /**
   * Gives the buyer back `amountCents` of a completed payment (all of it or a part: several refunds may
   * follow each other up to what was paid), at most once per `idempotencyKey` whatever the retries;
   * throws a PaymentProviderError when the provider refuses.
   */
  refund(reference: string, amountCents: number, idempotencyKey: string): Promise<void>;
  /** Verifies a notification's signature and reads it; throws an AppError when it is not genuine. */
  readNotice(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentNotice>;
}

export class PaymentProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export function formatAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}
