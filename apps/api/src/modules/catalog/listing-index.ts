import {
  type ChartGender,
  chartGenderOf,
  type OrderBy,
  type ProductSummary,
  shiftedKey,
} from '@shop/contracts';
import {
  bytesOf,
  fillRange,
  forEachSlot,
  hasBit,
  type KeptPlaces,
  keep,
  placeWords,
  popcount,
  setBit,
  wordsFor,
} from './bitsets';
import type { ListingRow, SizeFit } from './catalog.repository';
import { hashOf, parseLexemes } from './lexemes';
import {
  compareNames,
  type ListingEngine,
  type ListingFilter,
  type ListingPage,
  type ListingResult,
  nameSortKey,
} from './listing-engine';
import { toProductSummary } from './product-wire';

/**
 * The shoppers' catalogue lists, answered from memory: every product on sale as its card, its filter and
 * sort keys, and the full-text index's words (PostgreSQL's own lexemes, read from `search_vector`).
 * Filters are bitsets (one bit per product), sorts are kept as sorted slot lists, and a search unites and
 * intersects the lists of products that hold each word, so a page costs about the same at 1,000 products
 * and at 100,000: no query plan to guess, no heap page to read, and an exact count.
 *
 * A product has a slot; a changed product whose words changed gets a new slot and its old slot dies (the
 * word lists keep dead slots until the index is rebuilt). See listing.ts for how the index stays current,
 * listing-engine.ts for what its lists answer.
 */

/** Places in the 'closest' order: a sorted list of them, or a bitset. */
type Starts = { places: Int32Array } | { bits: Uint32Array };

/**
 * A search group's places in a sort order, how many, and those where one of its lexemes weighs A (for
 * relevance).
 */
interface GroupPlaces {
  all: Uint32Array;
  count: number;
  weightA?: Uint32Array;
}

/** A search group's places kept between lists, and the bytes they take. */
interface KeptGroup {
  all: KeptPlaces;
  count: number;
  weightA?: KeptPlaces;
  bytes: number;
}

/**
 * Searched words whose places are kept (in each order asked for), at most: up to 2.5 kB each per 10,000
 * products (a word that few products hold takes 8 bytes a product holding it), and 32 MiB in all.
 */
const MAX_PLACED_GROUPS = 20_000;
const MAX_PLACED_GROUP_BYTES = 32 * 2 ** 20;

/**
 * The slots holding a lexeme: slot * 2, plus 1 where it is weighted A. A typed array, grown by doubling:
 * millions of entries the garbage collector never has to look through.
 */
interface Postings {
  entries: Int32Array;
  length: number;
}

/**
 * A range of a sort order is read off bitsets of the slots before every `block`-th place: at most
 * MAX_BLOCKS of them (about MAX_BLOCKS / 8 bytes a product), blocks of at least MIN_BLOCK places.
 */
const MAX_BLOCKS = 64;
const MIN_BLOCK = 256;

/**
 * The orders kept sorted: the five a list can ask for, 'closest' (the shorter name first, then the id),
 * the order of a search's matches that score alike, and 'prefix' (the lower-cased name by UTF-16 code
 * unit), where the names that start with a searched phrase are one range.
 */
const SORTS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest', 'closest', 'prefix'] as const;
type SortName = (typeof SORTS)[number];

