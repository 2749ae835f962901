import { CREDIT_KINDS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, ownedBy, stamp, uuidRef } from './columns';
import { user } from './users';

/**
 * The store credit module's tables. The ledger (`credit_entry`) is the truth: every grant, spend, spend
 * given back and refund as credit is an entry in cents, idempotent on its key. `credit_account` holds the
 * sum, changed in the entry's transaction by a conditional update that never takes it below zero, so two
 * checkouts at once cannot spend the same cents.
 */
export const creditAccount = pgTable(
  'credit_account',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull().default(0),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [check('credit_account_balance_not_negative', sql`${t.balanceCents} >= 0`)],
);

export const creditEntry = pgTable(
  'credit_entry',
  {
    id: idKey(),
    userId: ownedBy('user_id', () => user.id),
    /** Positive adds to the balance, negative takes from it. */
    amountCents: integer('amount_cents').notNull(),
    /** The balance once this entry was made. */
    balanceAfterCents: integer('balance_after_cents').notNull(),
    /** grant or adjustment (staff), spend (an order), spend_returned (an order cancelled before payment), refund, return. */
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    reason: text('reason').notNull(),
    orderId: uuid('order_id'),
    /** The order's number, for the buyer's history ("Paid order #12"). */
    orderNumber: integer('order_number'),
    returnId: uuid('return_id'),
    /** The staff member who granted it. */
    actorId: uuidRef('actor_id', () => user.id, 'set null'),
    /** What makes the entry once: a retry with the same key finds it and adds nothing. */
    key: text('key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_entry_amount_not_zero', sql`${t.amountCents} <> 0`),
    check('credit_entry_balance_not_negative', sql`${t.balanceAfterCents} >= 0`),
    check('credit_entry_kind_valid', oneOf(t.kind, CREDIT_KINDS)),
    index('credit_entry_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);
