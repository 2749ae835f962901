/**
 * Decision 13's addendum: the hand-written ListingIndex against a ListingEngine built on maintained
 * libraries (listing-alternative.ts: MiniSearch + TypedFastBitSet), in one process, with no server and no
 * database: N generated products (generate.ts) as the rows findListingRows returns, each engine loaded in
 * turn, then the bench's uncached mix of lists (mix.ts: filtered, sorted, searched, combined, sized) and the same
 * lists interleaved with changes (a changed row every CHANGE_EVERY lists). Every page of the alternative is
 * compared with ListingIndex's (ids and total).
 *
 * The rows' lexemes are the words of the product's search text (name, brand, colour, categories, genders,
 * collection weighted A; the description B), lower-cased but not stemmed (stemming is PostgreSQL's); a
 * searched word unknown to the catalogue gets the catalogue's words one edit away as alternatives, as the
 * service's corrections do. A size ("In my size") becomes the keys that fit each brand, chart and shift
 * through the charts a fresh shop starts with, as the service resolves it. Both engines get the same rows
 * and the same searches.
 *
 *   npm run bench:engines --workspace @shop/api
 *   BENCH_ENGINE_SIZES=10000 BENCH_ENGINE_LISTS=500 npm run bench:engines --workspace @shop/api
 */
import { type Brand, type ChartGender, PAGE_SIZE, type SizeSystem, toCents } from '@shop/contracts';
import type { NewProduct } from '../src/modules/catalog';
import type { ListingRow } from '../src/modules/catalog/catalog.repository';
import type {
  ListingEngine,
  ListingFilter,
  ListingPage,
  ListingSearch,
} from '../src/modules/catalog/listing-engine';
import { ListingIndex } from '../src/modules/catalog/listing-index';
import { editDistance } from '../src/modules/catalog/search-words';
import { sizeFitsIn } from '../src/modules/catalog/size-fits';
import { SEED_SIZE_CHARTS } from '../src/modules/sizes/seed-charts';
import { generateBenchProducts } from './generate';
import { ListingAlternative } from './listing-alternative';
import { FilterCounts, type MixName, mixPaths } from './mix';

const SIZES = (process.env.BENCH_ENGINE_SIZES ?? '10000,100000').split(',').map(Number);
/** Lists timed per scenario (and interleaved with changes). */
const LISTS = Number(process.env.BENCH_ENGINE_LISTS ?? 2000);
const CHANGE_EVERY = 50;
const SCENARIOS: MixName[] = ['filtered', 'sorted', 'searched', 'combined', 'sized'];
/**
 * The engines, each loaded in turn; the last ranks searches by MiniSearch's own score (only the search
 * scenarios: its filters and sorts are the alternative's), to count the pages that rank would change.
 */
const ENGINES: { name: string; make: () => ListingEngine; only?: MixName[] }[] = [
  { name: 'ListingIndex', make: () => new ListingIndex() },
  { name: 'MiniSearch+TypedFastBitSet', make: () => new ListingAlternative() },
  {
    name: "MiniSearch's own rank",
    make: () => new ListingAlternative('minisearch'),
    only: ['searched', 'combined'],
  },
];

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2 && word.length <= 40);

/** A generated product as findListingRows returns it (its `search_vector` as text, see the header). */
function listingRow(item: NewProduct, index: number): ListingRow {
  const terms = [item.name, item.brand, item.color, ...item.categories, ...item.genders, item.collection];
  const weightA = new Set(words(terms.join(' ')));
  const weightB = new Set(words(item.description.replace(/<[^>]*>/g, ' ')).filter((w) => !weightA.has(w)));
  const lexemes = [
    ...[...weightA].map((word, i) => `'${word}':${i + 1}A`),
    ...[...weightB].map((word, i) => `'${word}':${weightA.size + i + 1}B`),
  ].join(' ');
  return {
    id: `p${String(index).padStart(7, '0')}`,
    name: item.name,
    brand: item.brand,
    priceCents: item.priceCents,
    compareAtPriceCents: item.compareAtPriceCents ?? null,
    priceHistory: [],
    rating: item.rating ?? 0,
    genders: item.genders,
    categories: item.categories,
    releaseDate: item.releaseDate,
    cardPicture: item.cardPicture,
    archived: false,
    lexemes,
    sizeShift: item.sizeShift ?? 0,
    sizesInStock: Object.entries(item.stock)
      .filter(([, units]) => units > 0)
      .map(([size]) => size)
      .sort((a, b) => Number(a) - Number(b)),
  };
}