/** The listing engine (see listing-engine.ts for its contract) kept in bitsets and sorted slot lists. */
export class ListingIndex implements ListingEngine {
  private capacity: number;
  private used = 0;
  private ids: string[] = [];
  private cards: ProductSummary[] = [];
  /** Each slot's name, lower-cased (for 'prefix' and 'closest'), and as the name orders compare it. */
  private nameKeys: string[] = [];
  private nameSortKeys: string[] = [];
  /** A hash of each slot's lexemes, to tell a change of words from a change of price or rating. */
  private lexemeHashes: Float64Array;
  private prices: Int32Array;
  private nameLengths: Uint8Array;
  private releases: Int32Array;
  private alive: Uint32Array;
  private readonly slotOf = new Map<string, number>();
  /**
   * Bitsets of the products with a brand, a category, a gender or a rating ('brand:nike', 'rating:4'), of
   * those on sale (ON_SALE), and of those with a unit in stock that fits a key of their brand's chart
   * ('fit:nike/men/10': a men's Nike true to size with a 10, or running half a size large with a 9.5; see
   * fitFacet).
   */
  private facets = new Map<string, Uint32Array>();
  /** For each lexeme, the slots that hold it. */
  private postings = new Map<string, Postings>();
  /** The live slots in each sort order, sorted when first asked for after a change that moves them. */
  private sorted = new Map<SortName, Int32Array>();
  /** For each sort order, each live slot's place in it. */
  private positionsBySort = new Map<SortName, Int32Array>();
  /**
   * Bitsets over the places of a sort order (bit i: the product i-th in that order), made when a list first
   * needs them: a facet's ('newest|brand:nike'), a searched word's (its lexemes and corrections: the
   * products holding it, and for relevance those where it weighs A), and the block bitsets that turn a
   * range of one order into places of another ('price-asc>newest'), and the products a size fits (the union
   * of facets: see sizePlaces). Facets' and sizes' are forgotten on any change, all of them when a product
   * moves in an order, comes or leaves.
   */
  private placed = {
    facets: new Map<string, { bits: Uint32Array; count: number }>(),
    sizes: new Map<string, { bits: Uint32Array; count: number }>(),
    groups: new Map<string, KeptGroup>(),
    blocks: new Map<string, Uint32Array[]>(),
  };
  /** The bytes the kept groups' places take. */
  private placedGroupBytes = 0;
  private deadSlots = 0;

  constructor(rows: Iterable<ListingRow> = [], capacity = 1024) {
    this.capacity = capacity;
    this.prices = new Int32Array(capacity);
    this.nameLengths = new Uint8Array(capacity);
    this.lexemeHashes = new Float64Array(capacity);
    this.releases = new Int32Array(capacity);
    this.alive = wordsFor(capacity);
    this.apply(rows);
  }

  /** Products on sale. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Slots no product uses any more: past a share of the live ones, the owner rebuilds the index. */
  get dead(): number {
    return this.deadSlots;
  }

  /** Sorts the products in every order (and places them in it) now, not in the first list that asks. */
  sortAll(): void {
    for (const sort of SORTS) this.positions(sort);
  }

  /** Adds, changes or removes (archived) these products. */
  apply(rows: Iterable<ListingRow>): void {
    let changed = false;
    for (const row of rows) {
      changed = true;
      const slot = this.slotOf.get(row.id);
      if (slot !== undefined && !row.archived && this.lexemeHashes[slot] === hashOf(row.lexemes)) {
        this.update(slot, row);
        continue;
      }
      if (slot !== undefined) this.remove(slot);
      if (!row.archived) this.add(row);
    }
    // A facet may have changed (a rating, say): its places are made again as lists need them. The orders,
    // and the searched words' places, stay unless a product moved in an order, came or left (reorder).
    if (changed) {
      this.placed.facets.clear();
      this.placed.sizes.clear();
    }
  }

  private add(row: ListingRow) {
    if (this.used === this.capacity) this.grow();
    const slot = this.used;
    this.used += 1;
    this.ids[slot] = row.id;
    this.slotOf.set(row.id, slot);
    this.lexemeHashes[slot] = hashOf(row.lexemes);
    setBit(this.alive, slot, true);
    this.update(slot, row, true);
    for (const { lexeme, weightA } of parseLexemes(row.lexemes)) {
      let list = this.postings.get(lexeme);
      if (!list) {
        list = { entries: new Int32Array(4), length: 0 };
        this.postings.set(lexeme, list);
      }
      if (list.length === list.entries.length) {
        const longer = new Int32Array(list.entries.length * 2);
        longer.set(list.entries);
        list.entries = longer;
      }
      list.entries[list.length] = slot * 2 + (weightA ? 1 : 0);
      list.length += 1;
    }
  }

  /** Sets a live slot's card, keys and facets (its words stay); a `fresh` slot is in no facet yet. */
  private update(slot: number, row: ListingRow, fresh = false) {
    const nameKey = row.name.toLowerCase();
    const release = Number(row.releaseDate.replaceAll('-', ''));
    if (
      this.nameKeys[slot] !== nameKey ||
      this.prices[slot] !== row.priceCents ||
      this.releases[slot] !== release
    ) {
      this.reorder();
    }
    this.nameKeys[slot] = nameKey;
    this.nameSortKeys[slot] = nameSortKey(nameKey);
    this.nameLengths[slot] = Math.min(nameKey.length, 255);
    this.prices[slot] = row.priceCents;
    this.releases[slot] = release;
    this.cards[slot] = toProductSummary(row);
    if (!fresh) this.clearFacets(slot);
    const keys = [
      `brand:${row.brand}`,
      `rating:${row.rating}`,
      ...row.genders.map((gender) => `gender:${gender}`),
      ...row.categories.map((category) => `category:${category}`),
    ];
    if (isOnSale(row)) keys.push(ON_SALE);
    const chart = chartGenderOf(row.genders);
    for (const size of row.sizesInStock) {
      const fits = shiftedKey(size, row.sizeShift);
      if (fits !== null) keys.push(fitFacet(row.brand, chart, fits));
    }
    for (const key of keys) {
      let bits = this.facets.get(key);
      if (!bits) {
        bits = wordsFor(this.capacity);
        this.facets.set(key, bits);
      }
      setBit(bits, slot, true);
    }
  }

