import { PAYMENT_ENTRY_KINDS, STORE_CREDIT } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, stamp, uuidRef } from './columns';
import { order } from './orders';

/**
 * The payments ledger (docs/decisions/0032): every capture, refund, store credit spend and give-back of
 * an order is one entry, in cents, by its tender (a provider's id, or `store_credit`), idempotent on its
 * key. An order's paid and refunded figures are sums over its entries; nothing else stores them.
 */
export const paymentEntry = pgTable(
  'payment_entry',
  {
    id: idKey(),
    /**
     * The order (never deleted). No foreign key, as for the credit ledger: an entry is written in the
     * transaction of a refund whose caller then locks the order row, and the key check's share lock on that
     * row, taken first, could deadlock with a shipment locking the order at the same time.
     */
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: PAYMENT_ENTRY_KINDS }).notNull(),
    /** A registered payment provider's id, or `store_credit`. */
    tender: text('tender').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's reference of the payment a capture took or a refund gave back. */
    reference: text('reference'),
    /** The return a refund or give-back was for (none: a whole-order refund, or a capture or spend). */
    returnId: uuid('return_id'),
    /** What makes the entry once: a retry with the same key finds it and adds nothing. */
    key: text('key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_entry_amount_positive', sql`${t.amountCents} > 0`),
    check('payment_entry_kind_valid', oneOf(t.kind, PAYMENT_ENTRY_KINDS)),
    // Store credit moves only as spends and give-backs, and only store credit does.
    check(
      'payment_entry_tender_fits_kind',
      sql`(${t.kind} IN ('credit_spend', 'credit_back')) = (${t.tender} = ${sql.raw(`'${STORE_CREDIT}'`)})`,
    ),
    index('payment_entry_order_idx').on(t.orderId, t.createdAt),
    // The refunds of a period (the Sales view), newest last.
    index('payment_entry_refunds_idx').on(t.createdAt).where(sql`${t.kind} IN ('refund', 'credit_back')`),
  ],
);

/** A credit note's tax at one rate: what was refunded net of tax and the tax in it, in cents. */
export interface CreditNoteRate {
  /** The frozen rate in pcm (decision 34); null where no tax was collected. */
  ratePcm: number | null;
  netCents: number;
  taxCents: number;
}

/**
 * The credit note of each refund (issue 37): numbered in the shop's one sequence (`credit_note_counter`,
 * taken in the refund's transaction, so a refund rolled back leaves no gap), written with the refund's
 * ledger entries and keyed by the refund's key (a retried refund finds it and makes no second note). It
 * keeps what went back in all tenders, the tax in it and its split per rate, read from the order's frozen
 * lines, never computed again.
 */
export const creditNote = pgTable(
  'credit_note',
  {
    id: idKey(),
    number: integer('number').notNull().unique(),
    /** The order it corrects the invoice of (no foreign key, as for the ledger's entries). */
    orderId: uuid('order_id').notNull(),
    /** The return whose refund it is (none: a whole-order refund). */
    returnId: uuid('return_id'),
    /** The refund's key: its ledger entries' key, or their stem. */
    key: text('key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    rates: jsonb('rates').$type<CreditNoteRate[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_note_amount_positive', sql`${t.amountCents} > 0`),
    check('credit_note_tax_fits', sql`${t.taxCents} >= 0 AND ${t.taxCents} <= ${t.amountCents}`),
    index('credit_note_order_idx').on(t.orderId, t.number),
  ],
);

/** The last credit note number given: one row, locked by the refund that takes the next. */
export const creditNoteCounter = pgTable(
  'credit_note_counter',
  {
    id: boolean('id').primaryKey().default(true),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('credit_note_counter_one_row', sql`${t.id}`)],
);

/**
 * A refund of an order in progress: nobody else starts one until `claimed_until` (a crashed attempt's
 * claim runs out, and the provider's idempotency key keeps the retry from refunding twice).
 */
export const refundClaim = pgTable('refund_claim', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => order.id),
  claimedUntil: stamp('claimed_until').notNull(),
});

/** Every provider event handled, once: a replayed or duplicate delivery finds its id here and changes nothing. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    /** A registered payment provider's id: the registry checks it on write (no list in the database). */
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuidRef('order_id', () => order.id),
    receivedAt: stamp('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Payments of the built-in test-mode gateway, which stands in for a provider whose keys are not configured. */
export const testPayment = pgTable('test_payment', {
  reference: text('reference').primaryKey(),
  provider: text('provider').notNull(),
  orderId: uuidRef('order_id', () => order.id).notNull(),
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
        /** The order's tax: on top of the prices, or `included` in them (then not added to the amount). */
        tax?: true;
        included?: boolean;
      }[]
    >()
    .notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** When the test gateway last refunded (some of) it. */
  refundedAt: stamp('refunded_at'),
  /** How much of it was refunded, never more than `amount_cents`, and the idempotency key of each refund. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  refundKeys: text('refund_keys').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});
