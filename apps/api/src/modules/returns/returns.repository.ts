import type { ReturnReason, ReturnRefundTo, ReturnState } from '@shop/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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

/** The returns whose size exchange made these replacement orders. */
export function findReturnsExchangedBy(db: DbOrTx, exchangeOrderIds: string[]): Promise<ReturnRow[]> {
  if (exchangeOrderIds.length === 0) return Promise.resolve([]);
  return db.select().from(orderReturn).where(inArray(orderReturn.exchangeOrderId, exchangeOrderIds));
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

/** Counted returns opened in [from, to). */
const countedIn = (from: Date, to: Date) =>
  and(COUNTED, gte(orderReturn.createdAt, from), lt(orderReturn.createdAt, to));

/** A line sent back for its size: returned as too small or too large, or exchanged for another size. */
const FOR_SIZE = or(
  inArray(returnLine.reason, ['too_small', 'too_large']),
  eq(returnLine.resolution, 'exchange'),
);

/**
 * Returns opened in [from, to) that count, per reason, counted per line: the returns with a line of that
 * reason, those lines and their units.
 */
export async function countReturnsPerReason(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ reason: string; returns: number; lines: number; units: number }[]> {
  return db
    .select({
      reason: returnLine.reason,
      returns: sql<number>`count(DISTINCT ${returnLine.returnId})`.mapWith(Number),
      lines: sql<number>`count(*)`.mapWith(Number),
      units: sql<number>`sum(${returnLine.count})`.mapWith(Number),
    })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(countedIn(from, to))
    .groupBy(returnLine.reason)
    .orderBy(desc(sql`count(*)`), asc(returnLine.reason));
}

/** Returns opened in [from, to) that count, and the units they hold. */
export async function countReturns(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ returns: number; units: number }> {
  const [row] = await db
    .select({
      returns: sql<number>`count(DISTINCT ${orderReturn.id})`.mapWith(Number),
      units: sql<number>`coalesce(sum(${returnLine.count}), 0)`.mapWith(Number),
    })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(countedIn(from, to));
  return row ?? { returns: 0, units: 0 };
}

/** The units of refund lines in returns received, of returns opened since `from`, by order and line. */
export async function findRefundedLines(
  db: DbOrTx,
  from: Date,
): Promise<{ orderId: string; position: number; count: number }[]> {
  return db
    .select({ orderId: orderReturn.orderId, position: returnLine.position, count: returnLine.count })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(
      and(
        eq(orderReturn.state, 'received'),
        eq(returnLine.resolution, 'refund'),
        gte(orderReturn.createdAt, from),
      ),
    );
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
    .where(countedIn(from, to))
    .groupBy(returnLine.productId)
    .orderBy(desc(units), asc(returnLine.productId))
    .limit(limit);
}

/**
 * The lines sent back for size in returns opened in [from, to) that count: returned as too small or too
 * large, or exchanged for another size; their units summed per product, size, reason and new size.
 */
export async function findSizeReturnLines(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<
  { productId: string; size: number; reason: string; exchangeSize: number | null; units: number }[]
> {
  return db
    .select({
      productId: returnLine.productId,
      size: returnLine.size,
      reason: returnLine.reason,
      exchangeSize: returnLine.exchangeSize,
      units: sql<number>`sum(${returnLine.count})`.mapWith(Number),
    })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(and(countedIn(from, to), FOR_SIZE))
    .groupBy(returnLine.productId, returnLine.size, returnLine.reason, returnLine.exchangeSize);
}

export type ReturnWithLines = ReturnRow & { lines: ReturnLineRow[] };

export async function findReturn(db: DbOrTx, id: string): Promise<ReturnWithLines | undefined> {
  const [row] = await db.select().from(orderReturn).where(eq(orderReturn.id, id));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** A return and its lines, its row locked until the transaction ends. */
export async function lockReturn(db: DbOrTx, id: string): Promise<ReturnWithLines | undefined> {
  const [row] = await db.select().from(orderReturn).where(eq(orderReturn.id, id)).for('update');
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** The order's returns that still count (not rejected or cancelled), with their lines. */
export async function findCountingReturns(db: DbOrTx, orderId: string): Promise<ReturnWithLines[]> {
  const rows = await db
    .select()
    .from(orderReturn)
    .where(
      and(
        eq(orderReturn.orderId, orderId),
        inArray(orderReturn.state, ['requested', 'approved', 'received']),
      ),
    );
  return withLines(db, rows);
}

export interface NewReturn {
  orderId: string;
  userId: string;
  reason: ReturnReason;
  refundTo: ReturnRefundTo;
  comment: string;
  lines: Omit<ReturnLineRow, 'returnId' | 'restocked'>[];
}

export async function insertReturn(db: DbOrTx, input: NewReturn): Promise<ReturnWithLines> {
  const [row] = await db
    .insert(orderReturn)
    .values({
      orderId: input.orderId,
      userId: input.userId,
      reason: input.reason,
      refundTo: input.refundTo,
      comment: input.comment,
    })
    .returning();
  if (!row) throw new Error('The return was not created');
  const lines = await db
    .insert(returnLine)
    .values(input.lines.map((line) => ({ ...line, returnId: row.id })))
    .returning();
  return { ...row, lines: lines.sort((a, b) => a.position - b.position) };
}

/**
 * Moves a return from one of the states `from` to `to`, once: undefined when it was in none of them
 * (another request moved it first).
 */
export async function moveReturn(
  db: DbOrTx,
  id: string,
  from: ReturnState[],
  to: 'approved' | 'rejected' | 'cancelled',
  decision: { by?: string; message?: string } = {},
): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(orderReturn)
    .set({
      state: to,
      ...(decision.by ? { decidedBy: decision.by, decidedAt: sql`now()` } : {}),
      ...(decision.message !== undefined ? { staffMessage: decision.message } : {}),
    })
    .where(and(eq(orderReturn.id, id), inArray(orderReturn.state, from)))
    .returning();
  return row;
}

/**
 * Claims an approved return's receipt for `seconds`: true for one caller at a time. A claim left by a
 * crashed attempt runs out; the provider's idempotency key keeps its retry from refunding twice.
 */
export async function claimReceipt(db: DbOrTx, id: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(orderReturn)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(orderReturn.id, id),
        eq(orderReturn.state, 'approved'),
        or(isNull(orderReturn.claimedUntil), lt(orderReturn.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ id: orderReturn.id });
  return rows.length === 1;
}

export async function releaseReceipt(db: DbOrTx, id: string): Promise<void> {
  await db.update(orderReturn).set({ claimedUntil: null }).where(eq(orderReturn.id, id));
}

/** approved → received, once, with the exchange's order; false when it had moved. */
export async function markReceived(
  db: DbOrTx,
  id: string,
  receipt: { by: string; exchangeOrderId: string | null; refundedTaxCents: number },
): Promise<boolean> {
  const rows = await db
    .update(orderReturn)
    .set({
      state: 'received',
      receivedAt: sql`now()`,
      decidedBy: receipt.by,
      exchangeOrderId: receipt.exchangeOrderId,
      refundedTaxCents: receipt.refundedTaxCents,
      claimedUntil: null,
    })
    .where(and(eq(orderReturn.id, id), eq(orderReturn.state, 'approved')))
    .returning({ id: orderReturn.id });
  return rows.length === 1;
}

/** Records whether each received line's units went back on sale. */
export async function setRestocked(db: DbOrTx, id: string, position: number, restocked: boolean) {
  await db
    .update(returnLine)
    .set({ restocked })
    .where(and(eq(returnLine.returnId, id), eq(returnLine.position, position)));
}

/** Returns newest first (in one state or all), a page at a time, with their lines. */
export async function listReturns(
  db: DbOrTx,
  query: { state?: ReturnState; limit: number; offset: number },
): Promise<ReturnWithLines[]> {
  const rows = await db
    .select()
    .from(orderReturn)
    .where(query.state ? eq(orderReturn.state, query.state) : undefined)
    .orderBy(desc(orderReturn.createdAt), desc(orderReturn.id))
    .limit(query.limit)
    .offset(query.offset);
  return withLines(db, rows);
}

/** Units of these orders' lines sent back for their size in returns that count, per order and line. */
export async function findUnitsSentBackForSize(
  db: DbOrTx,
  orderIds: string[],
): Promise<{ orderId: string; position: number; units: number }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderReturn.orderId,
      position: returnLine.position,
      units: sql<number>`sum(${returnLine.count})`.mapWith(Number),
    })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(and(COUNTED, inArray(orderReturn.orderId, orderIds), FOR_SIZE))
    .groupBy(orderReturn.orderId, returnLine.position);
}

