import type Stripe from 'stripe';
import { AppError } from '../../../../lib/app-error';
import type { PaymentNotice } from '../../gateway';

/** Verifies a Stripe event's signature (Stripe-Signature) and reads what it says about a payment. */
export async function readStripeNotice(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<PaymentNotice> {
  const signature = headers['stripe-signature'];
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, String(signature ?? ''), webhookSecret);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The Stripe signature is missing or wrong', {
      'stripe-signature': 'does not match the payload',
    });
  }
  const base = { eventId: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
      return {
        ...base,
        kind: event.data.object.payment_status === 'paid' ? 'paid' : 'ignored',
        reference: event.data.object.id,
      };
    case 'checkout.session.async_payment_succeeded':
      return { ...base, kind: 'paid', reference: event.data.object.id };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'expired', reference: event.data.object.id };
    default:
      return { ...base, kind: 'ignored', reference: null };
  }
}
