import {
  type AdminOrderBy,
  type Brand,
  type Category,
  type ChartGender,
  COUNT_LIMIT,
  type Gender,
  type TaxCategory,
} from '@shop/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  catalogVersion,
  product,
  productPriceHistory,
  productStock,
  searchWord,
} from '../../db/schema/catalog';
import { htmlToText } from '../../lib/html';
import type { NewProduct } from './new-product';
import { PRIOR_PRICE_DAYS, type PricePoint } from './prior-price';

export interface ProductFilter {
  category?: Category;
  gender?: Gender;
  brand?: Brand;
  rating?: number;
  priceMinCents?: number;
  priceMaxCents?: number;
  /** true: only the products whose compare-at price is above their price (false or undefined: no filter). */
  onSale?: boolean;
  search?: ProductSearch;
  /**
   * "In my size": only the products with a unit in stock of a size that fits (see SizeFit). A product
   * matches when it has a unit of a key that, moved by its size shift (shiftedKey(key, sizeShift)), is one
   * of the keys of the entry of its brand and its chart (chartGenderOf its genders). A product of a brand
   * and chart no entry names does not match, and an empty list matches nothing (a size no chart knows).
   */
  sizes?: readonly SizeFit[];
  /** Archived products too (the admin's list). */
  includeArchived?: boolean;
}

/**
 * The keys of the chart of one brand and gender ('10', as the stock map writes keys) that are a shopper's
 * size. A product true to the chart fits them in those keys; one running `shift` half sizes large (negative:
 * small) in the keys that much smaller (keysForSize: shift +1 fits the chart's 10 in its 9.5).
 */
export interface SizeFit {
  brand: string;
  chart: ChartGender;
  keys: readonly string[];
}

/** A search as the repository runs it. */
export interface ProductSearch {
  /** What the shopper typed (its closeness to a product's name breaks ties of relevance). */
  text: string;
  /** The full-text query: every word, each or its corrections ('(jordn | jordan) & low'). */
  query: string;
}

export interface ProductPage {
  filter: ProductFilter;
  orderBy?: AdminOrderBy;
  limit: number;
  offset: number;
}

const stockMap = sql<Record<string, number> | null>`(
  SELECT json_object_agg(${productStock.size}::text, ${productStock.units} ORDER BY ${productStock.size})
  FROM ${productStock} WHERE ${productStock.productId} = ${product.id}
)`;

/**
 * The product's prices as prior-price.ts reads them, oldest first, as [cents, epoch ms]: those since the
 * last change at or before 30 days before its current price took effect (older ones cannot count), so a
 * long history costs no more. Three probes of the history's index.
 */
const PRICE_WINDOW = sql.raw(`interval '${PRIOR_PRICE_DAYS} days'`);
const ofProduct = (table: string) => sql`${sql.raw(table)}.product_id = ${product.id}`;
const priceHistory = sql<PricePoint[]>`(
  SELECT coalesce(json_agg(json_build_array(h.price_cents, floor(extract(epoch FROM h.effective_at) * 1000))
    ORDER BY h.effective_at, h.id), '[]')
  FROM ${productPriceHistory} AS h
  WHERE ${ofProduct('h')} AND h.effective_at >= coalesce((
    SELECT max(b.effective_at) FROM ${productPriceHistory} AS b
    WHERE ${ofProduct('b')} AND b.effective_at <= (
      SELECT max(c.effective_at) FROM ${productPriceHistory} AS c WHERE ${ofProduct('c')}
    ) - ${PRICE_WINDOW}
  ), '-infinity')
)`;

const productColumns = {
  id: product.id,
  name: product.name,
  brand: product.brand,
  priceCents: product.priceCents,
  compareAtPriceCents: product.compareAtPriceCents,
  rating: product.rating,
  description: product.description,
  genders: product.genders,
  categories: product.categories,
  color: product.color,
  collection: product.collection,
  releaseDate: product.releaseDate,
  cardPicture: product.cardPicture,
  detailPicture: product.detailPicture,
  originalPicture: product.originalPicture,
  taxCategory: product.taxCategory,
  sizeShift: product.sizeShift,
  gtin: product.gtin,
  stock: stockMap,
  archived: sql<boolean>`(${product.deletedAt} IS NOT NULL)`,
  priceHistory,
};

/** A product as the catalogue reads it: its fields as added, its stock per size and whether it is archived. */
export interface ProductRow extends Omit<Required<NewProduct>, 'slug' | 'featuredSlot' | 'stock'> {
  id: string;
  stock: Record<string, number> | null;
  archived: boolean;
  /** Its recent prices, oldest first (see `priceHistory`). */
  priceHistory: PricePoint[];
}

