import { chartGenderOf, type OrderBy, type ProductSummary, shiftedKey } from '@shop/contracts';
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { TypedFastBitSet } from 'typedfastbitset';
import type { ListingRow } from '../src/modules/catalog/catalog.repository';
import { parseLexemes } from '../src/modules/catalog/lexemes';
import type {
  ListingEngine,
  ListingFilter,
  ListingPage,
  ListingResult,
  ListingSearch,
} from '../src/modules/catalog/listing-engine';
import { toProductSummary } from '../src/modules/catalog/product-wire';

/**
 * The listing engine's contract (listing-engine.ts) kept by maintained libraries, for decision 13's
 * addendum: MiniSearch for the words (an inverted index of the row's lexemes, field `a` the ones weighted A,
 * `b` the others) and TypedFastBitSet for the facets (one bitset per brand, rating, gender and category, the
 * products on sale, and for each brand's chart and key, the products with a unit in stock that fits it). The orders are sorted slot arrays, as anyone would keep them next to those
 * libraries; a page intersects the facets, adds the price range from the price order, and reads the page
 * off the order (or sorts the matches, when few).
 *
 * A search is a MiniSearch query tree (AND of groups, OR of alternatives, AND of lexemes), exact terms (no
 * prefix, no fuzzy: corrections come in the groups, as the contract says), filtered by the facets' bitset.
 * MiniSearch's own rank (BM25+) is not the contract's: the matches are ranked again from the fields each
 * matched term was found in (see `relevance`). Only the bench uses it.
 */

type SortName = 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc' | 'newest';
const SORTS: SortName[] = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'];

interface Doc {
  id: number;
  a: string;
  b: string;
}

/** Below this share of the products on sale, the matches are sorted; above it, the order is walked. */
const SORT_MATCHES_SHARE = 1 / 16;

/**
 * How a search without a name or price order ranks: 'contract' as listing-engine.ts says (every match
 * ranked again), 'minisearch' by MiniSearch's own score (BM25+, field `a` boosted as ts_rank weighs A),
 * to count how many pages that would change.
 */
export type AlternativeRank = 'contract' | 'minisearch';

export class ListingAlternative implements ListingEngine {
  constructor(private readonly rank: AlternativeRank = 'contract') {}

  private readonly slotOf = new Map<string, number>();
  private ids: string[] = [];
  private cards: ProductSummary[] = [];
  private nameKeys: string[] = [];
  private prices: number[] = [];
  private releases: number[] = [];
  private lexemes: string[] = [];
  private facetKeys: string[][] = [];
  private readonly alive = new TypedFastBitSet();
  private readonly facets = new Map<string, TypedFastBitSet>();
  private readonly sorted = new Map<SortName, Int32Array>();
  private readonly positions = new Map<SortName, Int32Array>();
  private readonly words = new MiniSearch<Doc>({
    fields: ['a', 'b'],
    idField: 'id',
    tokenize: (text) => (text ? text.split(' ') : []),
    processTerm: (term) => term,
    autoVacuum: false,
    searchOptions: { prefix: false, fuzzy: false, boost: { a: 2.5 } },
  });

  get size(): number {
    return this.alive.size();
  }

  /** Documents MiniSearch discarded but still holds in its term lists (until vacuumed). */
  get dead(): number {
    return this.words.dirtCount;
  }

  sortAll(): void {
    for (const sort of SORTS) this.positionsOf(sort);
  }

  apply(rows: Iterable<ListingRow>): void {
    for (const row of rows) {
      const slot = this.slotOf.get(row.id);
      const live = slot !== undefined && this.alive.has(slot);
      if (row.archived) {
        if (slot !== undefined && live) this.leave(slot);
        continue;
      }
      const at = slot ?? this.ids.length;
      if (slot === undefined) {
        this.slotOf.set(row.id, at);
        this.ids[at] = row.id;
      }
      this.set(at, row, live);
    }
  }

  private leave(slot: number) {
    this.alive.remove(slot);
    for (const key of this.facetKeys[slot] ?? []) this.facets.get(key)?.remove(slot);
    this.words.discard(slot);
    this.lexemes[slot] = '';
    this.resort();
  }

