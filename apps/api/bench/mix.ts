/**
 * The realistic uncached catalogue mix: every request its own path, drawn from a seeded PRNG (the same
 * seed gives the same sequence of paths on every run and at every catalogue size).
 *
 * - searched: hundreds of distinct terms from the generated catalogue's vocabulary (model names, brands,
 *   colours and colourways, editions, collections, materials, categories), single words and two-word
 *   phrases, about 30% with a typo (one letter dropped, doubled or two swapped: 'jordn', 'addidas'), a few
 *   that match nothing; page 1-3, sometimes a sort.
 * - filtered: category, gender, brand, rating, priceMin, priceMax and onSale (15%) in random combinations
 *   (at least one), a page within what exists (1-5 mostly, sometimes a deep one).
 * - sorted: by name or price either way, half the time with a filter, a page within what exists.
 * - combined: a search with one to three filters, usually a sort, page 1-3. Mostly (80%) a shopper
 *   narrowing down to one generated product: words of its name, its brand and model, or its model and
 *   colour (typos as in searched), with its own category, gender, brand, rating (onSale=true instead when
 *   it is on sale) or a price bound around its price; otherwise a search as in searched with unrelated filters (which often find nothing).
 * - sized: "In my size", a size in a system (US, EU, UK or CM, as shoppers pick them; a few sizes no chart
 *   knows), alone or with one or two filters, at times a search, often a sort, page 1-3.
 *
 * Search pages are 1 (60%), 2 (25%) or 3; counted pages are within what the generated products hold (up
 * to what the API counts: past that, a list offers no pages).
 */
import {
  BRANDS,
  CATEGORIES,
  COLORS,
  GENDERS,
  MAX_RATING,
  MIN_RATING,
  type OrderBy,
  PAGE_SIZE,
  toCents,
} from '@shop/contracts';
import type { NewProduct } from '../src/modules/catalog';
import { COLOURWAYS, MODELS, pick, prng } from '../src/seed/catalogue';
import { EDITIONS } from './generate';

export const MIX_NAMES = ['searched', 'filtered', 'sorted', 'combined', 'sized', 'detail'] as const;
export type MixName = (typeof MIX_NAMES)[number];

type Random = () => number;

/** Share of searches with a typo, and of searches for something the shop does not sell. */
const TYPO_SHARE = 0.3;
const NO_MATCH_SHARE = 0.03;
/** Share of counted pages drawn past page 5 (log-uniformly up to the last page). */
const DEEP_PAGE_SHARE = 0.1;

/** Words from the descriptions shoppers type too. */
const MATERIALS = ['leather', 'suede', 'canvas', 'mesh', 'knit', 'nubuck'];
/** Nothing in a name, brand, colour, collection or description looks like these. */
const NO_MATCH = ['lawnmower', 'espresso machine', 'xylophone', 'qwzx', 'snorkel mask', 'toaster'];

const SORTS: OrderBy[] = [{ name: 1 }, { name: -1 }, { price: 1 }, { price: -1 }];
/** Share of filters that ask for the products on sale only. */
const ON_SALE_SHARE = 0.15;
/** Price bounds in dollars, as a shopper would type them. */
const PRICES = [25, 40, 50, 60, 75, 90, 100, 120, 150, 200, 250, 300, 500, 800];

const tokens = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

interface Vocabulary {
  words: string[];
  phrases: string[];
  brandModels: string[];
  modelColours: string[];
}

/** The catalogue's search vocabulary, each list without repeats and in a stable order. */
function buildVocabulary(): Vocabulary {
  const words = new Set<string>();
  const phrases = new Set<string>();
  const brandModels = new Set<string>();
  const modelColours = new Set<string>();
  const addWords = (text: string) => {
    for (const word of tokens(text)) if (word.length >= 3) words.add(word);
  };
  const addPairs = (text: string) => {
    const parts = tokens(text);
    for (let i = 0; i + 1 < parts.length; i += 1) phrases.add(`${parts[i]} ${parts[i + 1]}`);
  };
  for (const brand of BRANDS) if (brand !== 'other') words.add(brand);
  for (const category of CATEGORIES) if (category !== 'other') words.add(category);
  for (const material of MATERIALS) words.add(material);
  for (const edition of EDITIONS) addWords(edition);
  for (const colour of COLORS) {
    words.add(colour.toLowerCase());
    for (const colourway of COLOURWAYS[colour]) {
      addWords(colourway);
      addPairs(colourway);
    }
  }
  for (const brand of BRANDS) {
    for (const model of MODELS[brand]) {
      addWords(model.name);
      addPairs(model.name);
      addWords(model.collection);
      addPairs(model.collection);
      const first = tokens(model.name)[0] ?? '';
      if (brand !== 'other') brandModels.add(`${brand} ${first}`);
      for (const colour of COLORS) modelColours.add(`${first} ${colour.toLowerCase()}`);
      for (const edition of EDITIONS) if (edition) modelColours.add(`${first} ${edition.toLowerCase()}`);
    }
  }
  return {
    words: [...words],
    phrases: [...phrases],
    brandModels: [...brandModels],
    modelColours: [...modelColours],
  };
}