  private clearFacets(slot: number) {
    for (const bits of this.facets.values()) setBit(bits, slot, false);
  }

  private remove(slot: number) {
    const id = this.ids[slot];
    if (id !== undefined) this.slotOf.delete(id);
    setBit(this.alive, slot, false);
    this.clearFacets(slot);
    this.deadSlots += 1;
    this.reorder();
  }

  /**
   * A product moved in an order, came or left: the orders are sorted again, and every place made again, as
   * lists need them.
   */
  private reorder() {
    this.sorted.clear();
    this.positionsBySort.clear();
    this.placed.facets.clear();
    this.placed.sizes.clear();
    this.placed.groups.clear();
    this.placedGroupBytes = 0;
    this.placed.blocks.clear();
  }

  private grow() {
    const capacity = this.capacity * 2;
    const widen = (bits: Uint32Array) => {
      const wider = wordsFor(capacity);
      wider.set(bits);
      return wider;
    };
    const prices = new Int32Array(capacity);
    prices.set(this.prices);
    const releases = new Int32Array(capacity);
    releases.set(this.releases);
    const nameLengths = new Uint8Array(capacity);
    nameLengths.set(this.nameLengths);
    this.nameLengths = nameLengths;
    const lexemeHashes = new Float64Array(capacity);
    lexemeHashes.set(this.lexemeHashes);
    this.lexemeHashes = lexemeHashes;
    this.prices = prices;
    this.releases = releases;
    this.alive = widen(this.alive);
    for (const [key, bits] of this.facets) this.facets.set(key, widen(bits));
    this.capacity = capacity;
  }

  /**
   * One page of the products that match, in the order asked, and how many match. The work is done on
   * bitsets over the places of the page's order (the relevance of a search: 'closest'), so the filters'
   * and the search's matches come out in order: a page costs word operations over the catalogue (a few
   * thousand at 100,000 products) and a step per product on it, never a step per match.
   */
  page({ filter, orderBy, limit, offset }: ListingPage): ListingResult {
    this.scratchTaken = 0;
    const ranked = filter.search !== undefined && !orderBy?.name && !orderBy?.price;
    const sort = ranked ? 'closest' : sortOf(orderBy);
    const groups = filter.search?.groups.map((group) => this.groupPlaces(group, sort, ranked));
    const found = groups?.length === 0 ? undefined : this.match(filter, sort, groups);
    if (!found) return { cards: [], total: 0 };
    const { matches, total } = found;
    if (total === 0 || offset >= total) return { cards: [], total };
    const wanted = Math.min(limit, total - offset);
    const slots: number[] = [];
    if (ranked && filter.search && groups) {
      this.byRelevance(matches, groups, filter.search.phrase, offset, wanted, slots);
    } else this.read(matches, sort, offset, wanted, slots);
    return { cards: slots.map((slot) => this.cards[slot] as ProductSummary), total };
  }

  /**
   * Bitsets a page works with, reused from page to page (a page runs start to end without waiting, so no
   * two pages share them): allocating a few dozen kilobytes for each list would keep the collector busy.
   */
  private scratch: Uint32Array[] = [];
  private scratchTaken = 0;

  /** A zeroed bitset over the places of an order (one bit per product on sale), for this page only. */
  private scratchWords(): Uint32Array {
    const length = placeWords(this.size);
    let words = this.scratch[this.scratchTaken];
    if (!words || words.length < length) {
      words = wordsFor(this.capacity);
      this.scratch[this.scratchTaken] = words;
    }
    this.scratchTaken += 1;
    return words.subarray(0, length).fill(0);
  }

