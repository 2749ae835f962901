import { MAX_AMOUNT } from './constants';
import { COUNTRY_CODES } from './countries';
import { taxCategorySchema } from './tax-category';
import { z } from './zod';

/** The longest delivery estimate a method may promise, in days. */
export const SHIPPING_ESTIMATE_MAX_DAYS = 120;
export const SHIPPING_NAME_MAX = 60;

export const shippingMethodIdSchema = z.uuid({ error: 'must be a shipping method id' });
export const shippingMethodParamsSchema = z.object({ id: shippingMethodIdSchema });

/** A shipping method as the API shows it; `freeAbove` null: never free by the order's amount. */
export const shippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  freeAbove: z.number().nullable(),
  /** [min, max] days, or null when the method promises none. */
  estimateDays: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** ISO 3166 alpha-2 codes; empty: every country. */
  countries: z.array(z.string()),
  /** What the charge is taxed as, when the shop taxes shipping. */
  taxCategory: taxCategorySchema,
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** The staff's view adds whether it is offered at checkout. */
export const staffShippingMethodSchema = shippingMethodSchema.extend({ active: z.boolean() });
export type StaffShippingMethod = z.infer<typeof staffShippingMethodSchema>;

/** `GET /api/shipping-methods?country=`: the methods serving the country (all active ones without it). */
export const shippingMethodsQuerySchema = z.object({
  country: z.string().trim().max(60, { error: 'must be at most 60 characters' }).optional(),
});
export const shippingMethodsSchema = z.object({ methods: z.array(shippingMethodSchema) });
export const staffShippingMethodsSchema = z.object({ methods: z.array(staffShippingMethodSchema) });

/** `DELETE /api/shipping-methods/:id`: deleted, or archived because orders name it. */
export const shippingMethodRemovalSchema = z.object({ archived: z.boolean() });
export type ShippingMethodRemoval = z.infer<typeof shippingMethodRemovalSchema>;

const amountSchema = z
  .number({ error: 'must be a number' })
  .nonnegative({ error: 'must be 0 or more' })
  .max(MAX_AMOUNT, { error: `must be ${MAX_AMOUNT} or less` })
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
    error: 'must have at most two decimals',
  });

const daysSchema = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number of days' })
  .min(0, { error: 'must be 0 or more' })
  .max(SHIPPING_ESTIMATE_MAX_DAYS, { error: `must be at most ${SHIPPING_ESTIMATE_MAX_DAYS}` });

/** `POST /api/shipping-methods` (staff); `PUT` takes the same body. */
export const shippingMethodBodySchema = z.object({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(SHIPPING_NAME_MAX, { error: `must be at most ${SHIPPING_NAME_MAX} characters` }),
  price: amountSchema,
  freeAbove: amountSchema.nullable().optional(),
  countries: z
    .array(
      z
        .string({ error: 'must be an ISO 3166 country code such as US' })
        .transform((code) => code.trim().toUpperCase())
        .refine((code) => COUNTRY_CODES.includes(code), {
          error: 'must be an ISO 3166 country code such as US',
        }),
    )
    .max(COUNTRY_CODES.length, { error: `must list at most ${COUNTRY_CODES.length} countries` })
    .optional(),
  estimateDays: z
    .tuple([daysSchema, daysSchema], { error: 'must be [min, max] days' })
    .refine(([min, max]) => min <= max, { error: 'the first number of days must not exceed the second' })
    .nullable()
    .optional(),
  active: z.boolean({ error: 'must be true or false' }).optional(),
  /** Standard when left out. */
  taxCategory: taxCategorySchema.optional(),
});
export type ShippingMethodBody = z.infer<typeof shippingMethodBodySchema>;

/** Whether a method serves a country (an ISO code); a method with no countries serves every one. */
export function servesCountry(countries: readonly string[], code: string | undefined): boolean {
  return countries.length === 0 || (code !== undefined && countries.includes(code));
}