/** The charts a fresh shop starts with, as the sizes module holds them. */
const seedCharts = {
  rows: (brand: Brand, gender: ChartGender) =>
    SEED_SIZE_CHARTS.find((chart) => chart.brand === brand && chart.gender === gender)?.rows ?? [],
};

/** A searched text as the service makes it a ListingSearch: each word, or its corrections when unknown. */
function searchOf(text: string, vocabulary: Set<string>, known: Map<string, string[]>): ListingSearch {
  const alternatives = words(text).map((word) => {
    let found = known.get(word);
    if (!found) {
      const close = vocabulary.has(word)
        ? []
        : [...vocabulary].filter((other) => editDistance(word, other, 1) <= 1).slice(0, 3);
      found = [word, ...close];
      known.set(word, found);
    }
    return found;
  });
  return {
    groups: alternatives.map((group) => group.map((word) => [word])),
    phrase: alternatives.map((group) => group[1] ?? group[0]).join(' '),
  };
}

/** A path of the mix (`/api/products?...`) as the page the catalogue service asks of the engine. */
function pageOf(path: string, vocabulary: Set<string>, known: Map<string, string[]>): ListingPage {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const number = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
  const dollars = (name: string) => {
    const value = number(name);
    return value === undefined ? undefined : toCents(value);
  };
  const search = query.get('search');
  const orderBy = query.get('orderBy');
  const size = query.get('size');
  const system = (query.get('sizeSystem') ?? 'US') as SizeSystem;
  return {
    filter: {
      category: (query.get('category') ?? undefined) as ListingFilter['category'],
      gender: (query.get('gender') ?? undefined) as ListingFilter['gender'],
      brand: (query.get('brand') ?? undefined) as ListingFilter['brand'],
      rating: number('rating'),
      priceMinCents: dollars('priceMin'),
      priceMaxCents: dollars('priceMax'),
      search: search === null ? undefined : searchOf(search, vocabulary, known),
      sizes: size === null ? undefined : sizeFitsIn(seedCharts, system, size),
    },
    orderBy: orderBy ? JSON.parse(orderBy) : undefined,
    limit: PAGE_SIZE,
    offset: ((number('page') ?? 1) - 1) * PAGE_SIZE,
  };
}

interface Workload {
  rows: ListingRow[];
  lists: Map<MixName, ListingPage[]>;
  /** The interleaved run: lists of every scenario in turn, and the changed rows applied between them. */
  mixed: ListingPage[];
  changes: ListingRow[];
}

function workload(size: number): Workload {
  const items = generateBenchProducts(size);
  const rows = items.map(listingRow);
  const vocabulary = new Set(
    rows.flatMap((row) => [...row.lexemes.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '')),
  );
  const known = new Map<string, string[]>();
  const catalogue = {
    items,
    products: size,
    ids: rows.map((row) => row.id),
    counts: new FilterCounts(items),
    countLimit: Number.POSITIVE_INFINITY,
  };
  const lists = new Map<MixName, ListingPage[]>();
  for (const name of SCENARIOS) {
    const next = mixPaths(name, catalogue, 7);
    lists.set(
      name,
      Array.from({ length: LISTS }, () => pageOf(next(), vocabulary, known)),
    );
  }
  const mixed = Array.from({ length: LISTS }, (_, i) => {
    const scenario = lists.get(SCENARIOS[i % SCENARIOS.length] as MixName) ?? [];
    return scenario[(i * 7) % scenario.length] as ListingPage;
  });
  // Every other change a new price (it moves the product in the price order: both engines sort again),
  // the others a new rating (a facet only).
  const changes = Array.from({ length: Math.ceil(LISTS / CHANGE_EVERY) }, (_, i) => {
    const row = rows[(i * 7919) % rows.length] as ListingRow;
    return i % 2 === 0
      ? { ...row, priceCents: row.priceCents + 100 * (i + 1) }
      : { ...row, rating: (row.rating + 1) % 6 };
  });
  return { rows, lists, mixed, changes };
}

