import {
  BRANDS,
  type Brand,
  CHART_GENDERS,
  type ChartGender,
  keysForSize,
  type ShopperSize,
  SIZE_SYSTEMS,
  type SizeChart,
  type SizeChartBody,
  type SizeChartRow,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { CurrentUser } from '../../plugins/session';
import { forgetChartBook } from './chart-book';
import { SEED_SIZE_CHARTS } from './seed-charts';
import * as repository from './sizes.repository';

/** A product of a brand, sized on a chart, with the sizes it has in stock. */
export interface StockedProduct {
  productId: string;
  name: string;
  sizes: string[];
}

/** What the size charts need from the app. */
export interface SizeDeps {
  db: Db;
  /** Where chart changes are published (the audit trail listens). */
  events: DomainEvents;
  /** The brand's products sized on the chart, with their sizes in stock (the composition root asks the catalogue). */
  stockedSizes(db: DbOrTx, brand: Brand, gender: ChartGender): Promise<StockedProduct[]>;
}

/** A chart as the shop uses it: its rows, its source, and whether staff changed it. */
export interface Chart {
  rows: SizeChartRow[];
  source: string;
  edited: boolean;
}

/** The chart the shop came with for a brand and gender (every brand has both). */
function seedChart(brand: Brand, gender: ChartGender): Chart {
  const seed = SEED_SIZE_CHARTS.find((chart) => chart.brand === brand && chart.gender === gender);
  if (!seed) throw new Error(`No size chart for ${brand} ${gender}`);
  return { rows: seed.rows.map((row) => ({ ...row })), source: seed.source, edited: false };
}

/** The chart in use: staff's, or the one the shop came with. */
export async function chartFor(db: DbOrTx, brand: Brand, gender: ChartGender): Promise<Chart> {
  const kept = await repository.findChart(db, brand, gender);
  return kept ? { rows: kept.rows, source: kept.source, edited: true } : seedChart(brand, gender);
}

/** Products with a size in stock that the chart does not give: it cannot say what those sizes are. */
async function uncovered(deps: SizeDeps, brand: Brand, gender: ChartGender, rows: readonly SizeChartRow[]) {
  const keys = new Set(rows.map((row) => row.key));
  const products = await deps.stockedSizes(deps.db, brand, gender);
  return products
    .map((product) => ({ ...product, sizes: product.sizes.filter((size) => !keys.has(size)) }))
    .filter((product) => product.sizes.length > 0);
}

/**
 * `GET /api/size-charts?brand=&gender=`: the chart, and for staff who edit products the products whose
 * sizes in stock it does not cover.
 */
export async function getChart(
  deps: SizeDeps,
  brand: Brand,
  gender: ChartGender,
  { withWarnings }: { withWarnings: boolean },
): Promise<SizeChart> {
  const chart = await chartFor(deps.db, brand, gender);
  return {
    brand,
    gender,
    systems: [...SIZE_SYSTEMS],
    rows: chart.rows,
    source: chart.source,
    edited: chart.edited,
    ...(withWarnings ? { uncovered: await uncovered(deps, brand, gender, chart.rows) } : {}),
  };
}

/** `PUT /api/size-charts/:brand/:gender` (and its CSV): the chart is replaced, audited with what it was. */
export async function saveChart(
  deps: SizeDeps,
  actor: CurrentUser,
  brand: Brand,
  gender: ChartGender,
  body: SizeChartBody,
): Promise<SizeChart> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await chartFor(tx, brand, gender);
    await repository.saveChart(tx, { brand, gender, rows: body.rows, source: body.source });
    await publish({
      type: 'size-chart.updated',
      chartId: `${brand}/${gender}`,
      actorId: actor.id,
      before: { source: before.source, rows: before.rows },
      after: { source: body.source, rows: body.rows },
    });
  });
  forgetChartBook(deps.db);
  return getChart(deps, brand, gender, { withWarnings: true });
}

/**
 * `DELETE /api/size-charts/:brand/:gender`: staff's chart is dropped and the brand's published one (the
 * shop's seed) is in use again; audited as a change from staff's chart to it. A chart staff never changed
 * stays as it is (nothing to audit).
 */
export async function restoreChart(
  deps: SizeDeps,
  actor: CurrentUser,
  brand: Brand,
  gender: ChartGender,
): Promise<SizeChart> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await chartFor(tx, brand, gender);
    if (!(await repository.deleteChart(tx, brand, gender))) return;
    const after = seedChart(brand, gender);
    await publish({
      type: 'size-chart.updated',
      chartId: `${brand}/${gender}`,
      actorId: actor.id,
      before: { source: before.source, rows: before.rows },
      after: { source: after.source, rows: after.rows },
    });
  });
  forgetChartBook(deps.db);
  return getChart(deps, brand, gender, { withWarnings: true });
}

/**
 * Whether a shopper's size is one a chart gives: a brand's (men's or women's), or without a brand any
 * brand's. A profile refuses a size no chart knows (it could find no product).
 */
export async function sizeKnown(db: DbOrTx, size: ShopperSize, brand?: Brand): Promise<boolean> {
  for (const chartBrand of brand ? [brand] : BRANDS) {
    for (const gender of CHART_GENDERS) {
      const { rows } = await chartFor(db, chartBrand, gender);
      if (keysForSize(rows, size.system, size.value).length > 0) return true;
    }
  }
  return false;
}