function whereClause(filter: ProductFilter): SQL {
  const conditions: (SQL | undefined)[] = [filter.includeArchived ? undefined : isNull(product.deletedAt)];
  // `@>` (contains) rather than `= ANY(...)`: same result, but the GIN indexes on the arrays can serve it.
  if (filter.category) conditions.push(sql`${product.categories} @> ARRAY[${filter.category}]::text[]`);
  if (filter.gender) conditions.push(sql`${product.genders} @> ARRAY[${filter.gender}]::text[]`);
  if (filter.brand) conditions.push(eq(product.brand, filter.brand));
  if (filter.rating !== undefined) conditions.push(eq(product.rating, filter.rating));
  if (filter.priceMinCents !== undefined) conditions.push(gte(product.priceCents, filter.priceMinCents));
  if (filter.priceMaxCents !== undefined) conditions.push(lte(product.priceCents, filter.priceMaxCents));
  if (filter.onSale) conditions.push(gt(product.compareAtPriceCents, product.priceCents));
  if (filter.search) {
    // Full-text match on every field, stemmed, of the words with their corrections: the GIN index serves it.
    conditions.push(sql`${product.searchVector} @@ to_tsquery('english', ${filter.search.query})`);
  }
  if (filter.sizes) conditions.push(sizesCondition(filter.sizes));
  // Always a condition: the count subquery writes it after its WHERE.
  return and(...conditions) ?? sql`true`;
}

/** The chart a product is sized on, as chartGenderOf says: the women's for a women's-only product, else the men's. */
const chartOfProduct = sql`(CASE WHEN ${product.genders} @> ARRAY['women']::text[]
  AND NOT ${product.genders} && ARRAY['men', 'unisex']::text[] THEN 'women' ELSE 'men' END)`;

/**
 * The products with a unit in stock of a size that fits (ProductFilter.sizes): one probe of the product's
 * stock rows, each size moved by the product's shift (halves are exact in a double), joined with the
 * fitting keys as three arrays (brand, chart, key).
 */
function sizesCondition(fits: readonly SizeFit[]): SQL {
  const rows = fits.flatMap((fit) => fit.keys.map((key) => ({ ...fit, size: Number(key) })));
  if (rows.length === 0) return sql`false`;
  const column = (of: (row: (typeof rows)[number]) => string | number) => sql.param(rows.map(of));
  return sql`EXISTS (
    SELECT 1 FROM ${productStock}
    JOIN unnest(${column((row) => row.brand)}::text[], ${column((row) => row.chart)}::text[],
      ${column((row) => row.size)}::float8[]) AS fit(brand, chart, size)
      ON fit.size = ${productStock.size} + ${product.sizeShift}::float8 / 2
    WHERE ${productStock.productId} = ${product.id} AND ${productStock.units} > 0
      AND fit.brand = ${product.brand} AND fit.chart = ${chartOfProduct})`;
}

interface SortKeys {
  name: SQL;
  price: SQL;
  /** When the product was added to the shop: the staff's default order, newest first. */
  created: SQL;
  releaseDate: SQL;
  /** Search relevance: with a search and no sort asked for, it replaces the default order. */
  rank?: SQL;
  id: SQL;
}

/** Whether the page asks for an order of its own (else a search sorts by relevance). */
const sortsItself = (orderBy: AdminOrderBy | undefined) =>
  Boolean(orderBy?.name || orderBy?.price || orderBy?.created || orderBy?.release_date);

function orderClause(orderBy: AdminOrderBy | undefined, keys: SortKeys): SQL[] {
  const order: SQL[] = [];
  const by = (key: SQL, direction: 1 | -1 | undefined) => {
    if (direction) order.push(direction === 1 ? asc(key) : desc(key));
  };
  by(keys.name, orderBy?.name);
  by(keys.price, orderBy?.price);
  by(keys.created, orderBy?.created);
  by(keys.releaseDate, orderBy?.release_date);
  if (keys.rank) order.push(desc(keys.rank));
  if (order.length === 0) order.push(desc(keys.created));
  // Ties (products added in one go, one price, one name) keep one order from page to page.
  order.push(asc(keys.id));
  return order;
}

/** Case-insensitive and byte-ordered, so PGlite and PostgreSQL (whatever its locale) sort alike. */
const nameKey = sql`lower(${product.name}) COLLATE "C"`;