  /** The places in `sort` of the products that match (`groups`: the search's), or undefined when none can. */
  private match(
    filter: ListingFilter,
    sort: SortName,
    groups: GroupPlaces[] | undefined,
  ): { matches: Uint32Array; total: number } | undefined {
    const required: { bits: Uint32Array; count?: number }[] = [];
    const facetKeys = [
      filter.brand === undefined ? undefined : `brand:${filter.brand}`,
      filter.rating === undefined ? undefined : `rating:${filter.rating}`,
      filter.gender === undefined ? undefined : `gender:${filter.gender}`,
      filter.category === undefined ? undefined : `category:${filter.category}`,
      filter.onSale ? ON_SALE : undefined,
    ];
    for (const key of facetKeys) {
      if (key === undefined) continue;
      const places = this.facetPlaces(key, sort);
      if (!places) return undefined;
      required.push(places);
    }
    if (filter.sizes) {
      const places = this.sizePlaces(filter.sizes, sort);
      if (!places) return undefined;
      required.push(places);
    }
    for (const { all, count } of groups ?? []) required.push({ bits: all, count });
    const { priceMinCents: min, priceMaxCents: max } = filter;
    if (min !== undefined || max !== undefined) required.push({ bits: this.priceRange(sort, min, max) });
    const matches = this.scratchWords();
    const [first, ...rest] = required;
    if (!first) {
      fillRange(matches, 0, this.size);
      return { matches, total: this.size };
    }
    // One facet or one searched word (most lists): its places as they are (read, never written).
    if (rest.length === 0 && first.count !== undefined) return { matches: first.bits, total: first.count };
    matches.set(first.bits.subarray(0, matches.length));
    const last = rest.pop()?.bits;
    for (const { bits } of rest) {
      for (let i = 0; i < matches.length; i += 1) matches[i] = (matches[i] ?? 0) & (bits[i] ?? 0);
    }
    let total = 0;
    for (let i = 0; i < matches.length; i += 1) {
      const word = last ? (matches[i] ?? 0) & (last[i] ?? 0) : (matches[i] ?? 0);
      matches[i] = word;
      total += popcount(word);
    }
    return { matches, total };
  }

  /**
   * The places in `sort` of the products with a facet ('brand:nike') and how many, or undefined when none
   * has it.
   */
  private facetPlaces(key: string, sort: SortName): { bits: Uint32Array; count: number } | undefined {
    const cacheKey = `${sort}|${key}`;
    let places = this.placed.facets.get(cacheKey);
    if (!places) {
      const slots = this.facets.get(key);
      if (!slots) return undefined;
      places = this.placesOf(slots, sort);
      this.placed.facets.set(cacheKey, places);
    }
    return places;
  }

  /**
   * The places in `sort` of the products a size fits (ListingFilter's `sizes`) and how many, or undefined
   * when none can: the union of the places of the fitting keys' facets (a dozen or two: each brand's chart
   * gives a size one key or two). Word operations over the catalogue, kept (MAX_PLACED_SIZES of them, the
   * least recently asked forgotten first) until the next change, as a facet's places are.
   */
  private sizePlaces(
    fits: readonly SizeFit[],
    sort: SortName,
  ): { bits: Uint32Array; count: number } | undefined {
    const facets = new Set<string>();
    for (const fit of fits) {
      for (const key of fit.keys) {
        const facet = fitFacet(fit.brand, fit.chart, key);
        if (this.facets.has(facet)) facets.add(facet);
      }
    }
    if (facets.size === 0) return undefined;
    const cacheKey = `${sort}|${[...facets].sort().join(' ')}`;
    const sizes = this.placed.sizes;
    const kept = sizes.get(cacheKey);
    if (kept) {
      sizes.delete(cacheKey);
      sizes.set(cacheKey, kept);
      return kept;
    }
    const [first, ...rest] = [...facets].map((facet) => this.facetPlaces(facet, sort));
    if (!first) return undefined;
    if (rest.length === 0) return first;
    const length = placeWords(this.size);
    const bits = new Uint32Array(length);
    bits.set(first.bits.subarray(0, length));
    for (const places of rest) {
      const other = places?.bits ?? bits;
      for (let i = 0; i < length; i += 1) bits[i] = (bits[i] ?? 0) | (other[i] ?? 0);
    }
    let count = 0;
    for (let i = 0; i < length; i += 1) count += popcount(bits[i] ?? 0);
    if (sizes.size >= MAX_PLACED_SIZES) sizes.delete(sizes.keys().next().value as string);
    sizes.set(cacheKey, { bits, count });
    return { bits, count };
  }

