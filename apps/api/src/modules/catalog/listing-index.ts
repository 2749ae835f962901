import { fromCents, type OrderBy, type Product, type ProductSummary } from '@shop/contracts';
import type { ListingRow } from './catalog.repository';

/**
 * The shoppers' catalogue lists, answered from memory: every product on sale as its card, its filter and
 * sort keys, and the full-text index's words (PostgreSQL's own lexemes, read from `search_vector`).
 * Filters are bitsets (one bit per product), sorts are kept as sorted slot lists, and a search unites and
 * intersects the lists of products that hold each word, so a page costs about the same at 1,000 products
 * and at 100,000: no query plan to guess, no heap page to read, and an exact count.
 *
 * A product has a slot; a changed product whose words changed gets a new slot and its old slot dies (the
 * word lists keep dead slots until the index is rebuilt). See listing.ts for how the index stays current.
 */

export interface ListingFilter {
  category?: string;
  gender?: string;
  brand?: string;
  rating?: number;
  priceMinCents?: number;
  priceMaxCents?: number;
  search?: ListingSearch;
}

/** A search: every group must match, a group by any of its alternatives, an alternative by all its lexemes. */
export interface ListingSearch {
  groups: string[][][];
  /** The searched words, corrected, as one phrase: a name that starts with it or holds it ranks higher. */
  phrase: string;
}

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

/**
 * ts_rank's default weights of the words of a product's name, brand and tags (A: 1) and of its description
 * (B: 0.4), as whole numbers so that equal sums are equal.
 */
const WEIGHT_A = 5;
const WEIGHT_B = 2;
/** The highest score: every word of the longest search (MAX_SEARCH_WORDS) found where it weighs A. */
const MAX_SCORE = 8 * WEIGHT_A;
/** Name lengths rank up to this (a longer name ranks as this long; names are at most 50 long). */
const MAX_NAME_KEY = 64;

/**
 * The slots holding a lexeme: slot * 2, plus 1 where it is weighted A. A typed array, grown by doubling:
 * millions of entries the garbage collector never has to look through.
 */
interface Postings {
  entries: Int32Array;
  length: number;
}

const SORTS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'] as const;
type SortName = (typeof SORTS)[number];

/** Words of a `tsvector`'s text, each with whether it is weighted A somewhere. */
export function parseLexemes(text: string): { lexeme: string; weightA: boolean }[] {
  const found: { lexeme: string; weightA: boolean }[] = [];
  for (const match of text.matchAll(/'((?:[^']|'')+)'(?::([0-9A-D,]+))?/g)) {
    const lexeme = (match[1] ?? '').replace(/''/g, "'").replace(/\\\\/g, '\\');
    found.push({ lexeme, weightA: /A/.test(match[2] ?? '') });
  }
  return found;
}

const wordsFor = (capacity: number) => new Uint32Array(Math.ceil(capacity / 32));

function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const hasBit = (bits: Uint32Array, slot: number) => ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;

function setBit(bits: Uint32Array, slot: number, on: boolean) {
  const word = slot >>> 5;
  const mask = 1 << (slot & 31);
  bits[word] = on ? (bits[word] ?? 0) | mask : (bits[word] ?? 0) & ~mask;
}

export class ListingIndex {
  private capacity: number;
  private used = 0;
  private ids: string[] = [];
  private cards: ProductSummary[] = [];
  private nameKeys: string[] = [];
  /** A hash of each slot's lexemes, to tell a change of words from a change of price or rating. */
  private lexemeHashes: Float64Array;
  private prices: Int32Array;
  private nameLengths: Uint8Array;
  private releases: Int32Array;
  private alive: Uint32Array;
  private readonly slotOf = new Map<string, number>();
  /** Bitsets of the products with a brand, a category, a gender or a rating ('brand:nike', 'rating:4'). */
  private facets = new Map<string, Uint32Array>();
  /** For each lexeme, the slots that hold it. */
  private postings = new Map<string, Postings>();
  /**
   * A searched lexeme's slots as bitsets (all of them, and those where it is weighted A), made from its
   * list when first searched and kept until products are added: a broad word then costs a few thousand
   * word operations, not a walk of its tens of thousands of entries.
   */
  private lexemeBits = new Map<string, { all: Uint32Array; weightA: Uint32Array }>();
  private sorted = new Map<SortName, Int32Array>();
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
    for (const row of rows) {
      const slot = this.slotOf.get(row.id);
      if (slot !== undefined && !row.archived && this.lexemeHashes[slot] === hashOf(row.lexemes)) {
        this.update(slot, row);
        continue;
      }
      if (slot !== undefined) this.remove(slot);
      if (!row.archived) this.add(row);
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
    this.update(slot, row);
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
    this.lexemeBits.clear();
  }