interface Timed {
  median: number;
  p99: number;
  /** Each page's ids and total, to compare the engines. */
  answers: string[];
}

function timeLists(engine: ListingEngine, pages: ListingPage[], changes: ListingRow[] = []): Timed {
  const micros: number[] = [];
  const answers: string[] = [];
  pages.forEach((page, i) => {
    if (changes.length > 0 && i > 0 && i % CHANGE_EVERY === 0) {
      engine.apply([changes[i / CHANGE_EVERY - 1] as ListingRow]);
    }
    const start = process.hrtime.bigint();
    const result = engine.page(page);
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
    answers.push(`${result.total}:${result.cards.map((card) => card._id).join(',')}`);
  });
  micros.sort((a, b) => a - b);
  const at = (share: number) => micros[Math.min(micros.length - 1, Math.floor(share * micros.length))] ?? 0;
  return { median: at(0.5), p99: at(0.99), answers };
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
/** The JavaScript heap and the typed arrays' buffers (outside the heap), after a full collection. */
const heapMb = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 2 ** 20;
};

interface EngineRun {
  loadMs: number;
  heapMb: number;
  scenarios: Map<string, Timed>;
}

function runEngine(make: () => ListingEngine, work: Workload, only?: MixName[]): EngineRun {
  const before = heapMb();
  const start = process.hrtime.bigint();
  const engine = make();
  engine.apply(work.rows);
  engine.sortAll();
  const loadMs = Number(process.hrtime.bigint() - start) / 1e6;
  const heap = heapMb() - before;
  const scenarios = new Map<string, Timed>();
  // A first pass unmeasured (the JIT, and each engine's places made as lists first need them), then timed.
  const names = only ?? SCENARIOS;
  for (const name of names) timeLists(engine, (work.lists.get(name) ?? []).slice(0, 200));
  for (const name of names) scenarios.set(name, timeLists(engine, work.lists.get(name) ?? []));
  if (!only) scenarios.set(`mixed + change/${CHANGE_EVERY}`, timeLists(engine, work.mixed, work.changes));
  return { loadMs, heapMb: heap, scenarios };
}

function differences(reference: Timed, other: Timed): number {
  return reference.answers.filter((answer, i) => answer !== other.answers[i]).length;
}

const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function main() {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with --expose-gc for the heap figures)');
  console.log(`lists per scenario: ${LISTS}; a changed row every ${CHANGE_EVERY} lists in the mixed run`);
  console.log(
    '| products | engine | load ms | heap + buffers MB | list | median µs | p99 µs | pages ≠ ListingIndex |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const size of SIZES) {
    const work = workload(size);
    let reference: EngineRun | undefined;
    for (const { name, make, only } of ENGINES) {
      const run = runEngine(make, work, only);
      reference ??= run;
      for (const [scenario, timed] of run.scenarios) {
        const base = reference.scenarios.get(scenario) as Timed;
        const differ = run === reference ? '-' : `${differences(base, timed)} of ${timed.answers.length}`;
        console.log(
          `| ${fixed(size)} | ${name} | ${fixed(run.loadMs)} | ${fixed(run.heapMb, 1)} | ${scenario} | ${fixed(timed.median, 1)} | ${fixed(timed.p99, 1)} | ${differ} |`,
        );
      }
    }
  }
}

main();
