import {
  BRANDS,
  CATEGORIES,
  COLORS,
  GENDERS,
  MAX_AMOUNT,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_RATING,
  MIN_RATING,
  type OrderBy,
  PAGE_SIZE,
  SEARCH_MAX,
} from './constants';
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
});
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema.extend({ reviews: z.array(reviewSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

const orderByValueSchema = z
  .object({ name: z.union([z.literal(1), z.literal(-1)]), price: z.union([z.literal(1), z.literal(-1)]) })
  .partial()
  .strict();

/** `orderBy` travels as JSON in the query string: `{"name":1}` is A-Z, `{"name":-1}` Z-A, `{"price":1}` cheapest first. */
export const orderByParamSchema = z.string().transform((raw, ctx): OrderBy => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"name":1}' });
    return z.NEVER;
  }
  const result = orderByValueSchema.safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({ code: 'custom', message: 'must sort by name or price with 1 or -1' });
    return z.NEVER;
  }
  return result.data;
});

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

export const productListQuerySchema = z
  .object({
    category: categorySchema.optional(),
    gender: genderSchema.optional(),
    brand: brandSchema.optional(),
    rating: queryInt(MIN_RATING, MAX_RATING).optional(),
    priceMin: queryPrice.optional(),
    priceMax: queryPrice.optional(),
    orderBy: orderByParamSchema.optional(),
    search: z.string().trim().max(SEARCH_MAX, `must be at most ${SEARCH_MAX} characters`).optional(),
    page: queryInt(1, MAX_PAGE).default(1),
    limit: queryInt(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    path: ['priceMin'],
    message: 'must not be above priceMax',
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * A product as lists show it (catalogue, search, carousels): what its card needs and nothing more. The
 * description, stock and other pictures come with the product's own page.
 */
export const productSummarySchema = productSchema.pick({
  _id: true,
  name: true,
  brand: true,
  price: true,
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
