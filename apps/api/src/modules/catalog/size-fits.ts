import {
  BRANDS,
  type Brand,
  CHART_GENDERS,
  type ChartGender,
  keysForSize,
  type SizeChartRow,
  type SizeSystem,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import type { SizeFit } from './catalog.repository';

/** Every brand's size charts, men's and women's, as the catalogue reads them. */
export interface SizeChartsHeld {
  rows(brand: Brand, gender: ChartGender): readonly SizeChartRow[];
}

/**
 * The database's size charts, held in memory by the sizes module (no read per list): the composition root
 * hands them to the catalogue, which does not import that module.
 */
export type SizeCharts = (db: DbOrTx) => Promise<SizeChartsHeld>;

/** "In my size" as a list asks for it: a size in a system. */
export interface SizeWanted {
  size?: string;
  sizeSystem: SizeSystem;
}

/** Sizes asked for whose fitting keys are kept, per set of charts (each set is kept a few seconds). */
const KEPT_SIZES = 500;
const kept = new WeakMap<SizeChartsHeld, Map<string, SizeFit[]>>();

/**
 * The keys that are the wanted size in every chart, as the filters take them (ProductFilter.sizes): for
 * each brand and chart (men's, women's), the keys its chart gives that size (keysForSize); the filters move
 * each product's keys by its shift to meet them, which is keysForSize with the product's shift. Charts
 * without the size are left out, so a size no chart knows is an empty list and finds nothing. Undefined
 * when no size is asked for.
 */
export async function sizeFitsOf(
  db: DbOrTx,
  charts: SizeCharts,
  { size, sizeSystem }: SizeWanted,
): Promise<SizeFit[] | undefined> {
  if (size === undefined) return undefined;
  const held = await charts(db);
  let fitsBySize = kept.get(held);
  if (!fitsBySize) {
    fitsBySize = new Map();
    kept.set(held, fitsBySize);
  }
  const wanted = `${sizeSystem} ${size}`;
  let fits = fitsBySize.get(wanted);
  if (!fits) {
    fits = sizeFitsIn(held, sizeSystem, size);
    if (fitsBySize.size >= KEPT_SIZES) fitsBySize.clear();
    fitsBySize.set(wanted, fits);
  }
  return fits;
}

/** The keys that are `size` in `system` in every brand's charts (charts without it left out). */
export function sizeFitsIn(held: SizeChartsHeld, system: SizeSystem, size: string): SizeFit[] {
  const fits: SizeFit[] = [];
  for (const brand of BRANDS) {
    for (const chart of CHART_GENDERS) {
      const keys = keysForSize(held.rows(brand, chart), system, size);
      if (keys.length > 0) fits.push({ brand, chart, keys });
    }
  }
  return fits;
}