const VOCABULARY = buildVocabulary();

/** How many distinct search terms the mix draws from, before typos. */
export const SEARCH_TERMS = new Set([
  ...VOCABULARY.words,
  ...VOCABULARY.phrases,
  ...VOCABULARY.brandModels,
  ...VOCABULARY.modelColours,
  ...NO_MATCH,
]).size;

/** One letter of a word of four letters or more dropped, doubled, or swapped with the next; null when none. */
export function withTypo(term: string, random: Random): string | null {
  const words = term.split(' ');
  const candidates = words.flatMap((word, index) => (/^[a-z]{4,}$/.test(word) ? [index] : []));
  if (candidates.length === 0) return null;
  const index = pick(random, candidates);
  const word = words[index] ?? '';
  // Never the first letter: shoppers rarely miss that one.
  const at = 1 + Math.floor(random() * (word.length - 1));
  const kind = random();
  let typo: string;
  if (kind < 1 / 3) typo = word.slice(0, at) + word.slice(at + 1);
  else if (kind < 2 / 3) typo = word.slice(0, at + 1) + word.slice(at);
  else {
    const from = Math.min(at, word.length - 2);
    typo = word.slice(0, from) + word.charAt(from + 1) + word.charAt(from) + word.slice(from + 2);
  }
  if (typo === word) return null;
  words[index] = typo;
  return words.join(' ');
}

function drawCorrectTerm(random: Random): string {
  const roll = random();
  if (roll < 0.36) return pick(random, VOCABULARY.words);
  if (roll < 0.72) return pick(random, VOCABULARY.phrases);
  if (roll < 0.84) return pick(random, VOCABULARY.brandModels);
  return pick(random, VOCABULARY.modelColours);
}

function drawSearch(random: Random): string {
  if (random() < NO_MATCH_SHARE) return pick(random, NO_MATCH);
  if (random() >= TYPO_SHARE) return drawCorrectTerm(random);
  for (;;) {
    const typo = withTypo(drawCorrectTerm(random), random);
    if (typo) return typo;
  }
}

interface Filter {
  category?: string;
  gender?: string;
  brand?: string;
  rating?: number;
  priceMin?: number;
  priceMax?: number;
  /** Only products on sale (a compare-at price above the price): sent as `onSale=true`. */
  onSale?: true;
}

/** A random combination of filters, at least `least` and at most `most` of them. */
function drawFilter(random: Random, least: number, most = 6): Filter {
  for (;;) {
    const filter: Filter = {};
    if (random() < 0.45) filter.category = pick(random, CATEGORIES);
    if (random() < 0.4) filter.gender = pick(random, GENDERS);
    if (random() < 0.4) filter.brand = pick(random, BRANDS);
    if (random() < 0.2) filter.rating = MIN_RATING + Math.floor(random() * (MAX_RATING - MIN_RATING + 1));
    if (random() < ON_SALE_SHARE) filter.onSale = true;
    const price = random();
    if (price < 0.15) filter.priceMin = pick(random, PRICES);
    else if (price < 0.3) filter.priceMax = pick(random, PRICES);
    else if (price < 0.4) {
      const low = Math.floor(random() * (PRICES.length - 1));
      const high = low + 1 + Math.floor(random() * (PRICES.length - 1 - low));
      filter.priceMin = PRICES[low];
      filter.priceMax = PRICES[high];
    }
    const count = Object.keys(filter).length;
    if (count >= least && count <= most) return filter;
  }
}

/**
 * How many generated products match a filter, without asking the server: for each combination of category,
 * gender, brand and rating (each possibly absent), the matching products' prices in order.
 */
export class FilterCounts {
  private readonly prices = new Map<string, Int32Array>();