/** Every word of the search vocabulary. */
export async function findVocabulary(db: DbOrTx): Promise<string[]> {
  return (await db.select({ word: searchWord.word }).from(searchWord)).map((row) => row.word);
}

/** The catalogue's version and generation (see `catalogVersion`). */
export async function findCatalogVersion(db: DbOrTx): Promise<{ version: number; generation: number }> {
  const [row] = await db
    .select({ version: catalogVersion.version, generation: catalogVersion.generation })
    .from(catalogVersion);
  return row ?? { version: 0, generation: 0 };
}

const {
  id,
  name,
  brand,
  priceCents,
  compareAtPriceCents,
  rating,
  genders,
  categories,
  releaseDate,
  cardPicture,
  archived,
  priceHistory: listingPriceHistory,
} = productColumns;
const listingColumns = {
  id,
  name,
  brand,
  priceCents,
  compareAtPriceCents,
  rating,
  genders,
  categories,
  releaseDate,
  cardPicture,
  archived,
  priceHistory: listingPriceHistory,
  lexemes: sql<string>`coalesce(${product.searchVector}::text, '')`,
  sizeShift: product.sizeShift,
  sizesInStock: sql<string[]>`(
    SELECT coalesce(array_agg(${productStock.size}::text ORDER BY ${productStock.size}), '{}')
    FROM ${productStock} WHERE ${productStock.productId} = ${product.id} AND ${productStock.units} > 0
  )`,
  version: product.listingVersion,
};

/** A product as the shoppers' listing holds it: its card, filter and sort keys, and its lexemes. */
export type ListingRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'brand'
  | 'priceCents'
  | 'compareAtPriceCents'
  | 'rating'
  | 'genders'
  | 'categories'
  | 'releaseDate'
  | 'cardPicture'
  | 'archived'
  | 'priceHistory'
  | 'sizeShift'
> & {
  /** `search_vector` as text: `'air':1A 'jordan':2A 'waffl':9B`. */
  lexemes: string;
  /** The keys of its sizes with a unit on sale, as the stock map writes them ('9.5'), in size order. */
  sizesInStock: string[];
};

export type VersionedListingRow = ListingRow & { version: number };

/** The listing of the products changed after `sinceVersion`, archived ones too (the listing drops them). */
export function findChangedListingRows(db: DbOrTx, sinceVersion: number): Promise<VersionedListingRow[]> {
  return db.select(listingColumns).from(product).where(gt(product.listingVersion, sinceVersion));
}

/** The listing of up to `limit` products on sale, by id, after `afterId`. */
export function findListingRows(
  db: DbOrTx,
  afterId: string | undefined,
  limit: number,
): Promise<VersionedListingRow[]> {
  return db
    .select(listingColumns)
    .from(product)
    .where(and(isNull(product.deletedAt), afterId === undefined ? undefined : gt(product.id, afterId)))
    .orderBy(asc(product.id))
    .limit(limit);
}

/** Each word's full-text lexemes as PostgreSQL's English configuration stems them (none for a stop word). */
export async function findLexemes(db: DbOrTx, words: string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const rows = await db
    .select({ word: sql<string>`word`, lexemes: sql<string>`to_tsvector('english', word)::text` })
    .from(sql`unnest(ARRAY[${list}]::text[]) AS words(word)`);
  return new Map(rows.map((row) => [row.word, row.lexemes]));
}

/** One page of a list and how many products match (exact up to COUNT_LIMIT, said by `exact`). */
export interface PageResult<Row> {
  rows: Row[];
  total: number;
  exact: boolean;
}

/**
 * How many products match, counting at most COUNT_LIMIT + 1 of them: a broad filter on a large catalogue
 * stops early instead of visiting every match.
 */
function boundedCount(where: SQL, bound = COUNT_LIMIT): SQL<number> {
  return sql<number>`(SELECT count(*) FROM (SELECT 1 FROM ${product} WHERE ${where} LIMIT ${bound + 1}) AS counted)`.mapWith(
    Number,
  );
}

function pageResult<Row>(rows: Row[], total: number): PageResult<Row> {
  return { rows, total: Math.min(total, COUNT_LIMIT), exact: total <= COUNT_LIMIT };
}

/** One page of whole products (the staff's list: stock and archived included). */
export function findProductPage(db: DbOrTx, page: ProductPage): Promise<PageResult<ProductRow>> {
  return findPage<ProductRow>(db, page, productColumns);
}

/** A search with at most this many matches is sorted after collecting them (see findPage). */
const FEW_SEARCH_MATCHES = 5_000;

