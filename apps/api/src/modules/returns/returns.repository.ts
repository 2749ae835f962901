import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
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

/** Returns that count in the figures: open or received (not rejected or cancelled). */
const COUNTED = sql`${orderReturn.state} IN ('requested', 'approved', 'received')`;

/** Returns opened in [from, to) that count, per reason: how many, and how many units they hold. */
export async function countReturnsPerReason(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ reason: string; returns: number; units: number }[]> {
  const units = db
    .select({ returnId: returnLine.returnId, units: sql<number>`sum(${returnLine.count})`.as('units') })
    .from(returnLine)
    .groupBy(returnLine.returnId)
    .as('units');
  return db
    .select({
      reason: orderReturn.reason,
      returns: sql<number>`count(*)`.mapWith(Number),
      units: sql<number>`sum(${units.units})`.mapWith(Number),
    })
    .from(orderReturn)
    .innerJoin(units, eq(units.returnId, orderReturn.id))
    .where(and(COUNTED, gte(orderReturn.createdAt, from), lt(orderReturn.createdAt, to)))
    .groupBy(orderReturn.reason)
    .orderBy(desc(sql`count(*)`), asc(orderReturn.reason));
}

/** Units in returns opened in [from, to) that count, per product, most returned first. */
export async function countReturnedUnitsPerProduct(
  db: DbOrTx,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ productId: string; units: number }[]> {
  const units = sql<number>`sum(${returnLine.count})`.mapWith(Number);
  return db
    .select({ productId: returnLine.productId, units })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(and(COUNTED, gte(orderReturn.createdAt, from), lt(orderReturn.createdAt, to)))
    .groupBy(returnLine.productId)
    .orderBy(desc(units), asc(returnLine.productId))
    .limit(limit);
}
