import type { Brand, ChartGender, SizeChartRow } from '@shop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sizeChart } from '../../db/schema/sizes';

export type SizeChartRecord = typeof sizeChart.$inferSelect;

/** The chart staff keep for a brand and gender, if they changed it. */
export async function findChart(
  db: DbOrTx,
  brand: Brand,
  gender: ChartGender,
): Promise<SizeChartRecord | undefined> {
  const [row] = await db
    .select()
    .from(sizeChart)
    .where(and(eq(sizeChart.brand, brand), eq(sizeChart.gender, gender)));
  return row;
}

/** Writes a brand and gender's chart (the first change, or another). */
export async function saveChart(
  db: DbOrTx,
  chart: { brand: Brand; gender: ChartGender; rows: SizeChartRow[]; source: string },
): Promise<void> {
  await db
    .insert(sizeChart)
    .values(chart)
    .onConflictDoUpdate({
      target: [sizeChart.brand, sizeChart.gender],
      set: { rows: chart.rows, source: chart.source, updatedAt: sql`now()` },
    });
}

/** Every chart staff keep (a handful: one per brand and gender at most). */
export function findCharts(db: DbOrTx): Promise<SizeChartRecord[]> {
  return db.select().from(sizeChart);
}

/** Drops staff's chart of a brand and gender; answers whether there was one. */
export async function deleteChart(db: DbOrTx, brand: Brand, gender: ChartGender): Promise<boolean> {
  const deleted = await db
    .delete(sizeChart)
    .where(and(eq(sizeChart.brand, brand), eq(sizeChart.gender, gender)))
    .returning({ brand: sizeChart.brand });
  return deleted.length > 0;
}