  private set(slot: number, row: ListingRow, live: boolean) {
    const nameKey = row.name.toLowerCase();
    const release = Number(row.releaseDate.replaceAll('-', ''));
    if (
      !live ||
      this.nameKeys[slot] !== nameKey ||
      this.prices[slot] !== row.priceCents ||
      this.releases[slot] !== release
    ) {
      this.resort();
    }
    this.nameKeys[slot] = nameKey;
    this.prices[slot] = row.priceCents;
    this.releases[slot] = release;
    this.cards[slot] = toProductSummary(row);
    for (const key of this.facetKeys[slot] ?? []) this.facets.get(key)?.remove(slot);
    const keys = [
      `brand:${row.brand}`,
      `rating:${row.rating}`,
      ...row.genders.map((gender) => `gender:${gender}`),
      ...row.categories.map((category) => `category:${category}`),
      ...row.sizesInStock.flatMap((size) => {
        const fits = shiftedKey(size, row.sizeShift);
        return fits === null ? [] : [`fit:${row.brand}/${chartGenderOf(row.genders)}/${fits}`];
      }),
    ];
    for (const key of keys) {
      let bits = this.facets.get(key);
      if (!bits) {
        bits = new TypedFastBitSet();
        this.facets.set(key, bits);
      }
      bits.add(slot);
    }
    this.facetKeys[slot] = keys;
    this.alive.add(slot);
    if (live && this.lexemes[slot] === row.lexemes) return;
    const parsed = parseLexemes(row.lexemes);
    const doc: Doc = {
      id: slot,
      a: parsed
        .filter((word) => word.weightA)
        .map((word) => word.lexeme)
        .join(' '),
      b: parsed
        .filter((word) => !word.weightA)
        .map((word) => word.lexeme)
        .join(' '),
    };
    if (live) this.words.replace(doc);
    else this.words.add(doc);
    this.lexemes[slot] = row.lexemes;
  }

  private resort() {
    this.sorted.clear();
    this.positions.clear();
  }

  page({ filter, orderBy, limit, offset }: ListingPage): ListingResult {
    const allowed = this.filtered(filter);
    if (!allowed) return { cards: [], total: 0 };
    let slots: number[];
    let total: number;
    if (filter.search) {
      const found = this.searched(filter.search, allowed, orderBy);
      total = found.length;
      slots = found.slice(offset, offset + limit);
    } else {
      total = allowed.size();
      slots = this.ordered(allowed, total, sortOf(orderBy), offset, limit);
    }
    return { cards: slots.map((slot) => this.cards[slot] as ProductSummary), total };
  }

  /** The products on sale that pass the facets and the price range (not the search), or undefined: none. */
  private filtered(filter: ListingFilter): TypedFastBitSet | undefined {
    const keys = [
      filter.brand === undefined ? undefined : `brand:${filter.brand}`,
      filter.rating === undefined ? undefined : `rating:${filter.rating}`,
      filter.gender === undefined ? undefined : `gender:${filter.gender}`,
      filter.category === undefined ? undefined : `category:${filter.category}`,
    ].filter((key) => key !== undefined);
    let allowed: TypedFastBitSet | undefined;
    for (const key of keys) {
      const bits = this.facets.get(key);
      if (!bits) return undefined;
      allowed = allowed ? allowed.intersection(bits) : bits.clone();
    }
    const { priceMinCents: min, priceMaxCents: max } = filter;
    if (min !== undefined || max !== undefined) {
      const order = this.sortedOf('price-asc');
      const price = (slot: number) => this.prices[slot] ?? 0;
      const from = min === undefined ? 0 : firstWhere(order, (slot) => price(slot) >= min);
      const to = max === undefined ? order.length : firstWhere(order, (slot) => price(slot) > max);
      const range = new TypedFastBitSet();
      for (let place = from; place < to; place += 1) range.add(order[place] ?? 0);
      allowed = allowed ? allowed.intersection(range) : range;
    }
    if (filter.sizes) {
      // The products with a unit in stock that fits one of the keys of their brand's chart.
      const fitting = new TypedFastBitSet();
      for (const fit of filter.sizes) {
        for (const key of fit.keys) {
          const bits = this.facets.get(`fit:${fit.brand}/${fit.chart}/${key}`);
          if (bits) fitting.union(bits);
        }
      }
      allowed = allowed ? allowed.intersection(fitting) : fitting;
    }
    return allowed ?? this.alive;
  }

