import type { OrderBy, ProductSummary } from '@shop/contracts';
import type { ListingRow, ProductFilter } from './catalog.repository';

/**
 * What the shoppers' catalogue list asks of the engine that answers it (listing-index.ts's ListingIndex
 * today; listing.ts creates it, keeps it current and hands it to the catalogue service). Another engine
 * that keeps this contract can be dropped in there; listing-engine.test.ts checks any engine against a plain
 * model of it.
 */
export interface ListingEngine {
  /**
   * Takes these rows as the products' state now, in order (a product sent twice: the later row wins). A
   * row not archived adds its product, or replaces everything the engine held of it (card, filter and sort
   * keys, sizes in stock and size shift, words); an archived row takes its product out of every list (a product the engine does not hold
   * is left out). A product deleted outright never comes as a row: the owner reads the catalogue again
   * into a new engine. Rows sent again unchanged change nothing. A size that sells out or comes back comes as
   * the product's row with its new `sizesInStock`.
   */
  apply(rows: Iterable<ListingRow>): void;

  /**
   * Loading is done (every row applied): prepares every order now, so the first lists do not pay for it.
   * Optional for correctness: lists answer the same without it.
   */
  sortAll(): void;

  /**
   * One page of the products on sale that match `filter`: `total` is how many match (exact), `cards` the
   * `limit` of them from the `offset`-th on (fewer at the end, none past it), each as toProductSummary
   * makes it of the product's latest row. The order (ties broken by id, as strings, ascending):
   * - `orderBy.name` (it wins over `orderBy.price` when both are given): the name as people sort it
   *   (compareNames: its NFKC form by a collator, without regard to case), 1 A to Z, -1 Z to A, ties by id
   *   ascending either way;
   * - else `orderBy.price`: the price in cents, 1 cheapest first, -1 dearest first;
   * - else with a search: relevance (see ListingSearch);
   * - else the newest release date first.
   */
  page(request: ListingPage): ListingResult;

  /** Products on sale (not archived) it holds. */
  readonly size: number;

  /**
   * Room still taken by products that changed or left (in ListingIndex, slots no product uses any more):
   * past a share of `size`, the owner reads the catalogue again into a new engine.
   */
  readonly dead: number;
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'accent' });

/**
 * The name order of the lists, on names made into nameSortKey: below 0 when `a` comes first, 0 when they
 * tie, above 0 when `b` does, as a collator sorts them (accents count, case does not). So a full-width
 * "＝1+1 Runner" sorts as "=1+1 Runner" (before the letters), and "Élan" beside "Elan", not after "Zoom".
 */
export const compareNames = (a: string, b: string): number => nameCollator.compare(a, b);

/** A name as compareNames takes it: its NFKC form, worked out once per product rather than per comparison. */
export const nameSortKey = (name: string): string => name.normalize('NFKC');

/**
 * A list's filters: a product matches when it passes every one given (`undefined`: no filter). The
 * brand and rating must equal the product's, the gender and category be among its own, the price lie
 * from `priceMinCents` to `priceMaxCents` (both included; either may be open; a minimum above the maximum
 * matches nothing), the product be on sale when `onSale`, the search match (see ListingSearch), and with
 * `sizes` ("In my size"), the product hold in its `sizesInStock` a key that, moved by its `sizeShift`
 * (shiftedKey), is a key of the entry of its brand and its chart (chartGenderOf its genders): see
 * ProductFilter.sizes (no such entry, or an empty list, matches nothing).
 */
export interface ListingFilter extends Omit<ProductFilter, 'search' | 'includeArchived'> {
  search?: ListingSearch;
}

/**
 * A search, as PostgreSQL's lexemes (the row's `lexemes`, its `search_vector`): a product matches when it
 * matches every group (no group at all: nothing matches); a group by any of its alternatives; an
 * alternative when the product holds every one of its lexemes. Without a name or price order, the matches
 * rank by:
 * 1. the number of groups that weigh A in the product, most first: a group weighs A when a lexeme of an
 *    alternative the product matches is weighted A in it (its name, brand or tags; B is its description);
 * 2. a name (lower-cased) that starts with `phrase` first (an empty phrase: no name does);
 * 3. the shorter name (lower-cased, in UTF-16 code units; names past 255 count as 255);
 * 4. the id, ascending.
 */
export interface ListingSearch {
  groups: string[][][];
  /** The searched words, corrected, as one phrase: a name that starts with it ranks higher. */
  phrase: string;
}

/** A page asked for: `limit` products from the `offset`-th on (both whole numbers, from 0). */
export interface ListingPage {
  filter: ListingFilter;
  orderBy?: OrderBy;
  limit: number;
  offset: number;
}

export interface ListingResult {
  cards: ProductSummary[];
  total: number;
}