/** Pairs of a product exchanged for another size in returns that count: units per size and new size. */
export async function findExchangesOfProduct(
  db: DbOrTx,
  productId: string,
): Promise<{ size: number; exchangeSize: number; units: number }[]> {
  const rows = await db
    .select({
      size: returnLine.size,
      exchangeSize: returnLine.exchangeSize,
      units: sql<number>`sum(${returnLine.count})`.mapWith(Number),
    })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(and(COUNTED, eq(returnLine.productId, productId), eq(returnLine.resolution, 'exchange')))
    .groupBy(returnLine.size, returnLine.exchangeSize);
  return rows.flatMap(({ size, exchangeSize, units }) =>
    exchangeSize === null ? [] : [{ size, exchangeSize, units }],
  );
}

/** A buyer's returns still in progress (requested or approved, not yet received), and the newest one's number. */
export async function findReturnsInProgressOf(
  db: DbOrTx,
  userId: string,
): Promise<{ count: number; number: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, number: sql<number | null>`max(${orderReturn.number})` })
    .from(orderReturn)
    .where(and(eq(orderReturn.userId, userId), inArray(orderReturn.state, ['requested', 'approved'])));
  return { count: row?.count ?? 0, number: row?.number ?? null };
}

/**
 * Erases a buyer's words from their returns, which stay as what refunds and credit notes were for: their
 * comment and staff's message to them are emptied. Answers the words, for the scrub of copies elsewhere.
 */
export async function eraseReturnWords(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ comment: orderReturn.comment, staffMessage: orderReturn.staffMessage })
    .from(orderReturn)
    .where(eq(orderReturn.userId, userId));
  await db.update(orderReturn).set({ comment: '', staffMessage: '' }).where(eq(orderReturn.userId, userId));
  return rows.flatMap(({ comment, staffMessage }) => [comment, staffMessage]);
}
