import { type ShipTo as ContractShipTo, FULFILMENT_STATES, ORDER_STATES } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { product } from './catalog';
import { idKey, ownedBy, stamp, timestamps, uuidRef } from './columns';
import { shippingMethod } from './shipping';
import { user } from './users';

/**
 * The address an order ships to, copied from the buyer's profile at checkout (or a draw's winner's entry).
 * Orders placed before the recipient's name and postal code were asked have neither.
 */
export type ShipTo = Omit<ContractShipTo, 'fullName' | 'postalCode'> &
  Partial<Pick<ContractShipTo, 'fullName' | 'postalCode'>>;

/**
 * An order moves pending → aprobed (payment verified with the provider) or pending → cancelled (cancelled,
 * expired or failed), each exactly once: every transition is a conditional update on `state`.
 */
export const order = pgTable(
  'order',
  {
    id: idKey(),
    /** The order's number on its invoice and in the buyer's e-mails: 1, 2, 3… in the order they were placed. */
    number: integer('number').generatedByDefaultAsIdentity().notNull().unique(),
    userId: uuidRef('user_id', () => user.id).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull().default('pending'),
    /**
     * What pays it: a registered payment provider's id (the registry checks it on write; no list in the
     * database), or `store_credit` when the buyer's store credit paid it whole.
     */
    provider: text('provider').notNull(),
    /** The provider's id for the payment (its payment page's or order's id), or a test-mode id. */
    providerReference: text('provider_reference'),
    /** The provider's payment page for this order, so its buyer can go back to it while it is pending. */
    paymentUrl: text('payment_url'),
    /** What the order costs: the lines less the discount, plus shipping (zero for an exchange's replacement). */
    totalCents: integer('total_cents').notNull(),
    /** The discount code's cents off the lines (its free shipping shows as shipping of 0). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The discount code as the buyer typed it, in its promotion's spelling. */
    promotionCode: text('promotion_code'),
    /**
     * The part of the total the buyer's store credit pays, as the order was priced (the provider is asked for
     * the rest); what was paid and refunded is the payments ledger's (payment_entry).
     */
    creditUsedCents: integer('credit_used_cents').notNull().default(0),
    /** The shipping method chosen at checkout, as it was then: its id, name and the price charged. */
    shippingMethodId: uuidRef('shipping_method_id', () => shippingMethod.id),
    shippingName: text('shipping_name').notNull().default('Standard shipping'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** Where the pairs go: the buyer's profile address when the order was placed. */
    shipTo: jsonb('ship_to').$type<ShipTo>(),
    /** After the payment: unfulfilled → partially_shipped → shipped → delivered (docs/decisions/0029). */
    fulfilment: text('fulfilment', { enum: FULFILMENT_STATES }).notNull().default('unfulfilled'),
    /** A size exchange's replacement: the order whose return it came from. */
    replacementOf: uuid('replacement_of').references((): AnyPgColumn => order.id),
    currency: text('currency').notNull().default('usd'),
    /**
     * The order's tax as it was priced, frozen (decision 34): all of it, whether the prices included it,
     * whether the shop collected any (and why not), whose rates applied ('FR', 'US-CA'; '' for none) and where
     * they came from ('table', the rate table; 'fallback', the table after a tax provider failed). Shipping's
     * part is here; each line's is on its row. Nothing recomputes it.
     */
    taxCents: integer('tax_cents').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    taxCollected: boolean('tax_collected').notNull().default(false),
    taxReason: text('tax_reason').notNull().default(''),
    taxJurisdiction: text('tax_jurisdiction').notNull().default(''),
    taxSource: text('tax_source').notNull().default('table'),
    shippingTaxRatePcm: integer('shipping_tax_rate_pcm'),
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /** The reserved units return to stock if the order is not paid by then. */
    reservedUntil: stamp('reserved_until').notNull(),
    paidAt: stamp('paid_at'),
    cancelledAt: stamp('cancelled_at'),
    confirmationSentAt: stamp('confirmation_sent_at'),
    /** Set once, when staff refunded what was left of it and the order moved aprobed → cancelled. */
    refundedAt: stamp('refunded_at'),
    ...timestamps(),
  },
  (t) => [
    check('order_state_valid', oneOf(t.state, ORDER_STATES)),
    check('order_total_not_negative', sql`${t.totalCents} >= 0`),
    check('order_shipping_not_negative', sql`${t.shippingCents} >= 0`),
    check('order_discount_not_negative', sql`${t.discountCents} >= 0`),
    check('order_credit_within_total', sql`${t.creditUsedCents} BETWEEN 0 AND ${t.totalCents}`),
    check('order_tax_not_negative', sql`${t.taxCents} >= 0 AND ${t.shippingTaxCents} >= 0`),
    check('order_fulfilment_valid', oneOf(t.fulfilment, FULFILMENT_STATES)),
    // A buyer's orders newest first, page by page: the id breaks ties so pages never overlap or skip.
    index('order_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The admin's list: every order newest first, or those in one state, page by page.
    index('order_created_idx').on(t.createdAt, t.id),
    index('order_state_created_idx').on(t.state, t.createdAt, t.id),
    index('order_pending_expiry_idx').on(t.reservedUntil).where(sql`${t.state} = 'pending'`),
    index('order_provider_reference_idx').on(t.provider, t.providerReference),
    // The staff's "To ship" view: paid orders not yet fully shipped, oldest first.
    index('order_to_ship_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.state} = 'aprobed' AND ${t.fulfilment} IN ('unfulfilled', 'partially_shipped')`),
  ],
);

/** A line as it was bought: name, size, count and unit price are copied at purchase. */
export const orderItem = pgTable(
  'order_item',
  {
    orderId: ownedBy('order_id', () => order.id),
    position: integer('position').notNull(),
    productId: uuidRef('product_id', () => product.id).notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    /** The product's genders at purchase: whose size chart labels the size. */
    genders: text('genders').array().notNull().default(sql`'{}'::text[]`),
    picture: text('picture').notNull(),
    size: doublePrecision('size').notNull(),
    count: integer('count').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The discount code's cents off this line (all its units): what was paid is the line's total less it. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The line's tax, frozen: its category, its rate in pcm (null: none collected) and its tax. */
    taxCategory: text('tax_category').notNull().default('standard'),
    taxRatePcm: integer('tax_rate_pcm'),
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_item_count_positive', sql`${t.count} > 0`),
    check('order_item_price_positive', sql`${t.unitPriceCents} > 0`),
    check(
      'order_item_discount_within_line',
      sql`${t.discountCents} BETWEEN 0 AND ${t.unitPriceCents} * ${t.count}`,
    ),
    // What a model sold, per size (its fit card's pairs bought, the Sales tab's size table).
    index('order_item_product_idx').on(t.productId, t.size),
  ],
);
