import { TAX_CATEGORIES } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, stamp } from './columns';

/**
 * The shipping module's table: the ways an order can travel, priced by the server at checkout. A method
 * used by an order is archived instead of deleted (the order keeps its name and price either way).
 */
export const shippingMethod = pgTable(
  'shipping_method',
  {
    id: idKey(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** An order whose lines come to at least this much ships free; null: never free by amount. */
    freeAboveCents: integer('free_above_cents'),
    /** ISO 3166 alpha-2 codes the method serves; empty: every country. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    estimateMinDays: integer('estimate_min_days'),
    estimateMaxDays: integer('estimate_max_days'),
    /** What the charge is taxed as, when the shop taxes shipping (decision 34). */
    taxCategory: text('tax_category', { enum: TAX_CATEGORIES }).notNull().default('standard'),
    active: boolean('active').notNull().default(true),
    archivedAt: stamp('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('shipping_method_price_not_negative', sql`${t.priceCents} >= 0`),
    check('shipping_method_tax_category_valid', oneOf(t.taxCategory, TAX_CATEGORIES)),
    check('shipping_method_free_above_not_negative', sql`${t.freeAboveCents} >= 0`),
    check(
      'shipping_method_estimate_ordered',
      sql`${t.estimateMinDays} IS NULL OR ${t.estimateMaxDays} IS NULL OR ${t.estimateMinDays} <= ${t.estimateMaxDays}`,
    ),
  ],
);
