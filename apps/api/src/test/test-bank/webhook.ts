import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import type { PaymentNotice } from '../../modules/payments/gateway';
import { SIGNATURE_HEADER, sign } from './bank';

/** Checks the bank's HMAC signature of the body and reads the event. */
export function readTestBankNotice(
  secret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): PaymentNotice {
  const given = Buffer.from(String(headers[SIGNATURE_HEADER] ?? ''));
  const expected = Buffer.from(sign(rawBody.toString('utf8'), secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('VALIDATION_ERROR', 'The test bank signature is missing or wrong', {
      [SIGNATURE_HEADER]: 'does not match the payload',
    });
  }
  const event = JSON.parse(rawBody.toString('utf8')) as { id: string; type: string; reference: string };
  const kind =
    event.type === 'payment.paid' ? 'paid' : event.type === 'payment.failed' ? 'expired' : 'ignored';
  return {
    eventId: event.id,
    type: event.type,
    kind,
    reference: kind === 'ignored' ? null : event.reference,
  };
}
