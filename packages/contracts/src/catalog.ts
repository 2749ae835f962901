import {
  ADMIN_SORT_FIELDS,
  BRANDS,
  CATEGORIES,
  COLORS,
  GENDERS,
  MAX_AMOUNT,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_RATING,
  MIN_RATING,
  PAGE_SIZE,
  SEARCH_MAX,
  SORT_FIELDS,
  type SortDirection,
} from './constants';
import { productFitSchema, productSizeSchema, sizeQueryFields } from './size-charts';
import { FIT_ANSWERS } from './size-rules';
import { taxCategorySchema } from './tax-category';
import { z } from './zod';

export const brandSchema = z.enum(BRANDS);
export const categorySchema = z.enum(CATEGORIES);
export const genderSchema = z.enum(GENDERS);
export const colorSchema = z.enum(COLORS);
export const productIdSchema = z.uuid({ error: 'must be a product id' });

/** Stock per size: `{ "6": 3, "6.5": 0 }`. */
export const stockSchema = z.record(z.string(), z.number().int().min(0));

export const reviewSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), username: z.string(), image: z.string() }),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  description: z.string(),
  /** How it fits, as its writer answered (null: not answered). */
  fit: z.enum(FIT_ANSWERS).nullable(),
  /** The size its writer bought (the key), when the review was written. */
  sizeBought: z.string().nullable(),
  date: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review with the product it is about: what a user's own review list shows. */
export const userReviewSchema = reviewSchema.extend({
  product: z.object({ _id: z.string(), name: z.string() }),
});
export type UserReview = z.infer<typeof userReviewSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: brandSchema,
  price: z.number(),
  /** The price before the sale, shown struck through; null when the product is not on sale. */
  compareAtPrice: z.number().nullable(),
  /**
   * The lowest price of the 30 days before the current price took effect (EU Omnibus directive, Art. 6a:
   * shown beside a reduction); null when the product has had one price only.
   */
  priorPrice: z.number().nullable(),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  card_picture: z.string(),
  detail_picture: z.string(),
  original_picture: z.string(),
  description: z.string(),
  gender: z.array(genderSchema),
  category: z.array(categorySchema),
  color: colorSchema,
  collection: z.string(),
  release_date: z.string(),
  stock: stockSchema,
  /** What the product is taxed as (decision 34). */
  taxCategory: taxCategorySchema,
  /** How the model fits against its brand's size chart, in half sizes: +1 runs half a size large. */
  sizeShift: z.number().int(),
  /** Its GTIN (EAN/UPC) for shopping listings, or null. */
  gtin: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product's page: the product, its reviews, its sizes in every system (in key order) and how buyers say
 * it fits (issue 39).
 */
export const productDetailSchema = productSchema.extend({
  reviews: z.array(reviewSchema),
  sizes: z.array(productSizeSchema),
  fit: productFitSchema,
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

const sortDirection = z.union([z.literal(1), z.literal(-1)]);

/** "a, b or c" */
const orList = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** `orderBy` as JSON in the query string, by any of `fields`, each 1 (ascending) or -1 (descending). */
function orderByParam<Field extends string>(fields: readonly Field[]) {
  const value = z
    .object(
      Object.fromEntries(fields.map((field) => [field, sortDirection])) as Record<
        Field,
        typeof sortDirection
      >,
    )
    .partial()
    .strict();
  return z.string().transform((raw, ctx): Partial<Record<Field, SortDirection>> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"name":1}' });
      return z.NEVER;
    }
    const result = value.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: `must sort by ${orList(fields)} with 1 or -1` });
      return z.NEVER;
    }
    return result.data as Partial<Record<Field, SortDirection>>;
  });
}

/** `orderBy` travels as JSON in the query string: `{"name":1}` is A-Z, `{"name":-1}` Z-A, `{"price":1}` cheapest first. */
export const orderByParamSchema = orderByParam(SORT_FIELDS);
/** The staff's list also takes `{"created":-1}` (newest added first) and `{"release_date":-1}`. */
export const adminOrderByParamSchema = orderByParam(ADMIN_SORT_FIELDS);

const queryInt = (min: number, max?: number) => {
  let schema = z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be ${min} or more` });
  if (max !== undefined) schema = schema.max(max, { error: `must be ${max} or less` });
  return schema;
};
/** A price filter in dollars; bounded so its value in cents fits the database's integer column. */
const queryPrice = z.coerce
  .number({ error: 'must be a number' })
  .min(0, { error: 'must be 0 or more' })
  .max(MAX_AMOUNT, { error: `must be ${MAX_AMOUNT} or less` });

const listQueryFields = {
  category: categorySchema.optional(),
  gender: genderSchema.optional(),
  brand: brandSchema.optional(),
  rating: queryInt(MIN_RATING, MAX_RATING).optional(),
  priceMin: queryPrice.optional(),
  priceMax: queryPrice.optional(),
  /** `true`: only products with a compare-at price above their price. */
  onSale: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  search: z.string().trim().max(SEARCH_MAX, `must be at most ${SEARCH_MAX} characters`).optional(),
  /** "In my size": only products with this size in stock, through each brand's chart. */
  ...sizeQueryFields,
  page: queryInt(1, MAX_PAGE).default(1),
  limit: queryInt(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
};
const priceRangeInOrder = (q: { priceMin?: number; priceMax?: number }) =>
  q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax;
const priceRangeIssue = { path: ['priceMin'], message: 'must not be above priceMax' };

export const productListQuerySchema = z
  .object({ ...listQueryFields, orderBy: orderByParamSchema.optional() })
  .refine(priceRangeInOrder, priceRangeIssue);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * `GET /api/products/admin`: the catalogue's filters, and the staff's sorts. Without `orderBy` (and without
 * a search, which sorts by relevance) the newest added product comes first.
 */
export const adminProductListQuerySchema = z
  .object({ ...listQueryFields, orderBy: adminOrderByParamSchema.optional() })
  .refine(priceRangeInOrder, priceRangeIssue);
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/**
 * A product as lists show it (catalogue, search, carousels): what its card needs and nothing more. The
 * description, stock and other pictures come with the product's own page.
 */
export const productSummarySchema = productSchema.pick({
  _id: true,
  name: true,
  brand: true,
  price: true,
  compareAtPrice: true,
  priorPrice: true,
  rating: true,
  card_picture: true,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListSchema = z.object({
  products: z.array(productSummarySchema),
  /** How many products match, counted exactly up to COUNT_LIMIT. */
  total: z.number().int(),
  /** false when more than COUNT_LIMIT match: `total` is then COUNT_LIMIT, and `pages` counts only those. */
  totalExact: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const productIdParamsSchema = z.object({ id: productIdSchema });

/** The landing page's featured shoes: the promo (Air Jordan 1 Mid XQ) and the two banner products. */
export const featuredProductsSchema = z.object({
  promo: productSchema.nullable(),
  banners: z.array(productSchema),
});
export type FeaturedProducts = z.infer<typeof featuredProductsSchema>;
