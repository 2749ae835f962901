import { BRANDS, CHART_GENDERS, type SizeChartRow } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { product } from './catalog';
import { ownedBy, stamp, timestamps } from './columns';

/**
 * The sizes module's table (issue 39): the size charts staff changed. A brand and gender without a row
 * uses the chart the shop came with (modules/sizes/seed-charts.ts), so a fresh shop and an upgraded one
 * have every chart, and deleting a row gives the brand's published chart back.
 */
export const sizeChart = pgTable(
  'size_chart',
  {
    brand: text('brand', { enum: BRANDS }).notNull(),
    gender: text('gender', { enum: CHART_GENDERS }).notNull(),
    rows: jsonb('rows').$type<SizeChartRow[]>().notNull(),
    /** Where the figures come from, shown beside them. */
    source: text('source').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.brand, t.gender] }),
    check('size_chart_brand_valid', oneOf(t.brand, BRANDS)),
    check('size_chart_gender_valid', oneOf(t.gender, CHART_GENDERS)),
    check('size_chart_has_rows', sql`jsonb_array_length(${t.rows}) > 0`),
  ],
);

/**
 * What buyers kept, model against model (issue 39), worked out in the background from paid orders and
 * their size returns and exchanges: of the buyers who kept `basis_size` in the basis product and also
 * bought `product_id`, `buyers` kept `size` in it (the size most of them kept; one row per basis size and
 * product). A shopper who kept the basis size is told the size, once SIZE_ADVICE_MIN_BUYERS buyers say so.
 */
export const sizeAdvice = pgTable(
  'size_advice',
  {
    basisProductId: ownedBy('basis_product_id', () => product.id),
    basisSize: doublePrecision('basis_size').notNull(),
    productId: ownedBy('product_id', () => product.id),
    size: doublePrecision('size').notNull(),
    buyers: integer('buyers').notNull(),
    computedAt: stamp('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.basisProductId, t.basisSize] }),
    check('size_advice_buyers_positive', sql`${t.buyers} > 0`),
  ],
);
