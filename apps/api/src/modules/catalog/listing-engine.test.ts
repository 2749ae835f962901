import { CHART_GENDERS, chartGenderOf, type OrderBy, type ProductSummary, shiftedKey } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random';
import type { ListingRow, SizeFit } from './catalog.repository';
import { createListingEngine } from './listing';
import {
  compareNames,
  type ListingEngine,
  type ListingFilter,
  type ListingPage,
  type ListingSearch,
  nameSortKey,
} from './listing-engine';
import { toProductSummary } from './product-wire';

/**
 * The listing engine against a plain model of its contract (listing-engine.ts): random sequences of
 * changes (new products, new prices, brands, categories, genders, ratings, release dates, names and
 * words, sizes selling out and coming back, size shifts, archived and restored products, rows sent again
 * unchanged, products deleted outright and the engine read again from scratch) interleaved with random
 * lists (filters, sizes, sorts, searches, pages), each list asked of the engine and of the model: the model keeps the products in a
 * plain array and filters and sorts all of them, and every page must be the same cards, in the same order,
 * with the same total. Lists already asked are asked again after changes, so a stale kept answer shows.
 *
 * Each sequence has its own seed, printed when it fails with the variables that replay it:
 * LISTING_MODEL_SEED (the first sequence's seed), LISTING_MODEL_SEQUENCES (how many, 300 by default) and
 * LISTING_MODEL_PRODUCTS (products at the start of each, 12 by default). The same seeds run every time;
 * another LISTING_MODEL_SEED and more sequences look further.
 */

/** The seeded numbers, and `some`: each item with chance `p`. */
function generator(seed: number) {
  const random = seededRandom(seed);
  const some = <T>(items: readonly T[], p: number) => items.filter(() => random.chance(p));
  return { ...random, some };
}
type Random = ReturnType<typeof generator>;

const BRANDS = ['nike', 'vans', 'adidas', 'gucci'] as const;
const GENDERS = ['men', 'women', 'unisex'] as const;
const CATEGORIES = ['running', 'skateboarding', 'basketball', 'lifestyle'] as const;
const PRICES = [1_000, 1_500, 2_000, 2_500, 3_000, 4_999, 5_000, 12_345];
const DAYS = ['2021-03-01', '2022-11-15', '2023-01-01', '2023-06-30', '2024-02-29'];
/** Name words: a few, in mixed case, so names tie and sort without regard to case. */
const NAME_WORDS = [
  'Air',
  'air',
  'AIR',
  'Max',
  'jordan',
  'Jordan',
  'Low',
  'retro',
  'Samba',
  'court',
  'Élan',
  '90',
];
/** Description words; 'it''s' tests a quoted lexeme, 'vibram' is rare. */
const BODY_WORDS = ['leather', 'suede', 'air', 'court', 'mesh', "it's", 'max', 'vibram'];
/** Lexemes no product ever holds. */
const UNHELD = ['zzyzx', 'harpsichord'];
/** Size keys a product may have in stock; '17' never is. */
const SIZE_KEYS = ['8', '9', '9.5', '10', '10.5', '11'];
/** Shifts of a model, in half sizes (+1: runs half a size large). */
const SHIFTS = [-1, 0, 0, 0, 1];
/** The chart keys those keys fit, with the shifts. */
const FITTED_KEYS = ['7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5'];

/** A product as the model keeps it: its row without the tsvector, and each lexeme with whether it weighs A. */
interface Model {
  row: Omit<ListingRow, 'lexemes'>;
  name: string[];
  body: string[];
}

/** The lexemes of a product's words: the name's weigh A, the description's B (a word in both: both). */
function weightsOf(product: Model): Map<string, boolean> {
  const weights = new Map<string, boolean>();
  for (const word of product.name) weights.set(word.toLowerCase(), true);
  for (const word of product.body) weights.set(word, weights.get(word) ?? false);
  return weights;
}

/** The row as the database sends it: `search_vector` as text, lexemes sorted, with positions and weights. */
function rowOf(product: Model): ListingRow {
  const weights = weightsOf(product);
  const lexemes = [...weights]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([lexeme, weightA], i) => {
      const quoted = lexeme.replaceAll("'", "''");
      return weightA ? `'${quoted}':${i + 1}A,${i + 9}` : `'${quoted}':${i + 1}${i % 2 ? 'B' : ''}`;
    })
    .join(' ');
  return { ...product.row, lexemes };
}

let serial = 0;