  /** The places in `sort` of these live slots, and how many. */
  private placesOf(slots: Uint32Array, sort: SortName): { bits: Uint32Array; count: number } {
    const position = this.positions(sort);
    const bits = new Uint32Array(placeWords(this.size));
    let count = 0;
    forEachSlot(slots.subarray(0, Math.ceil(this.used / 32)), (slot) => {
      setBit(bits, position[slot] ?? 0, true);
      count += 1;
    });
    return { bits, count };
  }

  /**
   * The places in `sort` a search group finds (`all`: an alternative matches where every one of its lexemes
   * is) and, with `withWeightA`, those of them where one of the group's lexemes weighs A. Made from the
   * lexemes' lists when first searched and kept, the most recently searched first, until the next change
   * (see MAX_PLACED_GROUP_BYTES): a broad word then costs word operations, not a walk of its tens of
   * thousands of entries.
   */
  private groupPlaces(searched: string[][], sort: SortName, withWeightA: boolean): GroupPlaces {
    // An alternative with a lexeme no product holds (a misspelt word beside its corrections) finds nothing:
    // without it, 'jordn' is the same group as 'jordan'.
    const group = searched.filter((alternative) => alternative.every((lexeme) => this.postings.has(lexeme)));
    const cacheKey = `${sort}|${JSON.stringify(group)}`;
    const groups = this.placed.groups;
    let kept = groups.get(cacheKey);
    if (kept && (kept.weightA || !withWeightA)) {
      groups.delete(cacheKey);
      groups.set(cacheKey, kept);
      return {
        all: this.bitsOf(kept.all),
        count: kept.count,
        weightA: kept.weightA && this.bitsOf(kept.weightA),
      };
    }
    const places = this.placesOfGroup(group, sort, withWeightA);
    const all = keep(places.all, places.count);
    const weightA = places.weightA && keep(places.weightA);
    kept = { all, count: places.count, weightA, bytes: bytesOf(all) + (weightA ? bytesOf(weightA) : 0) };
    if (groups.has(cacheKey)) this.placedGroupBytes -= groups.get(cacheKey)?.bytes ?? 0;
    groups.delete(cacheKey);
    groups.set(cacheKey, kept);
    this.placedGroupBytes += kept.bytes;
    while (groups.size > MAX_PLACED_GROUPS || this.placedGroupBytes > MAX_PLACED_GROUP_BYTES) {
      const [oldest, evicted] = groups.entries().next().value as [string, KeptGroup];
      groups.delete(oldest);
      this.placedGroupBytes -= evicted.bytes;
    }
    return places;
  }

  /** Kept places as a bitset: the kept one, or this page's own made from the list. */
  private bitsOf(kept: KeptPlaces): Uint32Array {
    if ('bits' in kept) return kept.bits;
    const bits = this.scratchWords();
    for (const place of kept.list) bits[place >>> 5] = (bits[place >>> 5] ?? 0) | (1 << (place & 31));
    return bits;
  }

  private placesOfGroup(group: string[][], sort: SortName, withWeightA: boolean): GroupPlaces {
    const position = this.positions(sort);
    const words = placeWords(this.size);
    const all = this.scratchWords();
    const weightA = withWeightA ? this.scratchWords() : undefined;
    const counted = () => {
      let count = 0;
      for (let i = 0; i < words; i += 1) count += popcount(all[i] ?? 0);
      return count;
    };
    /** Sets the places of a lexeme's live slots in `into` (and where it weighs A, in `intoA`). */
    const place = (lexeme: string, into: Uint32Array, intoA = weightA) => {
      const list = this.postings.get(lexeme);
      for (let i = 0; i < (list?.length ?? 0); i += 1) {
        const entry = list?.entries[i] ?? 0;
        const slot = entry >>> 1;
        if (!hasBit(this.alive, slot)) continue;
        const at = position[slot] ?? 0;
        setBit(into, at, true);
        if (intoA && entry & 1) setBit(intoA, at, true);
      }
    };
    const [only] = group;
    // One word with no correction, one lexeme (most searches): its places.
    if (group.length === 1 && only?.length === 1) {
      place(only[0] as string, all);
      return { all, count: counted(), weightA };
    }
    const found = this.scratchWords();
    const held = this.scratchWords();
    // A word weighs A where a lexeme of an alternative the product matches does: of an alternative of
    // several lexemes beside others, only among the products that hold all of them ('90 vibram' must not
    // lift a product that holds '90' in its name and matches another alternative).
    const alternativeA = weightA && group.length > 1 ? this.scratchWords() : undefined;
    for (const alternative of group) {
      fillRange(found, 0, this.size);
      const apart = alternativeA && alternative.length > 1 ? alternativeA.fill(0) : undefined;
      for (const lexeme of alternative) {
        held.fill(0);
        place(lexeme, held, apart ?? weightA);
        for (let i = 0; i < words; i += 1) found[i] = (found[i] ?? 0) & (held[i] ?? 0);
      }
      for (let i = 0; i < words; i += 1) all[i] = (all[i] ?? 0) | (found[i] ?? 0);
      if (apart && weightA) {
        for (let i = 0; i < words; i += 1)
          weightA[i] = (weightA[i] ?? 0) | ((apart[i] ?? 0) & (found[i] ?? 0));
      }
    }
    // Only the group's matches are ranked: its places where a lexeme weighs A are kept among them.
    if (weightA) for (let i = 0; i < words; i += 1) weightA[i] = (weightA[i] ?? 0) & (all[i] ?? 0);
    return { all, count: counted(), weightA };
  }