  constructor(
    products: readonly Pick<
      NewProduct,
      'categories' | 'genders' | 'brand' | 'rating' | 'priceCents' | 'compareAtPriceCents'
    >[],
  ) {
    const lists = new Map<string, number[]>();
    const add = (key: string, price: number) => {
      const list = lists.get(key);
      if (list) list.push(price);
      else lists.set(key, [price]);
    };
    for (const item of products) {
      const sale = isOnSale(item) ? ['', 'sale'] : [''];
      for (const category of ['', ...item.categories])
        for (const gender of ['', ...item.genders])
          for (const brand of ['', item.brand])
            for (const rating of ['', String(item.rating ?? 0)])
              for (const onSale of sale)
                add(`${category}|${gender}|${brand}|${rating}|${onSale}`, item.priceCents);
    }
    for (const [key, list] of lists) this.prices.set(key, Int32Array.from(list).sort());
  }

  count(filter: Filter): number {
    const key = `${filter.category ?? ''}|${filter.gender ?? ''}|${filter.brand ?? ''}|${filter.rating ?? ''}|${filter.onSale ? 'sale' : ''}`;
    const prices = this.prices.get(key);
    if (!prices) return 0;
    const from = filter.priceMin === undefined ? 0 : firstAtLeast(prices, toCents(filter.priceMin));
    const to =
      filter.priceMax === undefined ? prices.length : firstAtLeast(prices, toCents(filter.priceMax) + 1);
    return Math.max(0, to - from);
  }
}

const isOnSale = (item: Pick<NewProduct, 'priceCents' | 'compareAtPriceCents'>) =>
  item.compareAtPriceCents != null && item.compareAtPriceCents > item.priceCents;