function newProduct(r: Random): Model {
  serial += 1;
  // Ids in another order than products come: a random part first, then a serial to keep them apart.
  const id = `${r
    .below(16 ** 4)
    .toString(16)
    .padStart(4, '0')}0000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  const name = Array.from({ length: 1 + r.below(3) }, () => r.pick(NAME_WORDS));
  return {
    row: {
      id,
      name: name.join(' '),
      brand: r.pick(BRANDS),
      priceCents: r.pick(PRICES),
      compareAtPriceCents: compareAtOf(r),
      priceHistory: [],
      rating: r.below(6),
      genders: [r.pick(GENDERS), ...r.some(GENDERS, 0.3)].filter((g, i, all) => all.indexOf(g) === i),
      categories: r.some(CATEGORIES, 0.4),
      releaseDate: r.pick(DAYS),
      cardPicture: `/uploads/products/${id}/card.webp`,
      archived: r.chance(0.05),
      sizeShift: r.pick(SHIFTS),
      sizesInStock: r.some(SIZE_KEYS, 0.4),
    },
    name,
    body: r.some(BODY_WORDS, 0.3),
  };
}

/** Mostly not on sale; else a compare-at price above some prices (at or below others: never on sale). */
const compareAtOf = (r: Random) => (r.chance(0.7) ? null : r.pick(PRICES) + r.pick([0, 1, 500]));

/** A product changed as an admin (or a review, for the rating) changes it: one field or a few. */
function changed(r: Random, product: Model): Model {
  const next: Model = { row: { ...product.row }, name: [...product.name], body: [...product.body] };
  const changes = 1 + (r.chance(0.3) ? r.below(3) : 0);
  for (let i = 0; i < changes; i += 1) {
    const what = r.below(13);
    if (what === 0) next.row.priceCents = r.pick(PRICES);
    else if (what === 1) next.row.brand = r.pick(BRANDS);
    else if (what === 2) next.row.categories = r.some(CATEGORIES, 0.4);
    else if (what === 3) next.row.genders = [r.pick(GENDERS)];
    else if (what === 4) next.row.rating = r.below(6);
    else if (what === 5) next.row.releaseDate = r.pick(DAYS);
    else if (what === 6) {
      next.name = Array.from({ length: 1 + r.below(3) }, () => r.pick(NAME_WORDS));
      next.row.name = next.name.join(' ');
    } else if (what === 7) next.body = r.some(BODY_WORDS, 0.3);
    else if (what === 8) next.row.archived = !next.row.archived;
    else if (what === 9) next.row.compareAtPriceCents = compareAtOf(r);
    else if (what === 10) next.row.sizesInStock = stockChanged(r, next.row.sizesInStock);
    else if (what === 11) next.row.sizeShift = r.pick(SHIFTS);
    // A new name that differs from the old in case only: the same words, another card.
    else next.row.name = r.chance(0.5) ? next.row.name.toUpperCase() : next.row.name.toLowerCase();
  }
  return next;
}

/** The last unit of a size in stock sold, or a size back in stock (the keys stay in size order). */
function stockChanged(r: Random, sizes: string[]): string[] {
  const key = r.pick(SIZE_KEYS);
  const next = sizes.includes(key) ? sizes.filter((size) => size !== key) : [...sizes, key];
  return SIZE_KEYS.filter((size) => next.includes(size));
}

/**
 * "In my size" as the service resolves it: a few charts (brand and gender; some no product is sized on)
 * with their keys that are the size (some no product fits), or none at all (a size no chart knows).
 */
function randomSizes(r: Random): SizeFit[] {
  return Array.from({ length: r.chance(0.1) ? 0 : 1 + r.below(5) }, () => ({
    brand: r.chance(0.9) ? r.pick(BRANDS) : 'converse',
    chart: r.pick(CHART_GENDERS),
    keys: [...r.some(FITTED_KEYS, 0.25), ...(r.chance(0.1) ? ['17'] : [])],
  }));
}

/** A random list: filters (some matching nothing), a sort, a search, a page. */
function randomPage(r: Random, products: Model[]): ListingPage {
  const filter: ListingFilter = {};
  // A brand and a category no product of the list has: they match nothing.
  if (r.chance(0.3)) filter.brand = r.chance(0.9) ? r.pick(BRANDS) : 'converse';
  if (r.chance(0.2)) filter.rating = r.below(6);
  if (r.chance(0.25)) filter.gender = r.pick(GENDERS);
  if (r.chance(0.25)) filter.category = r.chance(0.9) ? r.pick(CATEGORIES) : 'other';
  if (r.chance(0.25)) filter.priceMinCents = r.pick(PRICES) + r.pick([-1, 0, 0, 1]);
  if (r.chance(0.25)) filter.priceMaxCents = r.pick(PRICES) + r.pick([-1, 0, 0, 1]);
  if (r.chance(0.2)) filter.onSale = r.chance(0.9);
  if (r.chance(0.45)) filter.search = randomSearch(r, products);
  if (r.chance(0.3)) filter.sizes = randomSizes(r);
  const orderBy = r.pick<OrderBy | undefined>([
    undefined,
    undefined,
    { name: 1 },
    { name: -1 },
    { price: 1 },
    { price: -1 },
    { price: 1, name: -1 },
  ]);
  const limit = r.pick([1, 2, 3, 5, 12, 50]);
  const offset = r.chance(0.5) ? 0 : r.below(products.length + 4);
  return { filter, orderBy, limit, offset };
}

function randomSearch(r: Random, products: Model[]): ListingSearch {
  const lexeme = () =>
    r.chance(0.05) ? r.pick(UNHELD) : r.pick([...NAME_WORDS, ...BODY_WORDS]).toLowerCase();
  // Most words are one lexeme; a word with corrections has several alternatives; rarely none at all.
  const groups = Array.from({ length: r.chance(0.03) ? 0 : 1 + r.below(r.chance(0.7) ? 1 : 3) }, () =>
    Array.from({ length: r.chance(0.75) ? 1 : 2 + r.below(2) }, () =>
      Array.from({ length: r.chance(0.85) ? 1 : 2 }, lexeme),
    ),
  );
  const someName = products.length > 0 ? r.pick(products).row.name.toLowerCase() : '';
  const phrase = r.pick([
    '',
    groups.map((group) => group[0]?.[0] ?? '').join(' '),
    someName,
    someName.slice(0, 1 + r.below(Math.max(1, someName.length))),
  ]);
  return { groups, phrase };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The page the contract asks for, found by filtering and sorting every product on sale. */
function modelPage(products: Iterable<Model>, { filter, orderBy, limit, offset }: ListingPage) {
  const { search } = filter;
  const found = [...products].flatMap((product) => {
    const { row } = product;
    if (row.archived) return [];
    if (filter.brand !== undefined && row.brand !== filter.brand) return [];
    if (filter.rating !== undefined && row.rating !== filter.rating) return [];
    if (filter.gender !== undefined && !row.genders.includes(filter.gender)) return [];
    if (filter.category !== undefined && !row.categories.includes(filter.category)) return [];
    if (filter.priceMinCents !== undefined && row.priceCents < filter.priceMinCents) return [];
    if (filter.priceMaxCents !== undefined && row.priceCents > filter.priceMaxCents) return [];
    const onSale = row.compareAtPriceCents !== null && row.compareAtPriceCents > row.priceCents;
    if (filter.onSale && !onSale) return [];
    const chart = chartGenderOf(row.genders);
    // A model running half a size large (shift +1) fits the chart's 10 in its 9.5.
    const fitted = row.sizesInStock.map((key) => shiftedKey(key, row.sizeShift));
    const fits = (fit: SizeFit) =>
      fit.brand === row.brand && fit.chart === chart && fit.keys.some((key) => fitted.includes(key));
    if (filter.sizes && !filter.sizes.some(fits)) return [];
    if (!search) return [{ row, score: 0 }];
    if (search.groups.length === 0) return [];
    const weights = weightsOf(product);
    let score = 0;
    for (const group of search.groups) {
      const held = group.filter((alternative) => alternative.every((lexeme) => weights.has(lexeme)));
      if (held.length === 0) return [];
      if (held.some((alternative) => alternative.some((lexeme) => weights.get(lexeme)))) score += 1;
    }
    return [{ row, score }];
  });
  const name = (row: Model['row']) => row.name.toLowerCase();
  const byId = (a: Model['row'], b: Model['row']) => compareText(a.id, b.id);
  const starts = (row: Model['row']) => (search?.phrase && name(row).startsWith(search.phrase) ? 1 : 0);
  found.sort(({ row: a, score: scoreA }, { row: b, score: scoreB }) => {
    if (orderBy?.name)
      return compareNames(nameSortKey(name(a)), nameSortKey(name(b))) * orderBy.name || byId(a, b);
    if (orderBy?.price) return (a.priceCents - b.priceCents) * orderBy.price || byId(a, b);
    if (search) {
      return scoreB - scoreA || starts(b) - starts(a) || name(a).length - name(b).length || byId(a, b);
    }
    return compareText(b.releaseDate, a.releaseDate) || byId(a, b);
  });
  const cards: ProductSummary[] = found.slice(offset, offset + limit).map(({ row }) => toProductSummary(row));
  return { cards, total: found.length };
}

/** The engine read from scratch, as the listing reads a catalogue: batches of rows, then every order sorted. */
function loaded(r: Random, products: Iterable<Model>): ListingEngine {
  const engine = createListingEngine();
  const rows = [...products].filter((product) => !product.row.archived).map(rowOf);
  rows.sort((a, b) => compareText(a.id, b.id));
  for (let start = 0; start < rows.length; ) {
    const end = start + 1 + r.below(40);
    engine.apply(rows.slice(start, end));
    start = end;
  }
  if (r.chance(0.8)) engine.sortAll();
  return engine;
}

/** One sequence: about `steps` changes and lists, every list checked against the model. */
function runSequence(seed: number, steps: number, products = 12): void {
  const r = generator(seed);
  const model = new Map<string, Model>();
  const log: string[] = [];
  for (let i = 0; i < products; i += 1) {
    const product = newProduct(r);
    model.set(product.row.id, product);
  }
  let engine = loaded(r, model.values());
  const asked: ListingPage[] = [];
  const all = () => [...model.values()];
  const send = (changes: Model[]) => {
    for (const product of changes) model.set(product.row.id, product);
    engine.apply(changes.map(rowOf));
  };
  const check = (page: ListingPage, step: number) => {
    log.push(`list ${JSON.stringify(page)}`);
    const expected = modelPage(model.values(), page);
    const answer = engine.page(page);
    if (JSON.stringify(answer) !== JSON.stringify(expected)) {
      const replay = `LISTING_MODEL_SEED=${seed} LISTING_MODEL_SEQUENCES=1 LISTING_MODEL_PRODUCTS=${products}`;
      const recent = log.slice(-12).join('\n  ');
      expect(answer, `seed ${seed} (${replay}), step ${step}; last steps:\n  ${recent}`).toEqual(expected);
    }
  };
  for (let step = 0; step < steps; step += 1) {
    const op = r.below(100);
    if (op < 12) {
      const added = Array.from({ length: 1 + r.below(4) }, () => newProduct(r));
      log.push(`insert ${added.map((p) => `${p.row.id}${p.row.archived ? ' (archived)' : ''}`).join(', ')}`);
      send(added);
    } else if (op < 40 && model.size > 0) {
      // One change or a few in one batch, the same product twice at times (the later one wins).
      const batch = Array.from({ length: r.chance(0.7) ? 1 : 2 + r.below(3) }, () => r.pick(all()));
      const changes = batch.map((product) => changed(r, model.get(product.row.id) ?? product));
      log.push(`update ${changes.map((p) => JSON.stringify(p)).join(', ')}`);
      send(changes);
    } else if (op < 44 && model.size > 0) {
      const same = r.pick(all());
      log.push(`resend ${same.row.id} (unchanged)`);
      send([same]);
    } else if (op < 47 && model.size > 0) {
      // A size sells out or comes back: the product's row comes again with its sizes in stock.
      const product = r.pick(all());
      const sizesInStock = stockChanged(r, product.row.sizesInStock);
      log.push(`stock ${product.row.id}: ${sizesInStock.join(' ')}`);
      send([{ ...product, row: { ...product.row, sizesInStock } }]);
      // Nothing moved in an order: what the engine kept for sizes asked before (a few) must follow.
      for (const page of asked.filter((sized) => sized.filter.sizes).slice(-3)) check(page, step);
    } else if (op < 50 && model.size > 0) {
      const gone = r.pick(all());
      log.push(`delete ${gone.row.id}, read again`);
      model.delete(gone.row.id);
      engine = loaded(r, model.values());
    } else if (op < 52) {
      log.push('read again (too many dead slots)');
      engine = loaded(r, model.values());
    } else {
      const page = asked.length > 0 && r.chance(0.3) ? r.pick(asked) : randomPage(r, all());
      if (asked.length < 20) asked.push(page);
      check(page, step);
      expect(engine.size).toBe([...model.values()].filter((product) => !product.row.archived).length);
    }
  }
}

const FIRST_SEED = Number(process.env.LISTING_MODEL_SEED ?? 20_261_127);
const SEQUENCES = Number(process.env.LISTING_MODEL_SEQUENCES ?? 300);
const PRODUCTS = Number(process.env.LISTING_MODEL_PRODUCTS ?? 12);

describe('the listing engine against a plain model of its contract', () => {
  it(`answers every list of ${SEQUENCES} random sequences of changes and lists as the model does`, () => {
    for (let i = 0; i < SEQUENCES; i += 1) runSequence(FIRST_SEED + i, 150, PRODUCTS);
  }, 120_000);

  it('does so past its first capacity and with ranges wider than its blocks (a few thousand products)', () => {
    // Many products: a price range or a name prefix spans several blocks of an order (256 places at
    // least), and the engine grows past the 1,024 slots it starts with.
    for (let i = 0; i < 3; i += 1) runSequence(FIRST_SEED + 1_000_000 + i, 120, 1_500);
  });
});
