import { usStateCode } from './us-states';
import { z } from './zod';

/**
 * The tax report and the thresholds (docs/decisions/0034): what was sold and taxed per place and rate in a
 * period, and this year's sales against the EU's One-Stop-Shop threshold and each US state's economic
 * nexus. Amounts are decimals of the shop's currency, as everywhere on the wire.
 */

/** The EU's threshold for cross-border sales to consumers, in euros a calendar year. */
export const EU_OSS_THRESHOLD_EUR = 10_000;
/** A threshold counts as near from this share of it. */
export const THRESHOLD_NEAR_SHARE = 0.8;
/** The longest period a report covers, in days (about three years). */
export const TAX_REPORT_MAX_DAYS = 1_100;

const dateSchema = z.iso.date({ error: 'must be a date such as 2027-01-31' });
const DAY_MS = 86_400_000;

/** `GET /api/admin/tax/report?from=&to=&format=`: both days included (UTC). */
export const taxReportQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
  })
  .refine((query) => query.from <= query.to, { error: 'must not be before from', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) < TAX_REPORT_MAX_DAYS * DAY_MS, {
    error: `must be at most ${TAX_REPORT_MAX_DAYS} days after from`,
    path: ['to'],
  });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

const taxReportFiguresSchema = z.object({
  /** Sales before tax, and the tax on them, of the orders paid in the period. */
  net: z.number(),
  tax: z.number(),
  /** How many orders have lines at this rate (an order with two rates counts in both rows). */
  orders: z.number().int(),
  /** What refunds made in the period gave back: before tax, and the tax. */
  refundedNet: z.number(),
  refundedTax: z.number(),
});

/** One place and rate: a country, or a US state (`region`), with what was sold and refunded at that rate. */
export const taxReportRowSchema = taxReportFiguresSchema.extend({
  /** 'FR', 'US-CA': whose rates applied, or (nothing collected) where the order went. */
  jurisdiction: z.string(),
  country: z.string(),
  region: z.string(),
  /** An EU member state: its lines are the One-Stop-Shop return's (other than the home country's). */
  eu: z.boolean(),
  /** standard, reduced, zero or exempt: the lines' tax category. */
  rateType: z.string(),
  /** A percentage; null where no tax was collected (`reason` says why). */
  rate: z.number().nullable(),
  reason: z.string().nullable(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  homeCountry: z.string(),
  rows: z.array(taxReportRowSchema),
  /** All rows; `orders` counts each order once. `net + tax` is what the orders paid in the period took. */
  totals: taxReportFiguresSchema,
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const usThresholdSchema = z.object({
  /** USPS code. */
  state: z.string(),
  name: z.string(),
  /** This year's gross sales (shop currency) and paid orders shipped there. */
  sales: z.number(),
  transactions: z.number().int(),
  /** Null: none (a state without a sales tax, or no transactions test). */
  salesThreshold: z.number().nullable(),
  transactionsThreshold: z.number().int().nullable(),
  /** The larger of sales / salesThreshold and transactions / transactionsThreshold. */
  share: z.number(),
  near: z.boolean(),
  crossed: z.boolean(),
  source: z.string(),
});

/** `GET /api/admin/tax/thresholds`. */
export const taxThresholdsSchema = z.object({
  eu: z.object({
    /** Whether the EU threshold concerns the shop: its home country is in the EU. */
    applies: z.boolean(),
    /** This year's sales to EU countries other than the home country, before tax, in euros. */
    sales: z.number(),
    /** EUR 10,000. */
    threshold: z.number(),
    /** sales / threshold. */
    share: z.number(),
    near: z.boolean(),
    crossed: z.boolean(),
    /** The euro rate the sales were converted at (euros for one unit of the shop's currency). */
    eurRate: z.number(),
  }),
  us: z.array(usThresholdSchema),
});
export type TaxThresholds = z.infer<typeof taxThresholdsSchema>;
export type UsThreshold = z.infer<typeof usThresholdSchema>;

const STATE_MESSAGE = 'must be a US state: a USPS code such as CA, or its name';

/** `PUT /api/admin/tax/thresholds/:state`: the state as a USPS code or name. */
export const taxThresholdParamsSchema = z.object({
  state: z.string({ error: STATE_MESSAGE }).transform((value, context) => {
    const code = usStateCode(value);
    if (!code) {
      context.addIssue({ code: 'custom', message: STATE_MESSAGE });
      return z.NEVER;
    }
    return code;
  }),
});

export const taxThresholdBodySchema = z
  .object({
    salesThreshold: z
      .number({ error: 'must be an amount or null' })
      .positive({ error: 'must be more than 0' })
      .max(20_000_000, { error: 'must be 20,000,000 or less' })
      .multipleOf(0.01, { error: 'must have at most 2 decimals' })
      .nullable(),
    transactionsThreshold: z
      .number({ error: 'must be a whole number or null' })
      .int({ error: 'must be a whole number' })
      .positive({ error: 'must be more than 0' })
      .max(1_000_000, { error: 'must be 1,000,000 or less' })
      .nullable(),
  })
  .strict();
export type TaxThresholdBody = z.infer<typeof taxThresholdBodySchema>;
