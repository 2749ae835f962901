import { BRANDS, type Brand, CHART_GENDERS, type ChartGender, type SizeChartRow } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { SEED_SIZE_CHARTS } from './seed-charts';
import * as repository from './sizes.repository';

/** Every chart in use, by brand and gender: what lists and product pages convert sizes with. */
export interface ChartBook {
  rows(brand: Brand, gender: ChartGender): readonly SizeChartRow[];
}

/**
 * A chart book is read again once it is this old: a chart changed through another instance is in every
 * instance's lists and pages within it (the instance that changed it forgets its book at once).
 */
export const CHART_BOOK_MAX_AGE_MS = 3_000;

const place = (brand: Brand, gender: ChartGender) => `${brand}/${gender}`;

function bookOf(kept: readonly repository.SizeChartRecord[]): ChartBook {
  const charts = new Map<string, readonly SizeChartRow[]>();
  for (const seed of SEED_SIZE_CHARTS) charts.set(place(seed.brand, seed.gender), seed.rows);
  for (const chart of kept) charts.set(place(chart.brand, chart.gender), chart.rows);
  for (const brand of BRANDS)
    for (const gender of CHART_GENDERS)
      if (!charts.has(place(brand, gender))) throw new Error(`No size chart for ${brand} ${gender}`);
  return { rows: (brand, gender) => charts.get(place(brand, gender)) ?? [] };
}

interface Held {
  book?: ChartBook;
  readAt: number;
  reading?: Promise<ChartBook>;
}

const held = new WeakMap<DbOrTx, Held>();

/**
 * The database's charts, held in memory: one read of the few kept charts at most every
 * CHART_BOOK_MAX_AGE_MS, shared by the lists and pages asking meanwhile (no read per request).
 */
export async function chartBook(db: DbOrTx): Promise<ChartBook> {
  let entry = held.get(db);
  if (!entry) {
    entry = { readAt: 0 };
    held.set(db, entry);
  }
  if (entry.book && Date.now() - entry.readAt < CHART_BOOK_MAX_AGE_MS) return entry.book;
  entry.reading ??= read(db, entry);
  return entry.reading;
}

function read(db: DbOrTx, entry: Held): Promise<ChartBook> {
  const started = Date.now();
  return repository
    .findCharts(db)
    .then((kept) => {
      entry.book = bookOf(kept);
      entry.readAt = started;
      return entry.book;
    })
    .finally(() => {
      entry.reading = undefined;
    });
}

/** Forgets the database's charts (a chart changed here): the next ask reads them again. */
export function forgetChartBook(db: DbOrTx): void {
  held.delete(db);
}
