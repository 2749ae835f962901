import { productSchema } from './catalog';
import {
  BRANDS,
  CATEGORIES,
  COLORS,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  GENDERS,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
} from './constants';
import {
  collapseSpaces,
  GTIN_MESSAGE,
  gtinDigits,
  isGtin,
  isValidPrice,
  isValidReleaseDate,
  isValidSize,
  MAX_STOCK_UNITS,
  PRODUCT_MESSAGES,
  PRODUCT_PICTURE_PATTERN,
  PRODUCT_TEXT_FORBIDDEN,
} from './products-admin-rules';
import { SIZE_SHIFT_MAX } from './size-rules';
import { taxCategorySchema } from './tax-category';
import { z } from './zod';

/** A name's rules: 3 to 50 characters once double spaces are collapsed, none of { } < > = @ / \. */
const productText = (characterMessage: string) =>
  z
    .string({ error: PRODUCT_MESSAGES.nameLength })
    .transform(collapseSpaces)
    .pipe(
      z
        .string()
        .min(PRODUCT_NAME_MIN, PRODUCT_MESSAGES.nameLength)
        .max(PRODUCT_NAME_MAX, PRODUCT_MESSAGES.nameLength)
        .refine((text) => !PRODUCT_TEXT_FORBIDDEN.test(text), characterMessage),
    );

/** The collection: empty (none), or a text by the name's rules. */
const collection = z
  .string({ error: PRODUCT_MESSAGES.nameLength })
  .pipe(z.union([z.literal(''), productText(PRODUCT_MESSAGES.collectionCharacter)]));

/** A single value or a one-element list (the create form sends one, the edit form a list). */
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z
      .array(z.string({ error: message }), { error: message })
      .refine((list) => list.length === 1 && values.includes(list[0] as string), message)
      .transform((list) => list as T[number][]),
  );

const picture = z
  .string({ error: PRODUCT_MESSAGES.picture })
  .regex(PRODUCT_PICTURE_PATTERN, PRODUCT_MESSAGES.picture);

/** Units per size: `{ "6": 3, "6.5": 0 }`; at least one size, each 3.5 to 18 in half steps, never below 0. */
const productStockInput = z
  .record(
    z.string(),
    z
      .number({ error: PRODUCT_MESSAGES.stock })
      .int(PRODUCT_MESSAGES.stock)
      .min(0, PRODUCT_MESSAGES.stock)
      .max(MAX_STOCK_UNITS, `must be at most ${MAX_STOCK_UNITS}`),
    { error: PRODUCT_MESSAGES.sizes },
  )
  .superRefine((stock, ctx) => {
    const sizes = Object.keys(stock);
    if (sizes.length === 0) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.sizes });
    for (const size of sizes) {
      if (!/^\d+(\.5|\.0)?$/.test(size) || !isValidSize(Number(size)))
        ctx.addIssue({ code: 'custom', path: [size], message: PRODUCT_MESSAGES.size });
    }
  });

const COMPARE_AT_MESSAGE = 'The compare-at price must be a positive amount with at most 2 decimals, or empty';
/** A sale's old price is above the price, or there is no sale. */
export const COMPARE_AT_ABOVE_PRICE =
  'The compare-at price must be above the price, or empty when not on sale';

const SIZE_SHIFT_MESSAGE = `must be a whole number of half sizes from -${SIZE_SHIFT_MAX} to ${SIZE_SHIFT_MAX}`;

/** The price in dollars; a numeric string (what a form field holds) is read as its number. */
const priceInput = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
  z.number({ error: PRODUCT_MESSAGES.price }).refine(isValidPrice, PRODUCT_MESSAGES.price),
);

/**
 * Each field's rule as the edit form (PUT /api/products/modify/:id) checks it, spec section 5 'Product
 * edit form': among them, stock per size not below 0 ('stock cannot be less than 0'), so 0 units sells a
 * size out. The create form adds its own stock rule on top.
 */
