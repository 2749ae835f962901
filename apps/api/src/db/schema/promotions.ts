import { PROMOTION_KIND_STRATEGIES, PROMOTION_KINDS, PROMOTION_STATUSES } from '@shop/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, stamp, timestamps, uuidRef } from './columns';
import { order } from './orders';
import { user } from './users';

/**
 * The promotions module's tables. A promotion is a discount code: a percentage or an amount off the
 * order or its eligible lines, or free shipping, within its dates and caps. `uses` counts the orders
 * holding it (pending or paid); the checkout raises it with a conditional update, so a race never takes
 * it past `total_uses`, and an order cancelled before payment gives its use back.
 */
/**
 * Each kind keeps its value in the column its strategy names, within the strategy's range, and the other
 * value column empty; a kind that takes no value keeps both empty. Written from the kinds' registry.
 */
function valueFitsKind(t: { kind: AnyPgColumn; percentOff: AnyPgColumn; amountOffCents: AnyPgColumn }): SQL {
  const columns = { percent_off: t.percentOff, amount_off_cents: t.amountOffCents } as const;
  const clauses = Object.entries(PROMOTION_KIND_STRATEGIES).map(([kind, strategy]) => {
    const parts = [sql`${t.kind} = ${sql.raw(`'${kind}'`)}`];
    for (const [name, column] of Object.entries(columns)) {
      const stored = strategy.stored?.column === name ? strategy.stored : null;
      if (!stored) parts.push(sql`${column} IS NULL`);
      else if (stored.max === undefined) parts.push(sql`${column} >= ${sql.raw(String(stored.min))}`);
      else parts.push(sql`${column} BETWEEN ${sql.raw(`${stored.min} AND ${stored.max}`)}`);
    }
    return sql`(${sql.join(parts, sql` AND `)})`;
  });
  return sql.join(clauses, sql` OR `);
}

export const promotion = pgTable(
  'promotion',
  {
    id: idKey(),
    /** As staff typed it; shoppers may type it in any case. */
    code: text('code').notNull(),
    /** The code in upper case: unique, what a shopper's code is looked up by. */
    codeKey: text('code_key').notNull().unique(),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    /** For `percent`: the percentage off, 1 to 100. */
    percentOff: integer('percent_off'),
    /** For `amount`: the cents off. */
    amountOffCents: integer('amount_off_cents'),
    /** The eligible lines' amount the cart must reach (0: none). */
    minOrderCents: integer('min_order_cents').notNull().default(0),
    startsAt: stamp('starts_at'),
    endsAt: stamp('ends_at'),
    /** At most this many orders may use it (null: no cap). */
    totalUses: integer('total_uses'),
    /** At most this many orders per account (null: no cap). */
    usesPerCustomer: integer('uses_per_customer'),
    /** Eligible lines: of these products, brands or categories; all empty means every line. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    brands: text('brands').array().notNull().default(sql`'{}'::text[]`),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Whether a drop's product may be bought with it. */
    appliesToDrops: boolean('applies_to_drops').notNull().default(false),
    /** active, paused (refused for now) or archived (refused for good, hidden from the default list). */
    status: text('status', { enum: PROMOTION_STATUSES }).notNull().default('active'),
    uses: integer('uses').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('promotion_kind_valid', oneOf(t.kind, PROMOTION_KINDS)),
    check('promotion_status_valid', oneOf(t.status, PROMOTION_STATUSES)),
    check('promotion_value_fits_kind', valueFitsKind(t)),
    check('promotion_min_order_not_negative', sql`${t.minOrderCents} >= 0`),
    check(
      'promotion_uses_within_cap',
      sql`${t.uses} >= 0 AND (${t.totalUses} IS NULL OR ${t.uses} <= ${t.totalUses})`,
    ),
    check(
      'promotion_caps_positive',
      sql`(${t.totalUses} IS NULL OR ${t.totalUses} > 0) AND (${t.usesPerCustomer} IS NULL OR ${t.usesPerCustomer} > 0)`,
    ),
    check(
      'promotion_dates_ordered',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`,
    ),
    index('promotion_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * One order's use of a promotion (an order takes one code). Released when the order is cancelled before
 * its payment: the promotion's `uses` goes down in the same transaction.
 */
export const promotionUse = pgTable(
  'promotion_use',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => order.id, { onDelete: 'cascade' }),
    promotionId: uuidRef('promotion_id', () => promotion.id).notNull(),
    userId: uuidRef('user_id', () => user.id).notNull(),
    discountCents: integer('discount_cents').notNull(),
    /** What the order came to with the discount, for the promotion's sales figure once it is paid. */
    orderTotalCents: integer('order_total_cents').notNull(),
    /** Set when the order is paid: its discount then counts in the promotion's figures for good. */
    paidAt: stamp('paid_at'),
    createdAt: createdAt(),
    releasedAt: stamp('released_at'),
  },
  (t) => [
    check('promotion_use_discount_not_negative', sql`${t.discountCents} >= 0`),
    index('promotion_use_customer_idx').on(t.promotionId, t.userId).where(sql`${t.releasedAt} IS NULL`),
  ],
);