/**
 * A relevance-ordered search ranks at most this many matches: the ones it counts, found first off the
 * full-text index (a broad word matches far more, all about as relevant).
 */
export const RANK_CANDIDATES = COUNT_LIMIT;

/**
 * One page of products and the number of matches, with a bounded amount of work however large the
 * catalogue. The bounded count (COUNT_LIMIT + 1 rows at most, over the filters' indexes) comes first and
 * chooses the plan, because PostgreSQL cannot: it guesses how many rows match brand AND category AND a
 * price range as if they were unrelated, and for a rare combination it would walk the whole sort order
 * looking for them (a quarter of a second at 100,000 products).
 *
 * - A search without a sort: the matches found first (at most RANK_CANDIDATES, off the full-text index)
 *   are ranked, narrow, and only the page is joined back to the rows it shows.
 * - Few matches (up to COUNT_LIMIT, or FEW_SEARCH_MATCHES for a search): they are collected first, off
 *   the filters' or the full-text index, then sorted.
 * - Many matches: the page walks the sort order's index and stops after `offset + limit` rows, which
 *   come quickly since matches are everywhere.
 */
async function findPage<Row>(
  db: DbOrTx,
  page: ProductPage,
  columns: typeof productColumns,
): Promise<PageResult<Row>> {
  const where = whereClause(page.filter);
  const search = page.filter.search;
  const byRelevance = search !== undefined && !sortsItself(page.orderBy);
  // A sorted search's matches come cheaply off the full-text index: up to FEW_SEARCH_MATCHES, collecting
  // them beats walking the sort order (1,362 matches of 100,000: 7 ms against 200 ms).
  const few = search && !byRelevance ? FEW_SEARCH_MATCHES : COUNT_LIMIT;
  const [counted] = await db.select({ total: boundedCount(where, few) }).from(sql`(SELECT 1) AS one`);
  const total = counted?.total ?? 0;
  if (total === 0 || page.offset >= Math.min(total, COUNT_LIMIT)) return pageResult<Row>([], total);
  const rows = (search && byRelevance
    ? await findRelevancePage(db, page, where, search, columns)
    : total <= few
      ? await findFewMatchesPage(db, page, where, columns, few)
      : await db
          .select(columns)
          .from(product)
          .where(where)
          .orderBy(...orderClause(page.orderBy, productSortKeys))
          .limit(page.limit)
          .offset(page.offset)) as unknown as Row[];
  return pageResult(rows, total);
}

const productSortKeys: SortKeys = {
  name: nameKey,
  price: sql`${product.priceCents}`,
  created: sql`${product.createdAt}`,
  releaseDate: sql`${product.releaseDate}`,
  id: sql`${product.id}`,
};

/**
 * A page of a list with at most `few` matches: the matches' ids and sort keys are collected first (the
 * subquery's LIMIT, which they all fit in, keeps PostgreSQL from folding it back into a walk of the sort
 * order), sorted, and only the page is joined back to its rows.
 */
function findFewMatchesPage(
  db: DbOrTx,
  page: ProductPage,
  where: SQL,
  columns: typeof productColumns,
  few: number,
) {
  const matches = db
    .select({
      matchId: sql<string>`${product.id}`.as('match_id'),
      matchName: sql<string>`${nameKey}`.as('match_name'),
      matchPrice: sql<number>`${product.priceCents}`.as('match_price'),
      matchCreated: sql<string>`${product.createdAt}`.as('match_created'),
      matchRelease: sql<string>`${product.releaseDate}`.as('match_release'),
    })
    .from(product)
    .where(where)
    .limit(few + 1)
    .as('matches');
  const keys: SortKeys = {
    name: sql`${matches.matchName}`,
    price: sql`${matches.matchPrice}`,
    created: sql`${matches.matchCreated}`,
    releaseDate: sql`${matches.matchRelease}`,
    id: sql`${matches.matchId}`,
  };
  const pageIds = db
    .select({
      pageId: matches.matchId,
      pageName: matches.matchName,
      pagePrice: matches.matchPrice,
      pageCreated: matches.matchCreated,
      pageRelease: matches.matchRelease,
    })
    .from(matches)
    .orderBy(...orderClause(page.orderBy, keys))
    .limit(page.limit)
    .offset(page.offset)
    .as('page_ids');
  return db
    .select(columns)
    .from(pageIds)
    .innerJoin(product, eq(product.id, pageIds.pageId))
    .orderBy(
      ...orderClause(page.orderBy, {
        name: sql`${pageIds.pageName}`,
        price: sql`${pageIds.pagePrice}`,
        created: sql`${pageIds.pageCreated}`,
        releaseDate: sql`${pageIds.pageRelease}`,
        id: sql`${pageIds.pageId}`,
      }),
    );
}