  /** The places in `sort` of the products priced from `min` to `max` cents (either may be open). */
  private priceRange(sort: SortName, min: number | undefined, max: number | undefined): Uint32Array {
    const price = (slot: number) => this.prices[slot] ?? 0;
    if (sort === 'price-desc') {
      const order = this.sortedSlots(sort);
      const from = max === undefined ? 0 : firstWhere(order, (slot) => price(slot) <= max);
      const to = min === undefined ? order.length : firstWhere(order, (slot) => price(slot) < min);
      return this.rangePlaces('price-desc', from, to, sort);
    }
    const order = this.sortedSlots('price-asc');
    const from = min === undefined ? 0 : firstWhere(order, (slot) => price(slot) >= min);
    const to = max === undefined ? order.length : firstWhere(order, (slot) => price(slot) > max);
    return this.rangePlaces('price-asc', from, to, sort);
  }

  /**
   * `count` matches from the `offset`-th on, by relevance, added to `into`: first the score (for each
   * searched word, the weight of the best place a product holds it, summed: ts_rank's A for its name, brand
   * or tags, B for its description), then a name that starts with the searched phrase, then the shorter name
   * (the closer one), then the id. Every match holds every searched word, so its score is set by how many
   * of them weigh A. `matches` and `weightA` are places in the 'closest' order (name length, then id), so the
   * matches that score alike are one bitset, split by whether the name starts with the phrase (one range of
   * the prefix order), and each part is read in order.
   */
  private byRelevance(
    matches: Uint32Array,
    groups: GroupPlaces[],
    phrase: string,
    offset: number,
    count: number,
    into: number[],
  ): void {
    const length = matches.length;
    const starts = this.startingWith(phrase);
    const goal = into.length + count;
    const weightA = groups.map((group) => group.weightA ?? this.scratchWords());
    // Most pages are filled by the matches where every word weighs A: those first. A search of one word
    // and nothing else: they are the word's own.
    let top = groups.length === 1 && matches === groups[0]?.all ? weightA[0] : undefined;
    if (!top) {
      top = this.scratchWords();
      const [firstA, ...restA] = weightA;
      for (let i = 0; i < length; i += 1) top[i] = (matches[i] ?? 0) & (firstA?.[i] ?? 0);
      for (const word of restA) {
        for (let i = 0; i < length; i += 1) top[i] = (top[i] ?? 0) & (word[i] ?? 0);
      }
    }
    let skip = this.readParts(top, starts, offset, goal, into);
    if (into.length === goal || weightA.length === 0) return;
    // byWeightA[a]: the matches where exactly `a` of the searched words weigh A (the more, the higher).
    const none = this.scratchWords();
    none.set(matches);
    const byWeightA = [none, ...weightA.map(() => this.scratchWords())];
    weightA.forEach((word, counted) => {
      for (let a = counted + 1; a > 0; a -= 1) {
        const level = byWeightA[a] as Uint32Array;
        const below = byWeightA[a - 1] as Uint32Array;
        for (let i = 0; i < length; i += 1) {
          level[i] = ((level[i] ?? 0) & ~(word[i] ?? 0)) | ((below[i] ?? 0) & (word[i] ?? 0));
        }
      }
      for (let i = 0; i < length; i += 1) none[i] = (none[i] ?? 0) & ~(word[i] ?? 0);
    });
    for (let a = weightA.length - 1; a >= 0 && into.length < goal; a -= 1) {
      skip = this.readParts(byWeightA[a] as Uint32Array, starts, skip, goal, into);
    }
  }

