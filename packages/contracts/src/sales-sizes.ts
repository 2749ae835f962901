import { z } from './zod';

/**
 * The owner's size table (issue 39): per model and size, the pairs sold, the pairs sent back for size
 * (returned as too small or too large, or exchanged for another size) and how buyers say it fits; the
 * models whose size returns run above the shop's average first.
 */

/** The longest period the table covers, in days (about three years, as the tax report). */
export const SALES_SIZES_MAX_DAYS = 1_100;

const DAY_MS = 86_400_000;
const daySchema = z.iso.date({ error: 'must be a date such as 2027-01-31' });

/** The period's checks run once both days are dates: a malformed day is refused alone, by its name. */
const bothDays = (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  payload.issues.every((issue) => issue.path?.[0] !== 'from' && issue.path?.[0] !== 'to');

/**
 * `GET /api/admin/sales/sizes?from=&to=&format=`: the days [from, to] (UTC, both included), as the Sales
 * view's period gives them (its `from` and `to`); `format=csv` for the file (exports.read and a step-up).
 */
export const salesSizesQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
  })
  .refine((query) => query.from <= query.to, {
    error: 'must not be before from',
    path: ['to'],
    when: bothDays,
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) < SALES_SIZES_MAX_DAYS * DAY_MS, {
    error: `must be at most ${SALES_SIZES_MAX_DAYS} days after from`,
    path: ['to'],
    when: bothDays,
  });
export type SalesSizesQuery = z.infer<typeof salesSizesQuerySchema>;

/**
 * What the period says about a size (or, summed over its sizes, a model). Every figure counts pairs, but
 * the fit answers, which count reviews.
 */
const sizeFiguresSchema = z.object({
  /** Pairs sold in the period's paid orders (an exchange's replacement is no sale). */
  sold: z.number().int(),
  /**
   * Pairs sent back for size in the returns opened in the period that count (requested, approved or
   * received; not rejected or cancelled): the lines returned as too small or too large, and the lines
   * exchanged for another size whatever their reason, each pair once.
   */
  sizeReturns: z.number().int(),
  /** Pairs returned (for a refund or an exchange) with the reason 'too small', and 'too large'. */
  tooSmall: z.number().int(),
  tooLarge: z.number().int(),
  /** Pairs exchanged for a larger size, and for a smaller one. */
  exchangedUp: z.number().int(),
  exchangedDown: z.number().int(),
  /**
   * The reviews written in the period that answer how it fits, by the size their writer bought: runs
   * small, true to size, runs large (answers without the size bought are left out).
   */
  fitSmall: z.number().int(),
  fitTrue: z.number().int(),
  fitLarge: z.number().int(),
});

/** One size of a model: its key (the US size, '9.5') and its figures. */
export const salesSizeRowSchema = sizeFiguresSchema.extend({ key: z.string() });
export type SalesSizeRow = z.infer<typeof salesSizeRowSchema>;

/** A model (a product) with the sum of its sizes' figures and each size with a figure, in key order. */
export const salesSizeModelSchema = sizeFiguresSchema.extend({
  /** The product's id; its name and brand as the catalogue has them now ('' when it is gone). */
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  /** sizeReturns over sold, 0 to 1 (to three decimals); null when none sold in the period. */
  sizeReturnRate: z.number().nullable(),
  /** Its size return rate is above the shop's average (`averageSizeReturnRate`). */
  aboveAverage: z.boolean(),
  sizes: z.array(salesSizeRowSchema),
});
export type SalesSizeModel = z.infer<typeof salesSizeModelSchema>;

export const salesSizesSchema = z.object({
  /** The period's first and last days (YYYY-MM-DD, UTC). */
  from: z.string(),
  to: z.string(),
  /** Pairs sold and pairs sent back for size in the period, every model together. */
  sold: z.number().int(),
  sizeReturns: z.number().int(),
  /** The shop's size return rate: sizeReturns over sold, 0 to 1 (to three decimals); null when none sold. */
  averageSizeReturnRate: z.number().nullable(),
  /**
   * Every model with a figure in the period: those above the average first (highest rate first, then most
   * sold), then the others by pairs sold (then by name).
   */
  models: z.array(salesSizeModelSchema),
});
export type SalesSizes = z.infer<typeof salesSizesSchema>;