function firstAtLeast(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Share of combined searches that narrow down to a product (the rest: a search and unrelated filters). */
const ANCHORED_SHARE = 0.8;

/**
 * What a shopper looking for one product types and ticks: a word or two of its name (a typo in about 30%),
 * its brand and model, or its model and colour; then one to three of its own category, gender, brand,
 * rating and a price bound around its price. Mostly finds something, as narrowing down does.
 */
function drawAnchored(random: Random, item: NewProduct): { search: string; filter: Filter } {
  const words = tokens(item.name);
  const first = words[0] ?? item.brand;
  const long = words.filter((word) => word.length >= 3);
  const roll = random();
  let search: string;
  if (roll < 0.3 && long.length > 0) search = pick(random, long);
  else if (roll < 0.6 && words.length > 1) {
    const at = Math.floor(random() * (words.length - 1));
    search = `${words[at]} ${words[at + 1]}`;
  } else if (roll < 0.8 && item.brand !== 'other') search = `${item.brand} ${first}`;
  else search = `${first} ${item.color.toLowerCase()}`;
  if (random() < TYPO_SHARE) search = withTypo(search, random) ?? search;
  const price = item.priceCents / 100;
  const below = PRICES.filter((bound) => bound <= price);
  const above = PRICES.filter((bound) => bound >= price);
  const choices: ((filter: Filter) => void)[] = [
    (filter) => {
      filter.category = pick(random, item.categories);
    },
    (filter) => {
      filter.gender = pick(random, item.genders);
    },
    (filter) => {
      filter.brand = item.brand;
    },
    (filter) => {
      filter.rating = item.rating ?? 0;
    },
    (filter) => {
      if (isOnSale(item)) filter.onSale = true;
      else filter.rating = item.rating ?? 0;
    },
    (filter) => {
      if (below.length > 0 && (above.length === 0 || random() < 0.5)) filter.priceMin = pick(random, below);
      else if (above.length > 0) filter.priceMax = pick(random, above);
    },
  ];
  const filter: Filter = {};
  const count = 1 + Math.floor(random() * 3);
  for (let taken = 0; taken < count; taken += 1) {
    const [choice] = choices.splice(Math.floor(random() * choices.length), 1);
    choice?.(filter);
  }
  return { search, filter };
}

/**
 * A page within the `matches` (at most `countLimit` of them: past what the list counts, it offers no pages):
 * one of the first five mostly, sometimes a deep one (log-uniform to the last).
 */
function drawPage(random: Random, matches: number, countLimit: number): number {
  const pages = Math.max(1, Math.ceil(Math.min(matches, countLimit) / PAGE_SIZE));
  if (pages <= 5 || random() >= DEEP_PAGE_SHARE) return 1 + Math.floor(random() * Math.min(5, pages));
  const deep = Math.floor(Math.exp(Math.log(6) + random() * (Math.log(pages + 1) - Math.log(6))));
  return Math.min(pages, Math.max(6, deep));
}

/** Search pages: the number of matches is the server's to know, so page 1 to 3 (1 most often). */
function drawSearchPage(random: Random): number {
  const roll = random();
  return roll < 0.6 ? 1 : roll < 0.85 ? 2 : 3;
}

type Params = Record<string, string | number | boolean | undefined>;

function productsPath(params: Params): string {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/api/products${query ? `?${query}` : ''}`;
}

const orderParam = (orderBy: OrderBy | undefined) => (orderBy ? JSON.stringify(orderBy) : undefined);

export interface MixCatalogue {
  /** The generated products on sale: the combined scenario narrows down to one of them. */
  items: readonly NewProduct[];
  /** Products on sale, for the sorted scenario's pages without a filter. */
  products: number;
  /** The ids of the products on sale: the detail scenario opens one of them at random. */
  ids: readonly string[];
  counts: FilterCounts;
  /**
   * The most matches a list counts and offers pages for, when the API bounds its count (it answers
   * `totalExact: false` past it); Infinity when it counts everything.
   */
  countLimit: number;
}

/**
 * The sizes shoppers ask "In my size" for, by system, the more common ones listed twice, and how often
 * each system is picked: most shoppers read US or EU sizes.
 */
const WANTED_SIZES: { system: string; share: number; sizes: string[] }[] = [
  {
    system: 'US',
    share: 0.4,
    sizes: ['6', '7', '7.5', '8', '8', '8.5', '9', '9', '9.5', '10', '10', '10.5', '11', '11.5', '12', '13'],
  },
  {
    system: 'EU',
    share: 0.35,
    sizes: [
      '37.5',
      '38',
      '39',
      '40',
      '40.5',
      '41',
      '42',
      '42',
      '42.5',
      '43',
      '44',
      '44',
      '44 2/3',
      '45',
      '46',
    ],
  },
  { system: 'UK', share: 0.15, sizes: ['5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '11'] },
  { system: 'CM', share: 0.1, sizes: ['24', '25', '25.5', '26', '26.5', '27', '27.5', '28', '29'] },
];
/** Sizes no chart gives (a shopper's typo): they find nothing. */
const UNKNOWN_SIZES = ['4.25', '61', '99'];

/** "In my size": a size in a system, as a shopper picks it. */
function drawSize(random: Random): { size: string; sizeSystem: string } {
  const roll = random();
  let below = 0;
  const system =
    WANTED_SIZES.find((entry) => {
      below += entry.share;
      return roll < below;
    }) ?? (WANTED_SIZES[0] as (typeof WANTED_SIZES)[number]);
  const size = random() < NO_MATCH_SHARE ? pick(random, UNKNOWN_SIZES) : pick(random, system.sizes);
  return { size, sizeSystem: system.system };
}

/** A small stable hash, so each scenario draws its own sequence from one seed. */
function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i += 1) value = Math.imul(value ^ text.charCodeAt(i), 16777619);
  return value >>> 0;
}

/** The paths of one scenario of the mix, one per call, the same sequence for the same seed. */
export function mixPaths(name: MixName, catalogue: MixCatalogue, seed: number): () => string {
  const random = prng((seed ^ hash(name)) >>> 0);
  switch (name) {
    case 'searched':
      return () =>
        productsPath({
          search: drawSearch(random),
          orderBy: random() < 0.25 ? orderParam(pick(random, SORTS)) : undefined,
          page: drawSearchPage(random),
        });
    case 'filtered':
      return () => {
        const filter = drawFilter(random, 1);
        return productsPath({
          ...filter,
          page: drawPage(random, catalogue.counts.count(filter), catalogue.countLimit),
        });
      };
    case 'sorted':
      return () => {
        const filter = random() < 0.5 ? drawFilter(random, 1, 2) : {};
        const matches = Object.keys(filter).length > 0 ? catalogue.counts.count(filter) : catalogue.products;
        return productsPath({
          ...filter,
          orderBy: orderParam(pick(random, SORTS)),
          page: drawPage(random, matches, catalogue.countLimit),
        });
      };
    case 'detail':
      return () => `/api/products/details/${pick(random, catalogue.ids)}`;
    case 'sized':
      return () => {
        const wanted = drawSize(random);
        const filter = random() < 0.5 ? drawFilter(random, 1, 2) : {};
        return productsPath({
          ...wanted,
          ...filter,
          search: random() < 0.15 ? drawSearch(random) : undefined,
          orderBy: random() < 0.5 ? orderParam(pick(random, SORTS)) : undefined,
          page: drawSearchPage(random),
        });
      };
    case 'combined':
      return () => {
        const item = catalogue.items.length > 0 ? pick(random, catalogue.items) : undefined;
        const { search, filter } =
          item && random() < ANCHORED_SHARE
            ? drawAnchored(random, item)
            : { search: drawSearch(random), filter: drawFilter(random, 1, 3) };
        return productsPath({
          search,
          ...filter,
          orderBy: random() < 0.7 ? orderParam(pick(random, SORTS)) : undefined,
          page: drawSearchPage(random),
        });
      };
  }
}
