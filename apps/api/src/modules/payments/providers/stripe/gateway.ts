import type Stripe from 'stripe';
import {
  type PaymentGateway,
  type PaymentNotice,
  type PaymentPage,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentStatus,
} from '../../gateway';
import type { StripeSettings } from './config';
import { readStripeNotice } from './webhook';

const STRIPE_MIN_EXPIRY_MS = 30 * 60 * 1000 + 60 * 1000;

/**
 * The session's lines: the pairs, then the shipping as a line of its own when it costs anything, and the
 * tax when it comes on top of the prices, so that Stripe's total is exactly the order's.
 */
function lineItems(request: PaymentRequest) {
  const item = (name: string, quantity: number, unitAmount: number) => ({
    quantity,
    price_data: { currency: request.currency, unit_amount: unitAmount, product_data: { name } },
  });
  const items = request.lines.map((line) =>
    item(`${line.name} (size ${line.size})`, line.count, line.unitPriceCents),
  );
  if (request.shipping.cents > 0)
    items.push(item(`Shipping: ${request.shipping.name}`, 1, request.shipping.cents));
  if (!request.tax.included && request.tax.cents > 0) items.push(item('Tax', 1, request.tax.cents));
  return items;
}

/** What the coupon of a session is called: the discount code, the store credit, or both. */
function couponName(request: PaymentRequest): string {
  const parts = [
    request.discount.cents > 0 ? `Discount ${request.discount.code ?? ''}`.trim() : '',
    request.creditCents > 0 ? 'Store credit' : '',
  ].filter(Boolean);
  return parts.join(' and ').slice(0, 40);
}

/**
 * The discount and the store credit as one coupon for this session alone (Checkout has no negative lines):
 * an amount off, once, redeemable once, made with the session's idempotency key so a retry makes one.
 */
async function sessionDiscounts(stripe: Stripe, request: PaymentRequest) {
  const off = request.discount.cents + request.creditCents;
  if (off === 0) return {};
  const coupon = await stripe.coupons.create(
    {
      amount_off: off,
      currency: request.currency,
      duration: 'once',
      max_redemptions: 1,
      name: couponName(request),
      metadata: { orderId: request.orderId },
    },
    { idempotencyKey: `${request.idempotencyKey}-coupon` },
  );
  return { discounts: [{ coupon: coupon.id }] };
}

/** Stripe Checkout Sessions through the official SDK, with signed webhooks. */
export function stripeGateway(options: StripeSettings): PaymentGateway {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  // The SDK is loaded on first use: a shop that is not taking card payments right now does not carry it.
  let client: Promise<Stripe> | undefined;
  const sdk = () => {
    client ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(options.secretKey, {
          maxNetworkRetries: 2,
          timeout: 15_000,
          ...(api
            ? {
                host: api.hostname,
                port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
                protocol: api.protocol.replace(':', '') as 'http' | 'https',
              }
            : {}),
        }),
    );
    return client;
  };

  const fail = (message: string, cause: unknown) => new PaymentProviderError('stripe', message, { cause });

  return {
    provider: 'stripe',
    testMode: false,

    async createPayment(request: PaymentRequest): Promise<PaymentPage> {
      // Stripe keeps a session open at least 30 minutes; the shop's own expiry closes it earlier if needed.
      const expiresAt = Math.max(request.expiresAt.getTime(), Date.now() + STRIPE_MIN_EXPIRY_MS);
      const stripe = await sdk();
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer_email: request.customerEmail,
            client_reference_id: request.orderId,
            metadata: { orderId: request.orderId },
            payment_intent_data: { metadata: { orderId: request.orderId } },
            line_items: lineItems(request),
            ...(await sessionDiscounts(stripe, request)),
            success_url: `${request.successUrl}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(expiresAt / 1000),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error('Stripe answered a session without a URL');
        return { reference: session.id, redirectUrl: session.url };
      } catch (error) {
        throw fail('Stripe could not open a payment page', error);
      }
    },

    async confirm(reference: string): Promise<PaymentStatus> {
      const stripe = await sdk();
      try {
        const session = await stripe.checkout.sessions.retrieve(reference);
        if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
          return 'paid';
        return session.status === 'expired' ? 'failed' : 'unpaid';
      } catch (error) {
        throw fail('Stripe could not be asked about the payment', error);
      }
    },

    async cancel(reference: string) {
      const stripe = await sdk();
      try {
        const session = await stripe.checkout.sessions.retrieve(reference);
        if (session.payment_status === 'paid') return 'paid';
        if (session.status === 'open') await stripe.checkout.sessions.expire(reference);
        return 'cancelled';
      } catch (error) {
        // The buyer may have paid in the instant between the two calls.
        const session = await stripe.checkout.sessions.retrieve(reference).catch(() => null);
        if (session?.payment_status === 'paid') return 'paid';
        if (session && session.status !== 'open') return 'cancelled';
        throw fail('Stripe could not close the payment page', error);
      }
    },

    async refund(reference: string, amountCents: number, idempotencyKey: string) {
      const stripe = await sdk();
      try {
        const session = await stripe.checkout.sessions.retrieve(reference);
        const intent = session.payment_intent;
        const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
        if (!paymentIntent) throw new Error(`Checkout Session ${reference} has no payment`);
        await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountCents },
          { idempotencyKey },
        );
      } catch (error) {
        throw fail('Stripe could not refund the payment', error);
      }
    },

    async readNotice(rawBody, headers): Promise<PaymentNotice> {
      return readStripeNotice(await sdk(), options.webhookSecret, rawBody, headers);
    },
  };
}