function findRelevancePage(
  db: DbOrTx,
  page: ProductPage,
  where: SQL,
  search: ProductSearch,
  columns: typeof productColumns,
) {
  const rank = sql`ts_rank(${product.searchVector}, to_tsquery('english', ${search.query})) + word_similarity(${search.text}, ${product.searchTerms})`;
  const candidates = db.$with('candidates').as(
    db
      .select({
        candidateId: sql<string>`${product.id}`.as('candidate_id'),
        candidateRank: sql<number>`${rank}`.as('candidate_rank'),
      })
      .from(product)
      .where(where)
      .limit(RANK_CANDIDATES),
  );
  const pageRows = db
    .select({ pageId: candidates.candidateId, pageRank: candidates.candidateRank })
    .from(candidates)
    .orderBy(desc(candidates.candidateRank), asc(candidates.candidateId))
    .limit(page.limit)
    .offset(page.offset)
    .as('page_rows');
  return db
    .with(candidates)
    .select(columns)
    .from(pageRows)
    .innerJoin(product, eq(product.id, pageRows.pageId))
    .orderBy(desc(pageRows.pageRank), asc(pageRows.pageId));
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(product)
    .where(and(eq(product.id, id), isNull(product.deletedAt)));
  return row;
}

/** Live products with these ids, in no particular order. */
export async function findProductsByIds(db: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(productColumns)
    .from(product)
    .where(and(inArray(product.id, ids), isNull(product.deletedAt)));
}

/** What a product page must read afresh: the product's catalogue version and its units per size (JSON). */
export interface PageState {
  id: string;
  version: number;
  stock: string;
}

const stockJson = sql<string>`coalesce((${stockMap})::text, '{}')`;

/** The page states of the products on sale among these ids (one light statement, no product fields). */
export async function findPageStates(db: DbOrTx, ids: string[]): Promise<PageState[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: product.id, version: product.listingVersion, stock: stockJson })
    .from(product)
    .where(and(inArray(product.id, ids), isNull(product.deletedAt)));
}

const { stock: _stock, archived: _archived, ...pageColumns } = productColumns;

/** A product page's fields with the catalogue version they are as of, and its stock (JSON). */
export type PageRow = Omit<ProductRow, 'stock' | 'archived'> & PageState;

/** The page rows of the products on sale among these ids. */
export async function findPageRows(db: DbOrTx, ids: string[]): Promise<PageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ ...pageColumns, version: product.listingVersion, stock: stockJson })
    .from(product)
    .where(and(inArray(product.id, ids), isNull(product.deletedAt)));
}

/** Ids of the products with these slugs (soft-deleted ones included), by slug. */
export async function findIdsBySlugs(db: DbOrTx, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: product.id, slug: product.slug })
    .from(product)
    .where(inArray(product.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function findFeaturedProducts(db: DbOrTx): Promise<(ProductRow & { featuredSlot: number })[]> {
  const rows = await db
    .select({ ...productColumns, featuredSlot: product.featuredSlot })
    .from(product)
    .where(and(isNotNull(product.featuredSlot), isNull(product.deletedAt)))
    .orderBy(asc(product.featuredSlot));
  return rows.map((row) => ({ ...row, featuredSlot: row.featuredSlot ?? 0 }));
}

function searchColumns(
  item: Pick<
    NewProduct,
    'name' | 'brand' | 'color' | 'categories' | 'genders' | 'collection' | 'description'
  >,
) {
  return {
    searchTerms: [item.name, item.brand, item.color, ...item.categories, ...item.genders, item.collection]
      .join(' ')
      .toLowerCase(),
    searchBody: htmlToText(item.description),
  };
}

const INSERT_BATCH = 500;

/** The words of a text as the search vocabulary keeps them: lower case, letters and digits, 2 to 40 long. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && word.length <= 40);
}

/** Adds the words of these products' search text to the vocabulary (words are never removed). */
async function rememberWords(db: DbOrTx, texts: { searchTerms: string; searchBody: string }[]) {
  const words = [...new Set(texts.flatMap((text) => wordsOf(`${text.searchTerms} ${text.searchBody}`)))];
  for (let start = 0; start < words.length; start += 1_000) {
    await db
      .insert(searchWord)
      .values(words.slice(start, start + 1_000).map((word) => ({ word })))
      .onConflictDoNothing();
  }
}

/** Inserts products with their stock; a product whose slug exists is left as it is. Returns the new ids. */
export async function insertProducts(db: DbOrTx, items: NewProduct[]): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    const batch = items.slice(start, start + INSERT_BATCH);
    const rows = batch.map(({ stock: _stock, ...item }) => ({ ...item, ...searchColumns(item) }));
    const inserted = await db
      .insert(product)
      .values(rows)
      .onConflictDoNothing({ target: product.slug })
      .returning({ id: product.id, slug: product.slug });
    await rememberWords(db, rows);
    for (const row of inserted) created.set(row.slug, row.id);
    const stockRows = batch.flatMap((item) => {
      const productId = created.get(item.slug);
      if (!productId) return [];
      return Object.entries(item.stock).map(([size, units]) => ({ productId, size: Number(size), units }));
    });
    if (stockRows.length > 0) await db.insert(productStock).values(stockRows);
  }
  return created;
}

