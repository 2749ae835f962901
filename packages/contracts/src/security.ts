import { PASSKEY_NAME_MAX, SECURITY_MESSAGES } from './security-rules';
import { z } from './zod';

/**
 * Two-factor sign-in, passkeys and step-up on the wire (decision 36). The paths are Better Auth's
 * (`/api/auth/two-factor/*`, `/api/auth/passkey/*`); the shop checks their bodies first.
 */

const code = z
  .string({ error: SECURITY_MESSAGES.MISSING_CODE })
  .trim()
  .min(1, { error: SECURITY_MESSAGES.MISSING_CODE })
  .max(64, { error: 'is too long' });
const password = z.string().min(1, { error: 'Enter your password' }).max(128, { error: 'is too long' });

/** A WebAuthn assertion or attestation as the browser's `PublicKeyCredential.toJSON()` gives it. */
export const webAuthnResponseSchema = z.record(z.string(), z.unknown());

/** `POST /api/auth/two-factor/enable`: the password of an account that has one. */
export const twoFactorEnableBodySchema = z.object({ password: password.optional() });
export const twoFactorEnabledSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});

/** `verify-totp` / `verify-backup-code`: the code; at sign-in, whether to trust this browser is not offered. */
export const twoFactorCodeBodySchema = z.object({ code });

/** Removing the factor or regenerating recovery codes: the password, or (without one) a current code. */
export const twoFactorChallengeBodySchema = z.object({
  password: password.optional(),
  code: code.optional(),
});
export const recoveryCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** `POST /api/auth/step-up`: a code (TOTP or recovery), a passkey's assertion, or the password without a factor. */
export const stepUpBodySchema = z
  .object({
    code: code.optional(),
    passkey: webAuthnResponseSchema.optional(),
    password: password.optional(),
  })
  .refine((body) => [body.code, body.passkey, body.password].filter((v) => v !== undefined).length === 1, {
    error: 'Give exactly one of code, passkey or password',
    path: ['code'],
  });
export type StepUpBody = z.infer<typeof stepUpBodySchema>;
export const stepUpSchema = z.object({ validUntil: z.string() });

/** What the account's Security section shows: the factors on, and the passkeys. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  createdAt: z.string().nullable(),
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const securityStatusSchema = z.object({
  twoFactorEnabled: z.boolean(),
  hasPassword: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

const passkeyId = z.uuid({ error: 'must be a passkey id' });
export const passkeyRenameBodySchema = z.object({
  id: passkeyId,
  name: z
    .string({ error: 'Give the passkey a name' })
    .trim()
    .min(1, { error: 'Give the passkey a name' })
    .max(PASSKEY_NAME_MAX, { error: `must be at most ${PASSKEY_NAME_MAX} characters` }),
});
export const passkeyDeleteBodySchema = z.object({ id: passkeyId });
export const passkeyRegisterBodySchema = z.object({
  response: webAuthnResponseSchema,
  name: passkeyRenameBodySchema.shape.name.optional(),
});
export const passkeySignInBodySchema = z.object({ response: webAuthnResponseSchema });
