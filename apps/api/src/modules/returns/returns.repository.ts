import { asc, desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderReturn, returnLine } from '../../db/schema/returns';

export type ReturnRow = typeof orderReturn.$inferSelect;
export type ReturnLineRow = typeof returnLine.$inferSelect;

/** The returns of these orders, newest first, each with its lines. */
export async function findReturnsOfOrders(
  db: DbOrTx,
  orderIds: string[],
): Promise<(ReturnRow & { lines: ReturnLineRow[] })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(orderReturn)
    .where(inArray(orderReturn.orderId, orderIds))
    .orderBy(desc(orderReturn.createdAt));
  return withLines(db, rows);
}

/** The rows with their lines, in the order's line order. */
export async function withLines(
  db: DbOrTx,
  rows: ReturnRow[],
): Promise<(ReturnRow & { lines: ReturnLineRow[] })[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(returnLine)
    .where(
      inArray(
        returnLine.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(returnLine.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.returnId === row.id) }));
}
