import { BRANDS, CATEGORIES, COLORS, GENDERS, TAX_CATEGORIES } from '@shop/contracts';
import { desc, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { allOf, oneOf } from '../checks';
import { idKey, ownedBy, stamp, timestamps } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const product = pgTable(
  'product',
  {
    id: idKey(),
    /** Stable natural key; the seed uses it to stay idempotent. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand', { enum: BRANDS }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The price before the sale, shown struck through: above the price, or null when not on sale. */
    compareAtPriceCents: integer('compare_at_price_cents'),
    rating: smallint('rating').notNull().default(0),
    description: text('description').notNull(),
    genders: text('genders', { enum: GENDERS }).array().notNull(),
    categories: text('categories', { enum: CATEGORIES }).array().notNull(),
    color: text('color', { enum: COLORS }).notNull(),
    collection: text('collection').notNull().default(''),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    cardPicture: text('card_picture').notNull(),
    detailPicture: text('detail_picture').notNull(),
    originalPicture: text('original_picture').notNull(),
    /** What the product is taxed as (decision 34): standard unless staff say otherwise. */
    taxCategory: text('tax_category', { enum: TAX_CATEGORIES }).notNull().default('standard'),
    /** How the model fits against its brand's size chart, in half sizes: +1 runs half a size large (decision 38). */
    sizeShift: integer('size_shift').notNull().default(0),
    /** Its GTIN (EAN/UPC: 8, 12, 13 or 14 digits, the check digit checked by the contracts), or null. */
    gtin: text('gtin'),
    /** Landing-page slot: 1 is the promo shoe, 2 and 3 the banner shoes. */
    featuredSlot: smallint('featured_slot').unique(),
    /** Name, brand, colour, categories, genders and collection (their closeness to a search breaks ties). */
    searchTerms: text('search_terms').notNull(),
    /** The description without its HTML. */
    searchBody: text('search_body').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', search_terms), 'A') || setweight(to_tsvector('english', search_body), 'B')`,
    ),
    ...timestamps(),
    /** Soft delete: orders keep pointing at products that left the catalogue. */
    deletedAt: stamp('deleted_at'),
    /**
     * The catalogue version of the product's last change, set by the `product_listing_version` trigger
     * (see catalogVersion): the in-memory listings read the rows changed since the version they hold.
     */
    listingVersion: bigint('listing_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('product_price_positive', sql`${t.priceCents} > 0`),
    check(
      'product_compare_at_above_price',
      sql`${t.compareAtPriceCents} IS NULL OR ${t.compareAtPriceCents} > ${t.priceCents}`,
    ),
    check('product_rating_range', sql`${t.rating} BETWEEN 0 AND 5`),
    check('product_brand_valid', oneOf(t.brand, BRANDS)),
    check('product_color_valid', oneOf(t.color, COLORS)),
    check('product_tax_category_valid', oneOf(t.taxCategory, TAX_CATEGORIES)),
    check('product_size_shift_range', sql`${t.sizeShift} BETWEEN -4 AND 4`),
    check('product_gtin_digits', sql`${t.gtin} IS NULL OR ${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check('product_genders_valid', allOf(t.genders, GENDERS)),
    check('product_categories_valid', allOf(t.categories, CATEGORIES)),
    index('product_search_vector_idx').using('gin', t.searchVector),
    index('product_categories_idx').using('gin', t.categories),
    index('product_genders_idx').using('gin', t.genders),
    index('product_brand_idx').on(t.brand),
    // The catalogue filters by brand and sorts by price, always among live products: this one index
    // serves the page (in price order, stopping early) and the count (index-only).
    index('product_live_brand_price_idx').on(t.brand, t.priceCents).where(sql`${t.deletedAt} IS NULL`),
    index('product_price_idx').on(t.priceCents),
    // The lists' name order (case-insensitive, byte-ordered) among live products: a sorted page walks it
    // and stops after its rows instead of sorting every match.
    index('product_live_name_key_idx')
      .on(sql`lower(${t.name}) COLLATE "C"`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('product_release_idx').on(t.releaseDate),
    // The staff's list: newest added first, ties by id (archived products included, so not partial).
    index('product_created_idx').on(desc(t.createdAt), t.id),
    index('product_listing_version_idx').on(t.listingVersion),
  ],
);

/**
 * Every price a product took, and when (EU Omnibus directive, Art. 6a: a reduction shows the lowest price
 * of the 30 days before it). Append-only, kept by the database: the `product_price_history_append`
 * triggers add a row, in the same transaction, whenever a product is inserted or its price changes
 * (whichever path writes it), and `product_price_history_kept` refuses any UPDATE, DELETE or TRUNCATE;
 * the rows go only with their product when it is deleted outright.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    /** Orders the changes made at one instant (one transaction). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: ownedBy('product_id', () => product.id),
    priceCents: integer('price_cents').notNull(),
    /** When the price took effect (its transaction's time). */
    effectiveAt: stamp('effective_at').notNull().defaultNow(),
  },
  (t) => [
    check('product_price_history_price_positive', sql`${t.priceCents} > 0`),
    index('product_price_history_product_idx').on(t.productId, t.effectiveAt),
  ],
);

/**
 * One row: the catalogue's version, raised once by every transaction that inserts or updates products (a
 * trigger stamps their rows with it; its row lock makes versions commit in order), and its generation,
 * raised when products are deleted outright (the listings then read the whole catalogue again).
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id}`)],
);

/**
 * Units per size. `units` can be sold now; `reserved` is held by pending orders.
 * Both are changed only by conditional updates, never by read-then-write.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: ownedBy('product_id', () => product.id),
    size: doublePrecision('size').notNull(),
    units: integer('units').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check('product_stock_units_non_negative', sql`${t.units} >= 0`),
    check('product_stock_reserved_non_negative', sql`${t.reserved} >= 0`),
  ],
);

/**
 * Every word of the catalogue's search text (names, brands, colours, categories, collections and the
 * descriptions): a searched word that is not one of them is corrected to the closest ones (by edit
 * distance, in memory: a few thousand words, however many products).
 */
export const searchWord = pgTable('search_word', { word: text('word').primaryKey() });