/**
 * Locks the products' rows (in id order, the one order every caller takes them in) until the transaction
 * ends, so that two transactions recomputing one product's rating run one after the other and the second
 * sees the first's reviews. `NO KEY UPDATE` still lets other rows reference the product meanwhile.
 */
export async function lockProducts(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: product.id })
    .from(product)
    .where(inArray(product.id, ids))
    .orderBy(asc(product.id))
    .for('no key update');
}

/** Sets each product's rating, in one statement; rows whose rating is already right are left alone. */
export async function setRatings(
  db: DbOrTx,
  ratings: { productId: string; rating: number }[],
): Promise<void> {
  if (ratings.length === 0) return;
  const rows = sql.join(
    ratings.map(({ productId, rating }) => sql`(${productId}::uuid, ${rating}::smallint)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${product} SET rating = wanted.rating, updated_at = now()
    FROM (VALUES ${rows}) AS wanted(id, rating)
    WHERE ${product.id} = wanted.id AND ${product.rating} IS DISTINCT FROM wanted.rating`);
}

/** A size of a live product with its price: what checkout and the cart's refresh need. */
const stockLineColumns = {
  productId: productStock.productId,
  size: productStock.size,
  units: productStock.units,
  name: product.name,
  brand: product.brand,
  genders: product.genders,
  cardPicture: product.cardPicture,
  priceCents: product.priceCents,
  categories: product.categories,
  taxCategory: product.taxCategory,
};

/**
 * Moves `count` units of a size from sellable to reserved, only if that many are sellable and the product
 * is still sold, and answers the product's price and name as it stands. One conditional update: concurrent
 * buyers cannot both take the last unit, and units never go below zero. Undefined: nothing was reserved.
 * The update locks the stock row until the transaction ends: a transaction that reserves, releases or sells
 * several lines takes them in the service's `inLockOrder`, or two of them can deadlock.
 */
export async function reserveUnits(
  db: DbOrTx,
  productId: string,
  size: number,
  count: number,
): Promise<StockLine | undefined> {
  const [row] = await db
    .update(productStock)
    .set({ units: sql`${productStock.units} - ${count}`, reserved: sql`${productStock.reserved} + ${count}` })
    .from(product)
    .where(
      and(
        eq(productStock.productId, productId),
        eq(productStock.size, size),
        gte(productStock.units, count),
        eq(product.id, productStock.productId),
        isNull(product.deletedAt),
      ),
    )
    .returning(stockLineColumns);
  return row;
}

/** The stock line of a product size holding at least `count` reserved units. */
const reservedAtLeast = (productId: string, size: number, count: number) =>
  and(eq(productStock.productId, productId), eq(productStock.size, size), gte(productStock.reserved, count));

/** Reserved units of a cancelled or expired order go back on sale. */
export async function releaseUnits(
  db: DbOrTx,
  productId: string,
  size: number,
  count: number,
): Promise<void> {
  await db
    .update(productStock)
    .set({ units: sql`${productStock.units} + ${count}`, reserved: sql`${productStock.reserved} - ${count}` })
    .where(reservedAtLeast(productId, size, count));
}

/** Reserved units of a paid order are sold: they leave the reservation for good. */
export async function markUnitsSold(
  db: DbOrTx,
  productId: string,
  size: number,
  count: number,
): Promise<void> {
  await db
    .update(productStock)
    .set({ reserved: sql`${productStock.reserved} - ${count}` })
    .where(reservedAtLeast(productId, size, count));
}

/**
 * Units that came back (a returned pair put back on sale) join the sellable units of a size of a live
 * product; false when the product was archived meanwhile or no longer has the size (nothing changes).
 */
export async function addUnits(db: DbOrTx, productId: string, size: number, count: number): Promise<boolean> {
  const rows = await db
    .update(productStock)
    .set({ units: sql`${productStock.units} + ${count}` })
    .from(product)
    .where(
      and(
        eq(productStock.productId, productId),
        eq(productStock.size, size),
        eq(product.id, productStock.productId),
        isNull(product.deletedAt),
      ),
    )
    .returning({ productId: productStock.productId });
  return rows.length === 1;
}

export interface StockLine {
  productId: string;
  size: number;
  name: string;
  brand: string;
  /** Whose size chart the product is on: chartGenderOf(genders). */
  genders: string[];
  cardPicture: string;
  priceCents: number;
  categories: string[];
  taxCategory: TaxCategory;
  units: number;
}

/** Live products in these sizes with their price and sellable units; missing pairs are left out. */
export async function findStockLines(
  db: DbOrTx,
  pairs: { productId: string; size: number }[],
): Promise<StockLine[]> {
  if (pairs.length === 0) return [];
  const ids = [...new Set(pairs.map((pair) => pair.productId))];
  const rows = await db
    .select(stockLineColumns)
    .from(productStock)
    .innerJoin(product, eq(product.id, productStock.productId))
    .where(and(inArray(productStock.productId, ids), isNull(product.deletedAt)));
  return rows.filter((row) =>
    pairs.some((pair) => pair.productId === row.productId && pair.size === row.size),
  );
}

/**
 * A product (live ones only, or archived ones too), its row locked until the transaction ends: one admin
 * change at a time.
 */
export async function lockProduct(
  db: DbOrTx,
  id: string,
  which: 'live' | 'any',
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(product)
    .where(which === 'live' ? and(eq(product.id, id), isNull(product.deletedAt)) : eq(product.id, id))
    .for('update');
  return row;
}

/** A product a bulk change of tax category reaches: its name and its category before. */
export interface TaxCategoryTarget {
  id: string;
  name: string;
  taxCategory: TaxCategory;
}

/**
 * Locks the products the filter matches (archived ones too, in id order: the one order every caller
 * locks products in), at most `limit` + 1 of them, so the caller can tell too many.
 */
export function lockTaxCategoryTargets(
  db: DbOrTx,
  filter: ProductFilter,
  limit: number,
): Promise<TaxCategoryTarget[]> {
  return db
    .select({ id: product.id, name: product.name, taxCategory: product.taxCategory })
    .from(product)
    .where(whereClause({ ...filter, includeArchived: true }))
    .orderBy(asc(product.id))
    .limit(limit + 1)
    .for('no key update');
}

/** Sets the tax category of these products. */
export async function setTaxCategory(db: DbOrTx, ids: string[], taxCategory: TaxCategory): Promise<void> {
  if (ids.length === 0) return;
  await db.update(product).set({ taxCategory, updatedAt: sql`now()` }).where(inArray(product.id, ids));
}

export type ProductChanges = Partial<Omit<NewProduct, 'slug' | 'stock' | 'rating' | 'featuredSlot'>>;

/** Writes the changed fields of a product (`current` is its row, locked), its search columns recomputed. */
export async function updateProduct(db: DbOrTx, current: ProductRow, changes: ProductChanges): Promise<void> {
  const merged = { ...current, ...changes };
  const search = searchColumns(merged);
  await db
    .update(product)
    .set({ ...changes, ...search, updatedAt: sql`now()` })
    .where(eq(product.id, current.id));
  await rememberWords(db, [search]);
}

/**
 * Sets the sellable units of these sizes (sizes the product lacks are added); units reserved by pending
 * orders are kept apart and untouched. Answers the sellable units each size had before (0 when new).
 */
export async function setStockUnits(
  db: DbOrTx,
  productId: string,
  units: Map<number, number>,
): Promise<Map<number, number>> {
  if (units.size === 0) return new Map();
  const sizes = [...units.keys()];
  const before = await db
    .select({ size: productStock.size, units: productStock.units })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), inArray(productStock.size, sizes)))
    .orderBy(asc(productStock.size))
    .for('update');
  await db
    .insert(productStock)
    .values([...units].map(([size, count]) => ({ productId, size, units: count })))
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.size],
      set: { units: sql`excluded.units` },
    });
  const previous = new Map(sizes.map((size) => [size, 0]));
  for (const row of before) previous.set(row.size, row.units);
  return previous;
}

