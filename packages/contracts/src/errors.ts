import { z } from './zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'STEP_UP_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'EMAIL_NOT_VERIFIED',
  'NOT_A_BUYER',
  'ACCOUNT_SUSPENDED',
  'EMAIL_IN_USE',
  'USERNAME_TAKEN',
  'USER_NOT_FOUND',
  'WRONG_PASSWORD',
  'INVALID_TOKEN',
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_STOCK',
  'TOO_MANY_PENDING',
  'DROP_NOT_RELEASED',
  'DROP_NOT_WON',
  'DROP_ADMISSION_REQUIRED',
  'DROP_LIMIT_REACHED',
  'DROP_ENTRY_CLOSED',
  'ALREADY_ENTERED',
  'DROP_ENTRY_ADDRESS',
  'PROOF_INVALID',
  'PROMOTION_NOT_FOUND',
  'PROMOTION_INACTIVE',
  'PROMOTION_NOT_STARTED',
  'PROMOTION_EXPIRED',
  'PROMOTION_USED_UP',
  'PROMOTION_ALREADY_USED',
  'PROMOTION_BELOW_MINIMUM',
  'PROMOTION_NOT_ELIGIBLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PAYMENT_FAILED',
  'PAYMENT_UNAVAILABLE',
  'TAX_UNAVAILABLE',
  'SIGN_IN_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every failed API call answers this envelope. `fields` maps a field name to the reason it was refused. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