  /**
   * Reads matches that score alike (`level`), those whose name starts with the phrase first, until `into`
   * holds `goal` products; answers how many are still to skip.
   */
  private readParts(
    level: Uint32Array,
    starts: Starts | undefined,
    skip: number,
    goal: number,
    into: number[],
  ): number {
    if (!starts) return this.read(level, 'closest', skip, goal - into.length, into);
    if ('bits' in starts) {
      const left = this.read(level, 'closest', skip, goal - into.length, into, starts.bits);
      if (into.length === goal) return left;
      return this.read(level, 'closest', left, goal - into.length, into, starts.bits, true);
    }
    const order = this.sortedSlots('closest');
    let left = skip;
    for (const place of starts.places) {
      if (!hasBit(level, place)) continue;
      if (left > 0) left -= 1;
      else if (into.push(order[place] ?? 0) === goal) return 0;
    }
    const listed = this.scratchWords();
    for (const place of starts.places) setBit(listed, place, true);
    return this.read(level, 'closest', left, goal - into.length, into, listed, true);
  }

  /**
   * The names starting with the searched phrase, as places in the 'closest' order (undefined when none
   * does): a few are listed in order, more are a bitset.
   */
  private startingWith(phrase: string): Starts | undefined {
    if (!phrase) return undefined;
    const order = this.sortedSlots('prefix');
    const name = (slot: number) => this.nameKeys[slot] ?? '';
    const from = firstWhere(order, (slot) => name(slot) >= phrase);
    // Every name starting with the phrase sorts before the phrase followed by the highest code unit.
    const past = `${phrase}\uffff`;
    const to = firstWhere(order, (slot) => name(slot) >= past);
    if (from >= to) return undefined;
    if (to - from > Math.max(MIN_BLOCK, this.size / MAX_BLOCKS)) {
      return { bits: this.rangePlaces('prefix', from, to, 'closest') };
    }
    const position = this.positions('closest');
    const places = new Int32Array(to - from);
    for (let i = from; i < to; i += 1) places[i - from] = position[order[i] ?? 0] ?? 0;
    return { places: places.sort() };
  }

  /**
   * Adds to `into` the products at the `skip`-th to the (skip + count)-th set bit of `places` (of those also
   * set in `mask`, or with `inverted`, not set in it), and answers how many are still to skip.
   */
  private read(
    places: Uint32Array,
    sort: SortName,
    skip: number,
    count: number,
    into: number[],
    mask?: Uint32Array,
    inverted = false,
  ): number {
    const order = this.sortedSlots(sort);
    const goal = into.length + count;
    let skipped = 0;
    for (let i = 0; i < places.length && into.length < goal; i += 1) {
      const masking = mask ? (inverted ? ~(mask[i] ?? 0) : (mask[i] ?? 0)) : -1;
      let bits = (places[i] ?? 0) & masking;
      if (bits === 0) continue;
      const marked = popcount(bits);
      if (skipped + marked <= skip) {
        skipped += marked;
        continue;
      }
      while (bits !== 0 && into.length < goal) {
        const low = bits & -bits;
        if (skipped < skip) skipped += 1;
        else into.push(order[i * 32 + 31 - Math.clz32(low)] ?? 0);
        bits ^= low;
      }
    }
    return skip - Math.min(skip, skipped);
  }

  /**
   * The places in `sort` of the products at places `from` to `to` (excluded) of `rangeSort`: a price range
   * (one range of the price order) or the names starting with a phrase (one range of the prefix order). In
   * another order they are the difference of two block bitsets (see `blocks`) and at most two blocks'
   * places.
   */
  private rangePlaces(rangeSort: SortName, from: number, to: number, sort: SortName): Uint32Array {
    const bits = this.scratchWords();
    if (from >= to) return bits;
    if (rangeSort === sort) {
      fillRange(bits, from, to);
      return bits;
    }
    const order = this.sortedSlots(rangeSort);
    const position = this.positions(sort);
    const block = blockOf(order.length);
    const mark = (start: number, end: number) => {
      for (let place = start; place < end; place += 1) setBit(bits, position[order[place] ?? 0] ?? 0, true);
    };
    const first = Math.ceil(from / block);
    const last = Math.floor(to / block);
    if (first >= last) {
      mark(from, to);
      return bits;
    }
    const before = this.blocks(rangeSort, sort);
    const upper = before[last] as Uint32Array;
    const lower = before[first] as Uint32Array;
    for (let i = 0; i < bits.length; i += 1) bits[i] = (upper[i] ?? 0) & ~(lower[i] ?? 0);
    mark(from, first * block);
    mark(last * block, to);
    return bits;
  }

