import { countryCode } from './countries';
import { hasTwoDecimals } from './money';
import { checkoutLineSchema } from './orders';
import { shippingMethodIdSchema } from './shipping';
import { percentToPcm } from './tax';
import { taxCategorySchema } from './tax-category';
import { usStateCode } from './us-states';
import { POSTAL_CODE_PATTERN } from './users-rules';
import { z } from './zod';

/**
 * The tax API's shapes (docs/decisions/0034): the shop's tax settings, its rate table and the places it is
 * registered to collect tax. A place is a country (a name or an ISO 3166 code, kept as the code) and, in
 * the US only, a state (a name or a USPS code, kept as the code) as its `region`.
 */

const COUNTRY_MESSAGE = 'must be a country: an ISO 3166 code such as FR, or its name';

/** A country as a name or an ISO code, answered as the code. */
export const taxCountrySchema = z.string({ error: COUNTRY_MESSAGE }).transform((value, context) => {
  const code = countryCode(value);
  if (!code) {
    context.addIssue({ code: 'custom', message: COUNTRY_MESSAGE });
    return z.NEVER;
  }
  return code;
});

/** A US state as a name or a USPS code, answered as the code; '' for none. */
const regionSchema = z
  .string({ error: 'must be a US state: a USPS code such as CA, or its name' })
  .transform((value, context) => {
    if (value.trim() === '') return '';
    const code = usStateCode(value);
    if (!code) {
      context.addIssue({
        code: 'custom',
        message: 'must be a US state: a USPS code such as CA, or its name',
      });
      return z.NEVER;
    }
    return code;
  });

/** A place: a country, and a US state only for the US. */
const placeShape = { country: taxCountrySchema, region: regionSchema.optional() };
const placeRule = <T extends { country: string; region?: string }>(place: T) =>
  !place.region || place.country === 'US';
const PLACE_REFUSAL = { error: 'a region is kept for US states only', path: ['region'] };

const dateSchema = z.iso.date({ error: 'must be a date such as 2027-01-01' });

export const taxRateBodySchema = z
  .object({
    ...placeShape,
    category: taxCategorySchema,
    rate: z
      .number({ error: 'must be a percentage such as 20 or 7.25' })
      .min(0, { error: 'must be 0 or more' })
      .max(100, { error: 'must be 100 or less' })
      .refine((rate) => percentToPcm(rate) !== undefined, {
        error: 'must have at most 3 decimals, such as 8.875',
      }),
    from: dateSchema.nullable().optional(),
    to: dateSchema.nullable().optional(),
    source: z.string().trim().max(300, { error: 'must be at most 300 characters' }).optional(),
  })
  .strict()
  .refine(placeRule, PLACE_REFUSAL)
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    error: 'must not be before the first day',
    path: ['to'],
  });
export type TaxRateBody = z.infer<typeof taxRateBodySchema>;

export const taxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  /** A US state's USPS code; '' for a whole country. */
  region: z.string(),
  category: taxCategorySchema,
  /** A percentage: 20, 7.25, 8.875. */
  rate: z.number(),
  /** The first and last day it applies (UTC dates); null: since ever, until further notice. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  source: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRatesSchema = z.object({ rates: z.array(taxRateSchema) });

export const taxIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an id' }) });

export const taxRegistrationBodySchema = z.object(placeShape).strict().refine(placeRule, PLACE_REFUSAL);
export type TaxRegistrationBody = z.infer<typeof taxRegistrationBodySchema>;

export const taxRegistrationSchema = z.object({
  id: z.string(),
  country: z.string(),
  region: z.string(),
  createdAt: z.string(),
});
export type TaxRegistration = z.infer<typeof taxRegistrationSchema>;
export const taxRegistrationsSchema = z.object({ registrations: z.array(taxRegistrationSchema) });

/** Whether the runtime knows the currency (ISO 4217). */
const isCurrency = (code: string) => Intl.supportedValuesOf('currency').includes(code);

/** What every shopper's page needs: how prices are shown. */
export const publicTaxSettingsSchema = z.object({
  /** ISO 4217, e.g. USD, EUR. */
  currency: z.string(),
  pricesIncludeTax: z.boolean(),
  homeCountry: z.string(),
  homeRegion: z.string(),
  /** Whether the shop is registered to collect tax anywhere: a fresh shop is not, and says nothing of tax. */
  collects: z.boolean(),
});
export type PublicTaxSettings = z.infer<typeof publicTaxSettingsSchema>;

