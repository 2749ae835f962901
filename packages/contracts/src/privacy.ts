import { ERASURE_HOLD_DAYS_MAX } from './privacy-rules';
import { z } from './zod';

/**
 * `DELETE /api/account` and staff `POST /api/users/:id/erase`: erased at once, or held (an open order, a
 * return in progress, or the owner's hold after the last order) with the reason in words. `heldUntil` is
 * the earliest instant it can happen; null when only open work holds it (it follows once that closes).
 */
export const erasureOutcomeSchema = z.union([
  z.object({ erased: z.literal(true) }),
  z.object({ heldUntil: z.string().nullable(), reason: z.string() }),
]);
export type ErasureOutcome = z.infer<typeof erasureOutcomeSchema>;

const days = (min: number) =>
  z
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(min, { error: `must be ${min} or more` })
    .max(ERASURE_HOLD_DAYS_MAX, { error: `must be at most ${ERASURE_HOLD_DAYS_MAX}` });

/**
 * `GET/PUT /api/settings/privacy`: the owner's hold on erasures (days after the last order), and how long
 * an account may stay unverified before the privacy job erases it, and how long abandoned checkouts are
 * kept (retention).
 */
export const privacySettingsSchema = z.object({
  erasureHoldDays: days(0),
  unverifiedAccountDays: days(1),
  /** How long an abandoned checkout's record (its reminders, what came of them) is kept: 90 days by default. */
  recoveryRecordDays: days(1),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
/** A PUT changes the settings it names. */
export const privacySettingsBodySchema = privacySettingsSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'must name a setting to change' });