  /**
   * Bitsets of places in `sort`: the k-th holds the products before place k * block of `rangeSort` (at most
   * MAX_BLOCKS + 1 of them, so about MAX_BLOCKS / 8 bytes a product for each pair of orders used).
   */
  private blocks(rangeSort: SortName, sort: SortName): Uint32Array[] {
    const cacheKey = `${rangeSort}>${sort}`;
    let before = this.placed.blocks.get(cacheKey);
    if (!before) {
      const order = this.sortedSlots(rangeSort);
      const position = this.positions(sort);
      const block = blockOf(order.length);
      before = [new Uint32Array(placeWords(order.length))];
      for (let end = block; end <= order.length; end += block) {
        const bits = (before[before.length - 1] as Uint32Array).slice();
        for (let place = end - block; place < end; place += 1)
          setBit(bits, position[order[place] ?? 0] ?? 0, true);
        before.push(bits);
      }
      this.placed.blocks.set(cacheKey, before);
    }
    return before;
  }

  /** Each live slot's place in a sort order. */
  private positions(sort: SortName): Int32Array {
    const order = this.sortedSlots(sort);
    let position = this.positionsBySort.get(sort);
    if (!position) {
      position = new Int32Array(this.used);
      order.forEach((slot, index) => {
        (position as Int32Array)[slot] = index;
      });
      this.positionsBySort.set(sort, position);
    }
    return position;
  }

  /** The live slots in a sort order (sorted again after a change that moves products in it). */
  private sortedSlots(sort: SortName): Int32Array {
    const cached = this.sorted.get(sort);
    if (cached) return cached;
    const slots: number[] = [];
    forEachSlot(this.alive.subarray(0, Math.ceil(this.used / 32)), (slot) => slots.push(slot));
    const id = (slot: number) => this.ids[slot] ?? '';
    const byId = (a: number, b: number) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
    const name = (slot: number) => this.nameKeys[slot] ?? '';
    const byKey = (a: number, b: number) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
    const sortName = (slot: number) => this.nameSortKeys[slot] ?? '';
    const byName = (a: number, b: number) => compareNames(sortName(a), sortName(b));
    const price = (slot: number) => this.prices[slot] ?? 0;
    const release = (slot: number) => this.releases[slot] ?? 0;
    const nameLength = (slot: number) => this.nameLengths[slot] ?? 0;
    const compare: Record<SortName, (a: number, b: number) => number> = {
      'name-asc': (a, b) => byName(a, b) || byId(a, b),
      'name-desc': (a, b) => byName(b, a) || byId(a, b),
      'price-asc': (a, b) => price(a) - price(b) || byId(a, b),
      'price-desc': (a, b) => price(b) - price(a) || byId(a, b),
      newest: (a, b) => release(b) - release(a) || byId(a, b),
      closest: (a, b) => nameLength(a) - nameLength(b) || byId(a, b),
      prefix: (a, b) => byKey(a, b) || byId(a, b),
    };
    const order = Int32Array.from(slots.sort(compare[sort]));
    this.sorted.set(sort, order);
    this.positionsBySort.delete(sort);
    return order;
  }
}

/** The facet of the products on sale: a compare-at price above the price. */
const ON_SALE = 'sale';

/**
 * The facet of the products of a brand sized on a chart with a unit in stock that fits the chart's `key`:
 * their own key moved by their shift (shiftedKey) is it.
 */
const fitFacet = (brand: string, chart: ChartGender, key: string) => `fit:${brand}/${chart}/${key}`;

/** Sizes asked for ("In my size" in a system, in one order) whose places are kept: 12.5 kB each at 100,000 products. */
const MAX_PLACED_SIZES = 256;

const isOnSale = (row: ListingRow) =>
  row.compareAtPriceCents !== null && row.compareAtPriceCents > row.priceCents;

function sortOf(orderBy: OrderBy | undefined): SortName {
  if (orderBy?.name) return orderBy.name === 1 ? 'name-asc' : 'name-desc';
  if (orderBy?.price) return orderBy.price === 1 ? 'price-asc' : 'price-desc';
  return 'newest';
}

/** Places in a block of an order of `size` products (see ListingIndex.blocks). */
const blockOf = (size: number) => Math.max(MIN_BLOCK, Math.ceil(size / MAX_BLOCKS));

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
