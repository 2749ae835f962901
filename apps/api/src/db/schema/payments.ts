import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { order } from './orders';

/** Payments of the built-in test-mode gateway, which stands in for a provider whose keys are not configured. */
export const testPayment = pgTable('test_payment', {
  reference: text('reference').primaryKey(),
  provider: text('provider').notNull(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => order.id),
  status: text('status').notNull().default('open'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  /**
   * The pairs, then the shipping charged as one line marked `shipping` (no size, a count of 1), then the
   * discount (named by its code) and the store credit as negative lines marked `discount` and `credit`.
   */
  lines: jsonb('lines')
    .$type<
      {
        name: string;
        size: string;
        count: number;
        priceCents: number;
        shipping?: true;
        discount?: true;
        credit?: true;
      }[]
    >()
    .notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** When the test gateway last refunded (some of) it. */
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  /** How much of it was refunded, never more than `amount_cents`, and the idempotency key of each refund. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  refundKeys: text('refund_keys').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
