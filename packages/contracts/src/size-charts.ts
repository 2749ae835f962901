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
