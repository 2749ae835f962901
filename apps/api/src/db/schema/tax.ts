import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idKey, stamp } from './columns';

/**
 * The tax module's tables (docs/decisions/0034): the shop's settings (one row), the rates per place and
 * category with the dates they apply, and the places the shop is registered to collect tax. A place is a
 * country (ISO 3166 alpha-2) and, for a US state, its USPS code as the region ('' for none).
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    /** Always 1: the shop has one set of settings. */
    id: integer('id').primaryKey().default(1),
    /** ISO 4217; each order keeps the one it was placed in. */
    currency: text('currency').notNull().default('USD'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    homeCountry: text('home_country').notNull().default('US'),
    homeRegion: text('home_region').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    /** Registered for the EU One-Stop-Shop: each EU country's rate, not the home rate, for EU buyers. */
    oss: boolean('oss').notNull().default(false),
    taxShipping: boolean('tax_shipping').notNull().default(false),
    /** When a tax provider fails at checkout: the rate table ('table'), or refuse the checkout. */
    fallback: text('fallback', { enum: ['table', 'refuse'] })
      .notNull()
      .default('table'),
    /** Euros per unit of the shop's currency, in millionths, for the EU threshold (EUR 10,000). */
    eurRateMicros: integer('eur_rate_micros').notNull().default(1_000_000),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tax_settings_one_row', sql`${t.id} = 1`),
    check('tax_settings_eur_rate_positive', sql`${t.eurRateMicros} > 0`),
  ],
);

export const taxRate = pgTable(
  'tax_rate',
  {
    id: idKey(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    category: text('category', { enum: ['standard', 'reduced', 'zero', 'exempt'] }).notNull(),
    /** Per cent mille: 20 % is 20000, 8.875 % is 8875. */
    ratePcm: integer('rate_pcm').notNull(),
    /** The first and last day it applies (in UTC); null: since ever, until further notice. */
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    /** Where the figure comes from, for staff checking it. */
    source: text('source').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('tax_rate_within_100', sql`${t.ratePcm} BETWEEN 0 AND 100000`),
    check(
      'tax_rate_dates_ordered',
      sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);

export const taxRegistration = pgTable(
  'tax_registration',
  {
    id: idKey(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tax_registration_place').on(t.country, t.region)],
);

/**
 * Each US state's economic-nexus thresholds: this calendar year's sales (cents, gross) or number of
 * transactions into the state above which a remote seller must register there. Null: none (a state
 * without a state sales tax has no sales threshold; most have no transactions threshold). Seeded by the
 * migration with its source and date; staff change them.
 */
export const taxNexusThreshold = pgTable(
  'tax_nexus_threshold',
  {
    /** The state's USPS code. */
    region: text('region').primaryKey(),
    salesThresholdCents: integer('sales_threshold_cents'),
    transactionsThreshold: integer('transactions_threshold'),
    source: text('source').notNull().default(''),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'tax_nexus_threshold_positive',
      sql`(${t.salesThresholdCents} IS NULL OR ${t.salesThresholdCents} > 0) AND (${t.transactionsThreshold} IS NULL OR ${t.transactionsThreshold} > 0)`,
    ),
  ],
);