/** Takes a live product out of the catalogue; orders keep pointing at it. False when none was live. */
export async function archiveProduct(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(product)
    .set({ deletedAt: sql`now()`, featuredSlot: null, updatedAt: sql`now()` })
    .where(and(eq(product.id, id), isNull(product.deletedAt)))
    .returning({ id: product.id });
  return rows.length > 0;
}

/** Puts an archived product back on sale; false when it was not archived. */
export async function restoreProduct(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(product)
    .set({ deletedAt: null, updatedAt: sql`now()` })
    .where(and(eq(product.id, id), isNotNull(product.deletedAt)))
    .returning({ id: product.id });
  return rows.length > 0;
}

/** A product by id, archived or not (the admin's answer after a change). */
export async function findAnyProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(product).where(eq(product.id, id));
  return row;
}

/** A product as the CSV export writes it; `stock` is its sizes with their units on sale: "9:3 9.5:0". */
export interface ExportedProduct {
  id: string;
  name: string;
  brand: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  rating: number;
  genders: string[];
  categories: string[];
  color: string;
  collection: string;
  releaseDate: string;
  archived: boolean;
  stock: string;
}

const stockText = sql<string>`(
  SELECT coalesce(string_agg(${productStock.size}::text || ':' || ${productStock.units}, ' ' ORDER BY ${productStock.size}), '')
  FROM ${productStock} WHERE ${productStock.productId} = ${product.id}
)`;

