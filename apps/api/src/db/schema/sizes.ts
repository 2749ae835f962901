import { BRANDS, CHART_GENDERS, type SizeChartRow } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { timestamps } from './columns';

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
