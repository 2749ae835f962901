import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp, uuidRef } from './columns';
import { user } from './users';

/**
 * The account module's tables (issue 40): each erasure a person (or staff for them) asked for, and the
 * owner's hold on erasures. An erasure's `number` is how the kept accounting records name the person
 * afterwards: "Erased customer #n".
 */
export const erasure = pgTable(
  'erasure',
  {
    number: serial('number').primaryKey(),
    userId: uuidRef('user_id', () => user.id)
      .notNull()
      .unique(),
    /** The member of staff who asked for it; null when the person asked themselves. */
    requestedBy: uuidRef('requested_by', () => user.id),
    requestedAt: createdAt(),
    /** While held: not before this instant (the owner's hold after the last order); null when only open work holds it. */
    heldUntil: stamp('held_until'),
    /** Why it is held, in the shop's words to the person. */
    reason: text('reason'),
    erasedAt: stamp('erased_at'),
  },
  (t) => [check('erasure_held_or_done', sql`${t.erasedAt} IS NOT NULL OR ${t.reason} IS NOT NULL`)],
);

export const privacySettings = pgTable(
  'privacy_settings',
  {
    /** Always 1: the shop has one set of settings. */
    id: integer('id').primaryKey().default(1),
    /** Days after a person's last order during which their erasure waits (chargebacks, returns): 0 by default. */
    erasureHoldDays: integer('erasure_hold_days').notNull().default(0),
    /** Days an account may stay unverified before the privacy job erases it (retention, issue 40). */
    unverifiedAccountDays: integer('unverified_account_days').notNull().default(30),
    /** Days an abandoned checkout's record is kept (its reminders and what came of them). */
    recoveryRecordDays: integer('recovery_record_days').notNull().default(90),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('privacy_settings_one_row', sql`${t.id} = 1`),
    check('privacy_settings_hold_days_range', sql`${t.erasureHoldDays} BETWEEN 0 AND 3650`),
    check('privacy_settings_unverified_days_range', sql`${t.unverifiedAccountDays} BETWEEN 1 AND 3650`),
    check('privacy_settings_recovery_days_range', sql`${t.recoveryRecordDays} BETWEEN 1 AND 3650`),
  ],
);