  /** Sets a live slot's card, keys and facets (its words stay). */
  private update(slot: number, row: ListingRow) {
    const nameKey = row.name.toLowerCase();
    const release = Number(row.releaseDate.replaceAll('-', ''));
    if (
      this.nameKeys[slot] !== nameKey ||
      this.prices[slot] !== row.priceCents ||
      this.releases[slot] !== release
    ) {
      this.sorted.clear();
    }
    this.nameKeys[slot] = nameKey;
    this.nameLengths[slot] = Math.min(nameKey.length, 255);
    this.prices[slot] = row.priceCents;
    this.releases[slot] = release;
    this.cards[slot] = {
      _id: row.id,
      name: row.name,
      brand: row.brand as Product['brand'],
      price: fromCents(row.priceCents),
      rating: row.rating,
      card_picture: row.cardPicture,
    };
    this.clearFacets(slot);
    const keys = [
      `brand:${row.brand}`,
      `rating:${row.rating}`,
      ...row.genders.map((gender) => `gender:${gender}`),
      ...row.categories.map((category) => `category:${category}`),
    ];
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
    this.sorted.clear();
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

  /** One page of the products that match, in the order asked, and how many match. */
  page({ filter, orderBy, limit, offset }: ListingPage): ListingResult {
    this.scratchTaken = 0;
    const groups = filter.search?.groups.map((group) => this.groupBits(group));
    const matches = this.match(filter, groups);
    if (!matches) return { cards: [], total: 0 };
    let total = 0;
    for (const word of matches) total += popcount(word);
    if (total === 0 || offset >= total) return { cards: [], total };
    const wanted = Math.min(limit, total - offset);
    const slots =
      filter.search && !orderBy?.name && !orderBy?.price
        ? this.byRelevance(
            matches,
            (groups ?? []).map((group) => group.weightA),
            filter.search.phrase,
            offset + wanted,
          ).slice(offset)
        : this.inOrder(matches, total, sortOf(orderBy), offset, wanted);
    return { cards: slots.map((slot) => this.cards[slot] as ProductSummary), total };
  }

  /**
   * Bitsets a page works with, reused from page to page (a page runs start to end without waiting, so no
   * two pages share them): allocating a few dozen kilobytes for each list would keep the collector busy.
   */
  private scratch: Uint32Array[] = [];
  private scratchTaken = 0;

  /** A zeroed bitset as long as the used slots need, for this page only. */
  private scratchWords(): Uint32Array {
    const length = Math.ceil(this.used / 32);
    let words = this.scratch[this.scratchTaken];
    if (!words || words.length < length) {
      words = wordsFor(this.capacity);
      this.scratch[this.scratchTaken] = words;
    }
    this.scratchTaken += 1;
    return words.subarray(0, length).fill(0);
  }

  /** The bitset of the products that match (`groups`: the search's), or undefined when none can. */
  private match(filter: ListingFilter, groups: { all: Uint32Array }[] | undefined): Uint32Array | undefined {
    const matches = this.scratchWords();
    matches.set(this.alive.subarray(0, matches.length));
    const facetKeys = [
      filter.brand === undefined ? undefined : `brand:${filter.brand}`,
      filter.rating === undefined ? undefined : `rating:${filter.rating}`,
      filter.gender === undefined ? undefined : `gender:${filter.gender}`,
      filter.category === undefined ? undefined : `category:${filter.category}`,
    ];
    for (const key of facetKeys) {
      if (key === undefined) continue;
      const bits = this.facets.get(key);
      if (!bits) return undefined;
      for (let i = 0; i < matches.length; i += 1) matches[i] = (matches[i] ?? 0) & (bits[i] ?? 0);
    }
    if (groups) {
      if (groups.length === 0) return undefined;
      for (const { all } of groups) {
        for (let i = 0; i < matches.length; i += 1) matches[i] = (matches[i] ?? 0) & (all[i] ?? 0);
      }
    }
    const { priceMinCents: min, priceMaxCents: max } = filter;
    if (min !== undefined || max !== undefined) {
      for (let i = 0; i < matches.length; i += 1) {
        let word = matches[i] ?? 0;
        while (word !== 0) {
          const low = word & -word;
          const slot = i * 32 + 31 - Math.clz32(low);
          const price = this.prices[slot] ?? 0;
          if ((min !== undefined && price < min) || (max !== undefined && price > max)) {
            matches[i] = (matches[i] ?? 0) & ~low;
          }
          word ^= low;
        }
      }
    }
    return matches;
  }

  private bitsOf(lexeme: string): { all: Uint32Array; weightA: Uint32Array } {
    let bits = this.lexemeBits.get(lexeme);
    if (!bits) {
      bits = { all: wordsFor(this.capacity), weightA: wordsFor(this.capacity) };
      const list = this.postings.get(lexeme);
      for (let i = 0; i < (list?.length ?? 0); i += 1) {
        const entry = list?.entries[i] ?? 0;
        setBit(bits.all, entry >>> 1, true);
        if (entry & 1) setBit(bits.weightA, entry >>> 1, true);
      }
      this.lexemeBits.set(lexeme, bits);
    }
    return bits;
  }

  /**
   * The slots a group of alternatives finds (`all`: an alternative matches where every one of its lexemes
   * is), and those where one of the group's lexemes is weighted A.
   */
  private groupBits(group: string[][]): { all: Uint32Array; weightA: Uint32Array } {
    const [only] = group;
    // One word with no correction, one lexeme (most searches): its bitsets as they are.
    if (group.length === 1 && only?.length === 1) return this.bitsOf(only[0] as string);
    const length = Math.ceil(this.used / 32);
    const all = this.scratchWords();
    const weightA = this.scratchWords();
    for (const alternative of group) {
      const found = this.scratchWords().fill(0xffffffff);
      for (const lexeme of alternative) {
        const bits = this.bitsOf(lexeme);
        for (let i = 0; i < length; i += 1) {
          found[i] = (found[i] ?? 0) & (bits.all[i] ?? 0);
          weightA[i] = (weightA[i] ?? 0) | (bits.weightA[i] ?? 0);
        }
      }
      for (let i = 0; i < length; i += 1) all[i] = (all[i] ?? 0) | (found[i] ?? 0);
    }
    return { all, weightA };
  }

  /**
   * The best `count` matches by relevance: for each searched word, the weight of the best place a product
   * holds it (its name, brand or tags before its description), summed; then a name that starts with the
   * searched phrase; then the shorter name (the closer one); then the id. Only what can reach the page is
   * sorted: scores and name lengths are small whole numbers, so a broad word's tens of thousands of equal
   * matches are tallied (typed arrays, no strings), and the names starting with the phrase are one range
   * of the name order.
   */
  private byRelevance(matches: Uint32Array, weightA: Uint32Array[], phrase: string, count: number): number[] {
    // Names starting with the phrase: 1 in `starts`, 0 elsewhere.
    if (this.startsScratch.length < this.capacity) this.startsScratch = new Uint8Array(this.capacity);
    const starts = this.startsScratch;
    const prefixed = this.startingWith(phrase);
    for (const slot of prefixed) starts[slot] = 1;
    // A match's rank key, smallest first: its score (highest first; every match holds every group's words,
    // weighing WEIGHT_A where one of them is weighted A, WEIGHT_B elsewhere), then whether its name starts
    // with the phrase, then its name's length.
    const rankKey = (word: number, low: number, slot: number) => {
      let score = 0;
      for (const bits of weightA) score += ((bits[word] ?? 0) & low) !== 0 ? WEIGHT_A : WEIGHT_B;
      return (
        ((MAX_SCORE - Math.min(score, MAX_SCORE)) * 2 + 1 - (starts[slot] ?? 0)) * MAX_NAME_KEY +
        Math.min(this.nameLengths[slot] ?? 0, MAX_NAME_KEY - 1)
      );
    };
    const tally = this.tallyScratch;
    if (this.keyScratch.length < this.capacity) this.keyScratch = new Uint16Array(this.capacity);
    const keys = this.keyScratch;
    for (let i = 0; i < matches.length; i += 1) {
      let bits = matches[i] ?? 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const slot = i * 32 + 31 - Math.clz32(low);
        const key = rankKey(i, low, slot);
        keys[slot] = key;
        tally[key] = (tally[key] ?? 0) + 1;
        bits ^= low;
      }
    }
    // The key of the page's last match: every match of a smaller key is on or before the page.
    let edge = 0;
    for (let before = 0; edge < tally.length; edge += 1) {
      before += tally[edge] ?? 0;
      if (before >= count) break;
    }
    tally.fill(0);
    const ranked: { slot: number; key: number }[] = [];
    for (let i = 0; i < matches.length; i += 1) {
      let bits = matches[i] ?? 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const slot = i * 32 + 31 - Math.clz32(low);
        const key = keys[slot] ?? 0;
        if (key <= edge) ranked.push({ slot, key });
        bits ^= low;
      }
    }
    for (const slot of prefixed) starts[slot] = 0;
    const id = (slot: number) => this.ids[slot] ?? '';
    return ranked
      .sort((a, b) => a.key - b.key || (id(a.slot) < id(b.slot) ? -1 : 1))
      .slice(0, count)
      .map((entry) => entry.slot);
  }

  /** Each match's rank key while a search is ranked. */
  private keyScratch = new Uint16Array(0);
  /** Matches per rank key while a search is ranked (all zeros between searches). */
  private tallyScratch = new Uint32Array((MAX_SCORE + 1) * 2 * MAX_NAME_KEY);

  /** 1 for the slots whose name starts with the searched phrase, while a search is ranked; 0 otherwise. */
  private startsScratch = new Uint8Array(0);

  /** Live slots whose name starts with `phrase`: one range of the name order. */
  private startingWith(phrase: string): Int32Array {
    if (!phrase) return new Int32Array(0);
    const order = this.sortedSlots('name-asc');
    const name = (index: number) => this.nameKeys[order[index] ?? 0] ?? '';
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (name(middle) < phrase) low = middle + 1;
      else high = middle;
    }
    const start = low;
    // Every name starting with the phrase sorts before the phrase followed by the highest code unit.
    const past = `${phrase}\uffff`;
    high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (name(middle) < past) low = middle + 1;
      else high = middle;
    }
    return order.subarray(start, low);
  }

  /**
   * `count` matches from the `offset`-th on, in a sort order: walking the sorted slots until they are
   * found when matches are dense; otherwise marking each match's place in the order on a bitset and
   * reading the marks in order (no sort, whatever the page).
   */
  private inOrder(
    matches: Uint32Array,
    total: number,
    sort: SortName,
    offset: number,
    count: number,
  ): number[] {
    const order = this.sortedSlots(sort);
    // Every product matches: the page is a piece of the order.
    if (total === order.length) return Array.from(order.subarray(offset, offset + count));
    const slots: number[] = [];
    // Slots walked before the page's last match, were the matches spread evenly through the order.
    const walk = ((offset + count) * order.length) / total;
    if (walk <= total + order.length / 32) {
      let skipped = 0;
      for (const slot of order) {
        if (!hasBit(matches, slot)) continue;
        if (skipped < offset) skipped += 1;
        else if (slots.push(slot) === count) break;
      }
      return slots;
    }
    const position = this.positions(sort);
    const places = this.scratchWords();
    for (let i = 0; i < matches.length; i += 1) {
      let bits = matches[i] ?? 0;
      while (bits !== 0) {
        const low = bits & -bits;
        setBit(places, position[i * 32 + 31 - Math.clz32(low)] ?? 0, true);
        bits ^= low;
      }
    }
    let skipped = 0;
    for (let i = 0; i < places.length && slots.length < count; i += 1) {
      let bits = places[i] ?? 0;
      const marked = popcount(bits);
      if (skipped + marked <= offset) {
        skipped += marked;
        continue;
      }
      while (bits !== 0 && slots.length < count) {
        const low = bits & -bits;
        if (skipped < offset) skipped += 1;
        else slots.push(order[i * 32 + 31 - Math.clz32(low)] ?? 0);
        bits ^= low;
      }
    }
    return slots;
  }

  private positionsBySort = new Map<SortName, Int32Array>();

  private positions(sort: SortName): Int32Array {
    const order = this.sortedSlots(sort);
    let position = this.positionsBySort.get(sort);
    if (!position || position.length !== this.used) {
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
    const order = Int32Array.from(slots.sort(compare[sort]));
    this.sorted.set(sort, order);
    this.positionsBySort.delete(sort);
    return order;
  }
}

function sortOf(orderBy: OrderBy | undefined): SortName {
  if (orderBy?.name) return orderBy.name === 1 ? 'name-asc' : 'name-desc';
  if (orderBy?.price) return orderBy.price === 1 ? 'price-asc' : 'price-desc';
  return 'newest';
}

/** A 53-bit hash of a text (cyrb53): two texts that differ collide about once in 10^16. */
function hashOf(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function forEachSlot(bits: Uint32Array, visit: (slot: number) => void) {
  for (let i = 0; i < bits.length; i += 1) {
    let word = bits[i] ?? 0;
    while (word !== 0) {
      const low = word & -word;
      visit(i * 32 + 31 - Math.clz32(low));
      word ^= low;
    }
  }
}
