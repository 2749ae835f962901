import { BRANDS, SIZE_PATTERN } from './constants';
import {
  CHART_GENDERS,
  SHOPPER_SIZE_SYSTEMS,
  SIZE_CHART_ROWS_MAX,
  SIZE_CHART_SOURCE_MAX,
  SIZE_SYSTEMS,
  SIZE_VALUE_PATTERN,
  sizeNumber,
} from './size-rules';
import { z } from './zod';

/** Size charts on the wire (issue 39): one per brand and gender. */

export const chartBrandSchema = z.enum(BRANDS, { error: `must be one of ${BRANDS.join(', ')}` });
export const chartGenderSchema = z.enum(CHART_GENDERS, { error: 'must be men or women' });

const cellSchema = z
  .string({ error: 'must be a size' })
  .trim()
  .regex(SIZE_VALUE_PATTERN, { error: 'must be a size such as 9, 9.5, 42.5 or 44 2/3' });

export const sizeChartRowSchema = z.object({
  key: z
    .string({ error: 'must be a US size' })
    .trim()
    .regex(SIZE_PATTERN, { error: 'must be a US size such as 9 or 9.5' })
    .refine((key) => Number(key) >= 3.5 && Number(key) <= 18, { error: 'must be a size from 3.5 to 18' }),
  US: cellSchema,
  UK: cellSchema,
  EU: cellSchema,
  CM: cellSchema,
  JP: cellSchema,
});

/** The rows of a chart: each key once, in rising order, every system rising with it (or staying). */
export const sizeChartRowsSchema = z
  .array(sizeChartRowSchema, { error: 'must be a list of sizes' })
  .min(1, { error: 'must hold at least one size' })
  .max(SIZE_CHART_ROWS_MAX, { error: `must hold at most ${SIZE_CHART_ROWS_MAX} sizes` })
  .superRefine((rows, context) => {
    rows.forEach((row, index) => {
      if (sizeNumber(row.US) !== Number(row.key))
        context.addIssue({ code: 'custom', path: [index, 'US'], message: 'must be the key itself' });
      const before = rows[index - 1];
      if (!before) return;
      if (Number(row.key) <= Number(before.key))
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: 'must be larger than the size above',
        });
      for (const system of SIZE_SYSTEMS) {
        if (sizeNumber(row[system]) < sizeNumber(before[system]))
          context.addIssue({
            code: 'custom',
            path: [index, system],
            message: 'must not be smaller than the size above',
          });
      }
    });
  });

export const sizeChartSchema = z.object({
  brand: chartBrandSchema,
  gender: chartGenderSchema,
  systems: z.array(z.enum(SIZE_SYSTEMS)),
  rows: z.array(sizeChartRowSchema),
  /** Where the figures come from (a brand's published chart), shown beside them. */
  source: z.string(),
  /** Whether staff changed it from the chart the shop came with. */
  edited: z.boolean(),
  /** Products of the brand and gender with a size in stock that the chart does not give (staff only). */
  uncovered: z
    .array(z.object({ productId: z.string(), name: z.string(), sizes: z.array(z.string()) }))
    .optional(),
});
export type SizeChart = z.infer<typeof sizeChartSchema>;

/** Which chart: the query of `GET /api/size-charts`, the path of the staff's routes. */
export const sizeChartPlaceSchema = z.object({ brand: chartBrandSchema, gender: chartGenderSchema });

/** `PUT /api/size-charts/:brand/:gender`. */
export const sizeChartBodySchema = z.object({
  rows: sizeChartRowsSchema,
  source: z
    .string({ error: 'must be text' })
    .trim()
    .min(3, { error: 'must name where the sizes come from' })
    .max(SIZE_CHART_SOURCE_MAX, { error: `must be at most ${SIZE_CHART_SOURCE_MAX} characters` }),
});
export type SizeChartBody = z.infer<typeof sizeChartBodySchema>;

export const shopperSizeSystemSchema = z.enum(SHOPPER_SIZE_SYSTEMS, {
  error: `must be one of ${SHOPPER_SIZE_SYSTEMS.join(', ')}`,
});

/** A size as a shopper gives it: in a system, as that system writes it ('44', '9.5', '27.5'). */
export const shopperSizeSchema = z.object({ system: shopperSizeSystemSchema, value: cellSchema }).strict();
export type ShopperSize = z.infer<typeof shopperSizeSchema>;

/** A shopper's size ("10"), and per brand where it differs ("10.5 in adidas"); the profile keeps them. */
export const mySizesSchema = z
  .object({
    default: shopperSizeSchema.optional(),
    brands: z.partialRecord(chartBrandSchema, shopperSizeSchema),
  })
  .strict();
export type MySizes = z.infer<typeof mySizesSchema>;

/**
 * A product's size in every system, as its page lists them: the key ('10'), what the chart of its brand
 * and gender calls it (null where the chart does not give the key), and whether a unit is in stock.
 */
export const productSizeSchema = z.object({
  key: z.string(),
  US: z.string(),
  UK: z.string().nullable(),
  EU: z.string().nullable(),
  CM: z.string().nullable(),
  JP: z.string().nullable(),
  available: z.boolean(),
});
export type ProductSize = z.infer<typeof productSizeSchema>;

/**
 * How buyers say a model fits, on its page. `answers` counts the reviews that answered; `small`, `true`
 * and `large` (and `bySize`) are given from FIT_MIN_ANSWERS answers on (null before: too few to say
 * anything), `advice` when FIT_ADVICE_SHARE of them agree. `exchangedUp` and `exchangedDown` count the
 * pairs exchanged for a larger or a smaller size, of `bought` pairs sold; `exchangeNote` says it in words.
 */
export const productFitSchema = z.object({
  small: z.number().int().nullable(),
  true: z.number().int().nullable(),
  large: z.number().int().nullable(),
  answers: z.number().int(),
  /** "Most buyers say it runs small: consider half a size up", or null. */
  advice: z.string().nullable(),
  /** The answers by the size the reviewer bought (key), from FIT_MIN_ANSWERS answers on. */
  bySize: z
    .array(
      z.object({ key: z.string(), small: z.number().int(), true: z.number().int(), large: z.number().int() }),
    )
    .nullable(),
  exchangedUp: z.number().int(),
  exchangedDown: z.number().int(),
  bought: z.number().int(),
  /** "1 in 4 buyers exchanged this model for half a size up", or null. */
  exchangeNote: z.string().nullable(),
});
export type ProductFit = z.infer<typeof productFitSchema>;

/**
 * `GET /api/products/:id/size-advice` (signed in): the size the shopper's buyers-alike kept in this model,
 * from a model the shopper kept (`basis`), or null when fewer than SIZE_ADVICE_MIN_BUYERS such buyers.
 */
export const sizeAdviceSchema = z
  .object({
    size: z.string(),
    basis: z.object({ productId: z.string(), name: z.string(), size: z.string() }),
    buyers: z.number().int(),
  })
  .nullable();
export type SizeAdvice = z.infer<typeof sizeAdviceSchema>;

/** The catalogue's "In my size": a size in a system (US when not said), as `size=44&sizeSystem=EU`. */
export const sizeQueryFields = {
  size: z
    .string()
    .trim()
    .regex(SIZE_VALUE_PATTERN, { error: 'must be a size such as 9, 9.5, 42.5 or 44 2/3' })
    .optional(),
  sizeSystem: z.enum(SIZE_SYSTEMS, { error: `must be one of ${SIZE_SYSTEMS.join(', ')}` }).default('US'),
};