  /** `limit` of the `total` products of `allowed` from the `offset`-th on, in `sort`. */
  private ordered(
    allowed: TypedFastBitSet,
    total: number,
    sort: SortName,
    offset: number,
    limit: number,
  ): number[] {
    if (offset >= total) return [];
    const position = this.positionsOf(sort);
    if (total < this.size * SORT_MATCHES_SHARE) {
      const slots = allowed.array().sort((a, b) => (position[a] ?? 0) - (position[b] ?? 0));
      return slots.slice(offset, offset + limit);
    }
    const order = this.sortedOf(sort);
    const slots: number[] = [];
    let skip = offset;
    for (let place = 0; place < order.length && slots.length < limit; place += 1) {
      const slot = order[place] ?? 0;
      if (!allowed.has(slot)) continue;
      if (skip > 0) skip -= 1;
      else slots.push(slot);
    }
    return slots;
  }

  /** Every match of the search among `allowed`, in the page's order. */
  private searched(search: ListingSearch, allowed: TypedFastBitSet, orderBy: OrderBy | undefined): number[] {
    if (search.groups.length === 0) return [];
    const query: Query = {
      combineWith: 'AND',
      queries: search.groups.map((group) => ({
        combineWith: 'OR',
        queries: group.map((alternative) => ({ combineWith: 'AND', queries: alternative })),
      })),
    };
    const everything = allowed === this.alive;
    const results = this.words.search(query, {
      filter: everything ? undefined : (result) => allowed.has(result.id as number),
    });
    if (orderBy?.name || orderBy?.price) {
      const position = this.positionsOf(sortOf(orderBy));
      return results
        .map((result) => result.id as number)
        .sort((a, b) => (position[a] ?? 0) - (position[b] ?? 0));
    }
    if (this.rank === 'minisearch') return results.map((result) => result.id as number);
    return this.relevance(results, search);
  }

  /**
   * The contract's relevance, from what MiniSearch says each match matched: the groups weighing A (a term
   * of the group found in field `a`), a name starting with the phrase, the shorter name, the id.
   */
  private relevance(results: SearchResult[], search: ListingSearch): number[] {
    const ranked = results.map((result) => {
      const slot = result.id as number;
      let weightA = 0;
      for (const group of search.groups) {
        const heavy = group.some(
          (alternative) =>
            alternative.every((lexeme) => result.match[lexeme] !== undefined) &&
            alternative.some((lexeme) => result.match[lexeme]?.includes('a')),
        );
        if (heavy) weightA += 1;
      }
      const name = this.nameKeys[slot] ?? '';
      const starts = search.phrase !== '' && name.startsWith(search.phrase) ? 1 : 0;
      return { slot, weightA, starts, length: Math.min(name.length, 255), id: this.ids[slot] ?? '' };
    });
    ranked.sort(
      (x, y) =>
        y.weightA - x.weightA ||
        y.starts - x.starts ||
        x.length - y.length ||
        (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
    );
    return ranked.map((entry) => entry.slot);
  }

  private positionsOf(sort: SortName): Int32Array {
    let position = this.positions.get(sort);
    if (!position) {
      const order = this.sortedOf(sort);
      position = new Int32Array(this.ids.length);
      for (let place = 0; place < order.length; place += 1) position[order[place] ?? 0] = place;
      this.positions.set(sort, position);
    }
    return position;
  }

  private sortedOf(sort: SortName): Int32Array {
    const cached = this.sorted.get(sort);
    if (cached) return cached;
    const id = (slot: number) => this.ids[slot] ?? '';
    const byId = (a: number, b: number) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
    const name = (slot: number) => this.nameKeys[slot] ?? '';
    const byName = (a: number, b: number) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
    const price = (slot: number) => this.prices[slot] ?? 0;
    const release = (slot: number) => this.releases[slot] ?? 0;
    const compare: Record<SortName, (a: number, b: number) => number> = {
      'name-asc': (a, b) => byName(a, b) || byId(a, b),
      'name-desc': (a, b) => byName(b, a) || byId(a, b),
      'price-asc': (a, b) => price(a) - price(b) || byId(a, b),
      'price-desc': (a, b) => price(b) - price(a) || byId(a, b),
      newest: (a, b) => release(b) - release(a) || byId(a, b),
    };
    const order = Int32Array.from(this.alive.array().sort(compare[sort]));
    this.sorted.set(sort, order);
    return order;
  }
}

function sortOf(orderBy: OrderBy | undefined): SortName {
  if (orderBy?.name) return orderBy.name === 1 ? 'name-asc' : 'name-desc';
  if (orderBy?.price) return orderBy.price === 1 ? 'price-asc' : 'price-desc';
  return 'newest';
}

/** The first place in `order` whose slot passes `test` (every later one passes too), or its length. */
function firstWhere(order: Int32Array, test: (slot: number) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(order[middle] ?? 0)) high = middle;
    else low = middle + 1;
  }
  return low;
}