/**
 * The next `limit` products after `after` by (name, id), archived ones included: one page of a keyset walk
 * over the whole catalogue (off the name index), each page a short query of its own.
 */
export async function findProductsAfter(
  db: DbOrTx,
  after: { name: string; id: string } | undefined,
  limit: number,
): Promise<ExportedProduct[]> {
  return db
    .select({
      id: product.id,
      name: product.name,
      brand: product.brand,
      priceCents: product.priceCents,
      compareAtPriceCents: product.compareAtPriceCents,
      rating: product.rating,
      genders: product.genders,
      categories: product.categories,
      color: product.color,
      collection: product.collection,
      releaseDate: product.releaseDate,
      archived: sql<boolean>`(${product.deletedAt} IS NOT NULL)`,
      stock: stockText,
    })
    .from(product)
    .where(after ? sql`(${product.name}, ${product.id}) > (${after.name}, ${after.id}::uuid)` : undefined)
    .orderBy(asc(product.name), asc(product.id))
    .limit(limit);
}

export interface LowStockLine {
  productId: string;
  name: string;
  brand: string;
  size: number;
  units: number;
}

const lowStockWhere = (maxUnits: number) => and(isNull(product.deletedAt), lte(productStock.units, maxUnits));

/**
 * One page of the sizes of products on sale with `maxUnits` units or fewer on sale, fewest first, then by
 * name, product and size (a total order, so pages neither repeat nor skip a size), and how many there are.
 */
export async function findLowStock(
  db: DbOrTx,
  maxUnits: number,
  page: { limit: number; offset: number },
): Promise<{ rows: LowStockLine[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        productId: productStock.productId,
        name: product.name,
        brand: product.brand,
        size: productStock.size,
        units: productStock.units,
      })
      .from(productStock)
      .innerJoin(product, eq(product.id, productStock.productId))
      .where(lowStockWhere(maxUnits))
      .orderBy(asc(productStock.units), nameKey, asc(product.id), asc(productStock.size))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(productStock)
      .innerJoin(product, eq(product.id, productStock.productId))
      .where(lowStockWhere(maxUnits)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Name, brand and card picture of products by id, archived ones too (a report names what was sold). */
export async function findProductCards(
  db: DbOrTx,
  ids: string[],
): Promise<{ id: string; name: string; brand: string; cardPicture: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: product.id, name: product.name, brand: product.brand, cardPicture: product.cardPicture })
    .from(product)
    .where(inArray(product.id, ids));
}

/** A brand's live products with the sizes they have units of, by name (the size charts' warnings). */
export async function stockedSizesOfBrand(
  db: DbOrTx,
  brand: Brand,
): Promise<{ productId: string; name: string; genders: string[]; sizes: number[] }[]> {
  return db
    .select({
      productId: product.id,
      name: product.name,
      genders: product.genders,
      sizes: sql<number[]>`array_agg(${productStock.size} ORDER BY ${productStock.size})`,
    })
    .from(product)
    .innerJoin(productStock, eq(productStock.productId, product.id))
    .where(and(eq(product.brand, brand), isNull(product.deletedAt), gt(productStock.units, 0)))
    .groupBy(product.id)
    .orderBy(asc(product.name));
}
