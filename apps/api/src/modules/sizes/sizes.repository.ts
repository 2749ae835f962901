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