/** The settings as staff see them; shoppers get the public part only. */
export const taxSettingsSchema = publicTaxSettingsSchema.extend({
  vatNumber: z.string().optional(),
  oss: z.boolean().optional(),
  taxShipping: z.boolean().optional(),
  fallback: z.enum(['table', 'refuse']).optional(),
  /** Euros for one unit of the shop's currency, for the EU's EUR 10,000 threshold. */
  eurRate: z.number().optional(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

export const taxSettingsBodySchema = z
  .object({
    currency: z
      .string({ error: 'must be an ISO 4217 currency code such as EUR' })
      .transform((code) => code.trim().toUpperCase())
      .refine(isCurrency, { error: 'must be an ISO 4217 currency code such as EUR' })
      .refine(hasTwoDecimals, {
        error:
          'must be a currency of two decimals, such as EUR: the shop keeps amounts in hundredths, so currencies without cents (JPY) or with three decimals (KWD) are not supported',
        when: (payload) => typeof payload.value === 'string' && isCurrency(payload.value),
      }),
    pricesIncludeTax: z.boolean({ error: 'must be true or false' }),
    homeCountry: taxCountrySchema,
    homeRegion: regionSchema,
    vatNumber: z
      .string({ error: 'must be text' })
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z.string().regex(/^([A-Z0-9]{4,20})?$/, {
          error: 'must be 4 to 20 letters and digits, such as FR40303265045',
        }),
      ),
    oss: z.boolean({ error: 'must be true or false' }),
    taxShipping: z.boolean({ error: 'must be true or false' }),
    fallback: z.enum(['table', 'refuse'], { error: 'must be table or refuse' }),
    eurRate: z
      .number({ error: 'must be a number' })
      .positive({ error: 'must be more than 0' })
      .max(1000, { error: 'must be 1000 or less' }),
  })
  .partial()
  .strict()
  .refine((body) => !body.homeRegion || body.homeCountry === undefined || body.homeCountry === 'US', {
    error: 'a region is kept for US states only',
    path: ['homeRegion'],
  });
export type TaxSettingsBody = z.infer<typeof taxSettingsBodySchema>;

/** `POST /api/tax/quote`: the checkout's pricing of a cart, tax included, for any destination. */
export const taxQuoteBodySchema = z
  .object({
    ...placeShape,
    /** The ship-to postal code, where known: a tax engine (Stripe Tax) rates a US address by it. */
    postalCode: z
      .string({ error: 'must be text' })
      .trim()
      .regex(POSTAL_CODE_PATTERN, { error: 'must be a postal code such as 94105' })
      .optional(),
    products: z
      .array(checkoutLineSchema)
      .min(1, { error: 'the cart is empty' })
      .max(50, { error: 'must have at most 50 lines' }),
    shippingMethodId: shippingMethodIdSchema.optional(),
    code: z
      .string({ error: 'must be text' })
      .trim()
      .max(32, { error: 'must be at most 32 characters' })
      .optional(),
  })
  .refine(placeRule, PLACE_REFUSAL);
export type TaxQuoteBody = z.infer<typeof taxQuoteBodySchema>;

/** An amount with its tax, in the shop's currency; `rate` a percentage, null where none is collected. */
const taxedSchema = z.object({
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  rate: z.number().nullable(),
});

export const taxQuoteSchema = z.object({
  lines: z.array(taxedSchema.extend({ productId: z.string(), size: z.string() })),
  shipping: taxedSchema,
  /** All the tax, and the order's total (with the tax when prices exclude it). */
  tax: z.number(),
  total: z.number(),
  currency: z.string(),
  pricesIncludeTax: z.boolean(),
  /** Whether the shop collects tax at the destination; `reason` says why not. */
  collected: z.boolean(),
  reason: z.string().optional(),
  /** Who worked out the rates: 'table', a tax engine ('stripe'), or 'fallback' (the table, the engine failed). */
  source: z.string(),
});
export type TaxQuote = z.infer<typeof taxQuoteSchema>;
