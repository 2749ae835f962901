import { AppError } from '../../../../lib/app-error';
import type { PaymentNotice } from '../../gateway';

/** Asks PayPal whether a webhook event and its transmission headers are genuine. */
export type VerifySignature = (
  request: Record<string, unknown>,
) => Promise<{ status: number; body: { verification_status?: string } }>;

/** Verifies a PayPal event (PayPal checks the signature for the shop's webhook id) and reads it. */
export async function readPayPalNotice(
  verify: VerifySignature,
  webhookId: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<PaymentNotice> {
  let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw AppError.invalid('body', 'must be a PayPal webhook event');
  }
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const { status, body } = await verify({
    auth_algo: header('paypal-auth-algo'),
    cert_url: header('paypal-cert-url'),
    transmission_id: header('paypal-transmission-id'),
    transmission_sig: header('paypal-transmission-sig'),
    transmission_time: header('paypal-transmission-time'),
    webhook_id: webhookId,
    webhook_event: event,
  });
  if (status >= 300 || body.verification_status !== 'SUCCESS' || !event.id || !event.event_type) {
    throw new AppError('VALIDATION_ERROR', 'The PayPal signature is missing or wrong', {
      'paypal-transmission-sig': 'could not be verified',
    });
  }
  const resource = event.resource ?? {};
  const base = { eventId: event.id, type: event.event_type };
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return { ...base, kind: 'approved', reference: String(resource.id ?? '') || null };
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)
        ?.related_ids;
      return { ...base, kind: 'paid', reference: related?.order_id ?? null };
    }
    case 'CHECKOUT.ORDER.VOIDED':
      return { ...base, kind: 'expired', reference: String(resource.id ?? '') || null };
    default:
      return { ...base, kind: 'ignored', reference: null };
  }
}
