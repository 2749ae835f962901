import { ABANDONED_STATES, NOT_SENT_REASONS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { idKey, ownedBy, stamp } from './columns';
import { user } from './users';

/** A line of an abandoned checkout, as the shopper had it in their cart. */
export interface RecoveryLine {
  productId: string;
  size: number;
  count: number;
}

/**
 * The recovery module's tables (issue 40). Each checkout a signed-in shopper took to the payment page and
 * has not paid: its lines, when its next reminder is due, the reminders sent, and the order bought after
 * one. One open at a time per person (a new checkout takes its place); kept 90 days, then deleted by the
 * privacy job. `state` is 'waiting' while a reminder is due, 'reminded' once they have all gone.
 */
export const checkoutRecovery = pgTable(
  'checkout_recovery',
  {
    id: idKey(),
    userId: ownedBy('user_id', () => user.id),
    /** The pending order the checkout placed (its latest, when the shopper checked out again). */
    orderId: uuid('order_id').notNull(),
    lines: jsonb('lines').$type<RecoveryLine[]>().notNull(),
    /** The checkout's total then, in cents of `currency`. */
    valueCents: integer('value_cents').notNull(),
    currency: text('currency').notNull(),
    startedAt: stamp('started_at').notNull().defaultNow(),
    state: text('state', { enum: ABANDONED_STATES }).notNull().default('waiting'),
    reason: text('reason', { enum: NOT_SENT_REASONS }),
    /** When the next reminder is due; null once none is. */
    dueAt: stamp('due_at'),
    emailsSent: integer('emails_sent').notNull().default(0),
    lastEmailAt: stamp('last_email_at'),
    restoredAt: stamp('restored_at'),
    recoveredOrderId: uuid('recovered_order_id'),
    recoveredCents: integer('recovered_cents'),
    closedAt: stamp('closed_at'),
  },
  (t) => [
    check('checkout_recovery_state_valid', oneOf(t.state, ABANDONED_STATES)),
    check('checkout_recovery_reason_valid', sql`${t.reason} IS NULL OR ${oneOf(t.reason, NOT_SENT_REASONS)}`),
    // One open checkout per person: the one a new checkout replaces.
    uniqueIndex('checkout_recovery_open_idx').on(t.userId).where(sql`${t.closedAt} IS NULL`),
    index('checkout_recovery_started_idx').on(t.startedAt),
  ],
);

export const recoverySettings = pgTable(
  'recovery_settings',
  {
    /** Always 1: the shop has one set of settings. */
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    /** Minutes after the checkout each reminder goes: one or two, increasing. */
    delaysMinutes: integer('delays_minutes').array().notNull().default(sql`'{60,1440}'::integer[]`),
    /** Customers who bought before may get marketing (reminders, price drops) until they object. */
    softOptIn: boolean('soft_opt_in').notNull().default(false),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [check('recovery_settings_one_row', sql`${t.id} = 1`)],
);
