import {
  type Brand,
  type ChartGender,
  chartGenderOf,
  type FeaturedProducts,
  type Product,
  type ProductList,
  type ProductListQuery,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { sanitizeDescription } from '../../lib/html';
import * as repository from './catalog.repository';
import { currentListing } from './listing';
import type { ListingSearch } from './listing-engine';
import type { NewProduct } from './new-product';
import { toProductWire } from './product-wire';
import { correctionsOf, forgetVocabulary, lexemesOf } from './search-words';
import { type SizeCharts, sizeFitsOf } from './size-fits';

/** At most this many words of a search are used. */
const MAX_SEARCH_WORDS = 8;

/** A search's words (letters and digits; any query syntax is plain text) and each one's alternatives. */
interface SearchWords {
  words: string[];
  /** For each word, itself and, for a word the catalogue never uses, its closest corrections. */
  alternatives: string[][];
}

async function searchWordsOf(db: DbOrTx, text: string | undefined): Promise<SearchWords | undefined> {
  if (!text?.trim()) return undefined;
  const words = [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, MAX_SEARCH_WORDS);
  const corrections = await correctionsOf(db, words);
  return { words, alternatives: words.map((word) => [word, ...(corrections.get(word) ?? [])]) };
}

/**
 * A search as the repository runs it: each word the catalogue never uses widened to its closest
 * corrections ('jordn' → 'jordn | jordan'), all of them required. None when the search is blank; a search
 * without a single letter or digit ('!!!') finds nothing, as it did before words were corrected.
 */
export async function searchOf(
  db: DbOrTx,
  text: string | undefined,
): Promise<repository.ProductSearch | undefined> {
  const search = await searchWordsOf(db, text);
  if (!search) return undefined;
  // An empty full-text query matches no product.
  if (search.words.length === 0) return { text: '', query: '' };
  const query = search.alternatives
    .map((alternatives) => (alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`))
    .join(' & ');
  return { text: search.words.join(' '), query };
}

/**
 * The same search as the listing runs it: each word's alternatives as PostgreSQL's lexemes, a stop word
 * ('the') dropped as to_tsquery drops it; the phrase is the words as corrected (the first correction of
 * a word the catalogue does not use).
 */
async function listingSearchOf(db: DbOrTx, text: string | undefined): Promise<ListingSearch | undefined> {
  const search = await searchWordsOf(db, text);
  if (!search) return undefined;
  const lexemes = await lexemesOf(db, search.alternatives.flat());
  const groups = search.alternatives
    .map((alternatives) =>
      alternatives.map((word) => lexemes.get(word) ?? []).filter((found) => found.length > 0),
    )
    .filter((group) => group.length > 0);
  const phrase = search.alternatives.map((alternatives) => alternatives[1] ?? alternatives[0]).join(' ');
  return { groups, phrase };
}

/** The list query's filters without its search, money in cents. */
function filterOf(query: ProductListQuery) {
  return {
    category: query.category,
    gender: query.gender,
    brand: query.brand,
    rating: query.rating,
    priceMinCents: query.priceMin === undefined ? undefined : toCents(query.priceMin),
    priceMaxCents: query.priceMax === undefined ? undefined : toCents(query.priceMax),
    onSale: query.onSale,
  };
}

/**
 * The list query's filters as the repository takes them (money in cents, the search's words corrected, a
 * size as the keys that fit each brand's products through its charts).
 */
export async function pageFilter(
  db: DbOrTx,
  query: Omit<ProductListQuery, 'orderBy'>,
  charts: SizeCharts,
): Promise<repository.ProductFilter> {
  return {
    ...filterOf(query),
    search: await searchOf(db, query.search),
    sizes: await sizeFitsOf(db, charts, query),
  };
}

/** Reads the catalogue into the listing index (done before the server takes traffic; lists keep it current). */
export async function loadListing(db: DbOrTx): Promise<void> {
  await currentListing(db);
}

/**
 * The shoppers' list, from the listing index (current as of this request): exact counts, any page. "In my
 * size" is resolved through the charts held in memory, then filtered in the index like any facet.
 */
export async function listProducts(
  db: DbOrTx,
  query: ProductListQuery,
  charts: SizeCharts,
): Promise<ProductList> {
  const { page, limit } = query;
  const search = await listingSearchOf(db, query.search);
  const sizes = await sizeFitsOf(db, charts, query);
  const listing = await currentListing(db);
  const { cards, total } = listing.page({
    filter: { ...filterOf(query), search, sizes },
    orderBy: query.orderBy,
    limit,
    offset: (page - 1) * limit,
  });
  return { products: cards, total, totalExact: true, page, pages: Math.ceil(total / limit) };
}

export async function getFeaturedProducts(db: DbOrTx): Promise<FeaturedProducts> {
  const rows = await repository.findFeaturedProducts(db);
  const promo = rows.find((row) => row.featuredSlot === 1);
  return {
    promo: promo ? toProductWire(promo) : null,
    banners: rows.filter((row) => row.featuredSlot !== 1).map(toProductWire),
  };
}

/** Products by id, in the order asked; ids of products that left the catalogue are skipped. */
export async function getProducts(db: DbOrTx, ids: string[]): Promise<Product[]> {
  const rows = await repository.findProductsByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, toProductWire(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A brand's products sized on a chart (men's or women's), with the sizes they have in stock, by name. */
export async function stockedSizes(db: DbOrTx, brand: Brand, gender: ChartGender) {
  const rows = await repository.stockedSizesOfBrand(db, brand);
  return rows
    .filter((row) => chartGenderOf(row.genders) === gender)
    .map((row) => ({ productId: row.productId, name: row.name, sizes: row.sizes.map(sizeKey) }));
}

/** Whether the product is on sale (or, with 'any', whether it exists at all, archived or not). */
export async function productExists(
  db: DbOrTx,
  id: string,
  which: 'live' | 'any' = 'live',
): Promise<boolean> {
  const row =
    which === 'live' ? await repository.findProductById(db, id) : await repository.findAnyProductById(db, id);
  return row !== undefined;
}

export interface StockPair {
  productId: string;
  size: number;
}

/** Today's price and sellable units of each product and size (uncached: carts and checkout rely on it). */
export function stockLines(db: DbOrTx, pairs: StockPair[]) {
  return repository.findStockLines(db, pairs);
}

/**
 * Stock lines sorted in the one order every transaction takes their row locks in (product id, then size).
 * Two carts that hold the same lines in opposite orders would otherwise each lock one row and wait for the
 * other's: a deadlock. Reserve, release and sell several lines only in this order.
 */
export function inLockOrder<T extends StockPair>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) =>
    a.productId === b.productId ? a.size - b.size : a.productId < b.productId ? -1 : 1,
  );
}

/** Ids of the products with these slugs, by slug (the seed finds its products by their stable slug). */
export function productIdsBySlug(db: DbOrTx, slugs: string[]): Promise<Map<string, string>> {
  return repository.findIdsBySlugs(db, slugs);
}

/**
 * A product's rating is the figure its reviews give (see the reviews service): the reviews service locks
 * the products whose reviews it changes, then sets their new ratings, in the same transaction.
 */
export function lockProductsForRating(db: DbOrTx, ids: string[]): Promise<void> {
  return repository.lockProducts(db, ids);
}
export function setRatings(db: DbOrTx, ratings: { productId: string; rating: number }[]): Promise<void> {
  return repository.setRatings(db, ratings);
}

export function reserveUnits(
  db: DbOrTx,
  productId: string,
  size: number,
  count: number,
): Promise<repository.StockLine | undefined> {
  return repository.reserveUnits(db, productId, size, count);
}
export function releaseUnits(db: DbOrTx, productId: string, size: number, count: number): Promise<void> {
  return repository.releaseUnits(db, productId, size, count);
}
export function markUnitsSold(db: DbOrTx, productId: string, size: number, count: number): Promise<void> {
  return repository.markUnitsSold(db, productId, size, count);
}
export function addUnits(db: DbOrTx, productId: string, size: number, count: number): Promise<boolean> {
  return repository.addUnits(db, productId, size, count);
}

/**
 * Adds products (keyed by slug: an existing slug is left as it is). Descriptions are stored sanitised, so
 * every client gets safe HTML whatever it renders with; answers slug → id of the products added.
 */
export async function addProducts(db: DbOrTx, items: NewProduct[]): Promise<Map<string, string>> {
  const created = await repository.insertProducts(
    db,
    items.map((item) => ({ ...item, description: sanitizeDescription(item.description) })),
  );
  forgetVocabulary();
  return created;
}

/** Sizes of products on sale running out (the Sales view's low-stock list), fewest units first, a page at a time. */
export function lowStock(
  db: DbOrTx,
  maxUnits: number,
  page: { limit: number; offset: number },
): Promise<{ rows: repository.LowStockLine[]; total: number }> {
  return repository.findLowStock(db, maxUnits, page);
}
/** Name, brand and card picture of products by id, archived ones included. */
export function productCards(
  db: DbOrTx,
  ids: string[],
): Promise<{ id: string; name: string; brand: string; cardPicture: string }[]> {
  return repository.findProductCards(db, ids);
}
