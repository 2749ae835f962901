import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { sizeAdvice } from '../../db/schema/sizes';

export type SizeAdviceRow = Omit<typeof sizeAdvice.$inferSelect, 'computedAt'>;

/** Rows written per statement (six parameters each). */
const ROWS_PER_INSERT = 1_000;

/**
 * Replaces every advice row with these, in the caller's transaction. The table is locked against another
 * refresh (readers still read the rows as they were until the commit), so two runs cannot interleave.
 */
export async function replaceAdvice(tx: Tx, rows: readonly SizeAdviceRow[]): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${sizeAdvice} IN SHARE ROW EXCLUSIVE MODE`);
  await tx.delete(sizeAdvice);
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await tx.insert(sizeAdvice).values(rows.slice(start, start + ROWS_PER_INSERT));
}

/** The advice rows about a product from any of these basis products. */
export async function findAdvice(
  db: DbOrTx,
  productId: string,
  basisProductIds: string[],
): Promise<SizeAdviceRow[]> {
  if (basisProductIds.length === 0) return [];
  return db
    .select({
      basisProductId: sizeAdvice.basisProductId,
      basisSize: sizeAdvice.basisSize,
      productId: sizeAdvice.productId,
      size: sizeAdvice.size,
      buyers: sizeAdvice.buyers,
    })
    .from(sizeAdvice)
    .where(and(eq(sizeAdvice.productId, productId), inArray(sizeAdvice.basisProductId, basisProductIds)));
}
