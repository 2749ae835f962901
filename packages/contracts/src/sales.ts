import { pageQuerySchema } from './paging';
import { RETURN_REASONS } from './return-rules';
import { z } from './zod';

/** The periods the Sales view offers, in days ending today (UTC). */
export const SALES_PERIODS = [30, 90] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** A size with this many units or fewer shows in the low-stock list. */
export const LOW_STOCK_UNITS = 3;
/** How many products the top list holds. */
export const SALES_TOP_PRODUCTS = 10;
/** How many products the return-rate list holds. */
export const SALES_RETURN_PRODUCTS = 10;
/** How many sizes a page of the low-stock list holds. */
export const LOW_STOCK_PAGE_SIZE = 20;

/** `GET /api/admin/sales?days=30|90` (admin). */
export const salesQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'must be 30 or 90' })
    .refine((days): days is SalesPeriod => (SALES_PERIODS as readonly number[]).includes(days), {
      error: 'must be 30 or 90',
    })
    .default(30),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/**
 * One day of paid orders, counted on the day they were placed (UTC); every day of the period is present,
 * quiet days with zeros. `revenue` is net of what was refunded since; a wholly refunded order no longer
 * counts among the `orders`.
 */
export const salesDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  revenue: z.number(),
  orders: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesReportSchema = z.object({
  days: z.number().int(),
  /** First and last day of the period (YYYY-MM-DD, UTC; the last is today). */
  from: z.string(),
  to: z.string(),
  /**
   * The orders paid in the period: `gross` what they took (lines and shipping), `refunded` what went back
   * since (whole orders and returns), `revenue` the net of the two, `shipping` the shipping charged; `orders`
   * counts those not wholly refunded, and `averageOrder` is the net revenue per such order, to the cent (0
   * when none).
   */
  totals: z.object({
    revenue: z.number(),
    gross: z.number(),
    refunded: z.number(),
    shipping: z.number(),
    orders: z.number().int(),
    averageOrder: z.number(),
  }),
  perDay: z.array(salesDaySchema),
  /**
   * The best sellers of the period by pairs sold (paid orders), then by revenue, at most SALES_TOP_PRODUCTS,
   * both net like the totals: pairs returned for a refund and wholly refunded orders are not counted, and
   * revenue is what was paid for the pairs (after the discount code) less what their returns refunded;
   * name, brand and picture as the catalogue has them now (archived products included).
   */
  topProducts: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      brand: z.string(),
      card_picture: z.string(),
      units: z.number().int(),
      revenue: z.number(),
    }),
  ),
  /**
   * The returns opened in the period that count (requested, approved or received; not rejected or
   * cancelled): per reason, and the products most returned with their return rate (units returned over
   * units sold in the period's paid orders, 0 to 1; null when none sold in the period).
   */
  returns: z.object({
    returns: z.number().int(),
    units: z.number().int(),
    /**
     * Per reason, counted per returned line (a return whose lines give two reasons counts under both):
     * the returns with such a line, the lines and their units.
     */
    byReason: z.array(
      z.object({
        reason: z.enum(RETURN_REASONS),
        returns: z.number().int(),
        lines: z.number().int(),
        units: z.number().int(),
      }),
    ),
    products: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        brand: z.string(),
        returned: z.number().int(),
        sold: z.number().int(),
        rate: z.number().nullable(),
      }),
    ),
  }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** `GET /api/admin/sales/low-stock?page=` (admin): one page of the sizes running low. */
export const lowStockQuerySchema = z.object({
  page: pageQuerySchema,
});
export type LowStockQuery = z.infer<typeof lowStockQuerySchema>;

/** A size of a product on sale that is running low. */
export const lowStockSizeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  size: z.string(),
  units: z.number().int(),
});
export type LowStockSize = z.infer<typeof lowStockSizeSchema>;

/**
 * The sizes of products on sale with `threshold` (LOW_STOCK_UNITS) units or fewer, fewest first (then by
 * name, product and size), LOW_STOCK_PAGE_SIZE a page; `total` counts them all.
 */
export const lowStockPageSchema = z.object({
  threshold: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  sizes: z.array(lowStockSizeSchema),
});
export type LowStockPage = z.infer<typeof lowStockPageSchema>;