export const productEditFields = {
  name: productText(PRODUCT_MESSAGES.nameCharacter),
  brand: z
    .string({ error: PRODUCT_MESSAGES.brand })
    .transform((brand) => collapseSpaces(brand).toLowerCase())
    .pipe(
      z
        .string()
        .refine((text) => !PRODUCT_TEXT_FORBIDDEN.test(text), PRODUCT_MESSAGES.brandCharacter)
        .pipe(z.enum(BRANDS, { error: PRODUCT_MESSAGES.brand })),
    ),
  category: oneOf(CATEGORIES, PRODUCT_MESSAGES.category),
  gender: oneOf(GENDERS, PRODUCT_MESSAGES.gender),
  color: z.enum(COLORS, { error: PRODUCT_MESSAGES.color }),
  stock: productStockInput,
  card_picture: picture,
  detail_picture: picture,
  original_picture: picture,
  release_date: z
    .string({ error: PRODUCT_MESSAGES.releaseDate })
    .transform((value) => value.slice(0, 10))
    .refine(isValidReleaseDate, PRODUCT_MESSAGES.releaseDate),
  price: priceInput,
  /** The price before the sale (above the price), or null (or an empty field) when not on sale. */
  compareAtPrice: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.union([z.null(), priceInput], { error: COMPARE_AT_MESSAGE }),
  ),
  description: z
    .string({ error: PRODUCT_MESSAGES.description })
    .transform(collapseSpaces)
    .pipe(
      z
        .string()
        .min(DESCRIPTION_MIN, PRODUCT_MESSAGES.description)
        .max(DESCRIPTION_MAX, PRODUCT_MESSAGES.description),
    ),
  collection: collection.optional(),
  /** What the product is taxed as; standard when a new product leaves it out. */
  taxCategory: taxCategorySchema.optional(),
  /** The product's GTIN (EAN/UPC) for shopping listings, or null (or an empty field) when it has none. */
  gtin: z.preprocess(
    (value) => (typeof value === 'string' ? gtinDigits(value) || null : value),
    z.union([z.null(), z.string().refine(isGtin, GTIN_MESSAGE)], { error: GTIN_MESSAGE }),
  ),
  /** How the model fits against its brand's size chart, in half sizes; 0 when a new product leaves it out. */
  sizeShift: z
    .number({ error: SIZE_SHIFT_MESSAGE })
    .int({ error: SIZE_SHIFT_MESSAGE })
    .min(-SIZE_SHIFT_MAX, { error: SIZE_SHIFT_MESSAGE })
    .max(SIZE_SHIFT_MAX, { error: SIZE_SHIFT_MESSAGE })
    .optional(),
};

/**
 * POST /api/products/create: the spec's create payload (gender a single value, category a one-element
 * list). A new product starts with units of every size it offers: 'All the sizes must have an stock most
 * of 0' (the edit form may later set a size to 0, which sells it out).
 */
export const productCreateSchema = z
  .object({
    ...productEditFields,
    compareAtPrice: productEditFields.compareAtPrice.optional(),
    gtin: productEditFields.gtin.optional(),
    stock: productStockInput.refine((stock) => Object.values(stock).every((units) => units > 0), {
      message: PRODUCT_MESSAGES.zeroStock,
    }),
  })
  .refine((body) => body.compareAtPrice == null || body.compareAtPrice > body.price, {
    path: ['compareAtPrice'],
    message: COMPARE_AT_ABOVE_PRICE,
  });
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** PUT /api/products/modify/:id: any of the fields, at least one; `stock` sets the units of the sizes it names. */
export const productModifySchema = z
  .object(productEditFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
  });
export type ProductModify = z.infer<typeof productModifySchema>;

/** A product as the admin's list shows it: archived ones included and marked. */
export const adminProductSchema = productSchema.extend({
  archived: z.boolean(),
  /**
   * The lowest price in effect during the last 30 days, the current one included: the highest reference a
   * reduction made now may show (the staff's form warns of a compare-at price above it).
   */
  lowestPrice30d: z.number(),
});
export const adminProductListSchema = z.object({
  products: z.array(adminProductSchema),
  total: z.number().int(),
  /** As in the shoppers' list: false past COUNT_LIMIT matches. */
  totalExact: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** What POST /api/uploads/product answers: the three variants of the picture, ready for the create payload. */
export const productPicturesSchema = z.object({
  card_picture: z.string(),
  detail_picture: z.string(),
  original_picture: z.string(),
});
export type ProductPictures = z.infer<typeof productPicturesSchema>;

/** The most products one bulk change of tax category may touch: narrower filters for more. */
export const TAX_CATEGORY_BULK_MAX = 5000;

/**
 * PUT /api/products/tax-category?<the staff list's filters>: sets the tax category of every product the
 * filters match (archived ones too), at most TAX_CATEGORY_BULK_MAX.
 */
export const productsTaxCategoryBodySchema = z.object({ taxCategory: taxCategorySchema }).strict();
export type ProductsTaxCategoryBody = z.infer<typeof productsTaxCategoryBodySchema>;
export const productsTaxCategoryResultSchema = z.object({
  /** Products whose category changed (those already in it are left alone). */
  updated: z.number().int(),
  /** Products the filters matched. */
  matched: z.number().int(),
});
export type ProductsTaxCategoryResult = z.infer<typeof productsTaxCategoryResultSchema>;
