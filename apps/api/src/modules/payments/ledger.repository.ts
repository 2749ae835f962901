import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentEntry, paymentEvent, refundClaim } from '../../db/schema/payments';

export type PaymentEntryRow = typeof paymentEntry.$inferSelect;
export type NewPaymentEntry = Omit<typeof paymentEntry.$inferInsert, 'id' | 'createdAt'>;

/** Adds entries, each once: an entry whose key is recorded already is left as it is. */
export async function insertEntries(db: DbOrTx, entries: NewPaymentEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(paymentEntry).values(entries).onConflictDoNothing({ target: paymentEntry.key });
}

/** The entries of these orders, each order's oldest first. */
export async function findEntries(db: DbOrTx, orderIds: string[]): Promise<PaymentEntryRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(paymentEntry)
    .where(inArray(paymentEntry.orderId, orderIds))
    .orderBy(asc(paymentEntry.orderId), asc(paymentEntry.createdAt), asc(paymentEntry.id));
}

/** What came back of each of these returns (refunds and give-backs), by return. */
export async function sumReturned(
  db: DbOrTx,
  returnIds: string[],
): Promise<{ returnId: string; tender: string; cents: number }[]> {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({
      returnId: paymentEntry.returnId,
      tender: paymentEntry.tender,
      cents: sql<number>`sum(${paymentEntry.amountCents})`.mapWith(Number),
    })
    .from(paymentEntry)
    .where(
      and(inArray(paymentEntry.returnId, returnIds), inArray(paymentEntry.kind, ['refund', 'credit_back'])),
    )
    .groupBy(paymentEntry.returnId, paymentEntry.tender);
  return rows.flatMap((row) => (row.returnId ? [{ ...row, returnId: row.returnId }] : []));
}

/** The refunds and give-backs made since `from`, summed per order. */
export async function sumRefundsMadeSince(db: DbOrTx, from: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({
      orderId: paymentEntry.orderId,
      cents: sql<number>`sum(${paymentEntry.amountCents})`.mapWith(Number),
    })
    .from(paymentEntry)
    .where(and(sql`${paymentEntry.kind} IN ('refund', 'credit_back')`, gte(paymentEntry.createdAt, from)))
    .groupBy(paymentEntry.orderId);
  return new Map(rows.map((row) => [row.orderId, row.cents]));
}

/** The refunds and give-backs made in [from, to), summed per order and per return (null: a whole-order refund). */
export function sumRefundsMadeIn(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ orderId: string; returnId: string | null; cents: number }[]> {
  return db
    .select({
      orderId: paymentEntry.orderId,
      returnId: paymentEntry.returnId,
      cents: sql<number>`sum(${paymentEntry.amountCents})`.mapWith(Number),
    })
    .from(paymentEntry)
    .where(
      and(
        sql`${paymentEntry.kind} IN ('refund', 'credit_back')`,
        gte(paymentEntry.createdAt, from),
        lt(paymentEntry.createdAt, to),
      ),
    )
    .groupBy(paymentEntry.orderId, paymentEntry.returnId)
    .orderBy(paymentEntry.orderId, paymentEntry.returnId);
}

/**
 * Claims the right to refund an order for `seconds`: true for one caller at a time. A claim left by a
 * crashed attempt runs out, and the provider's idempotency key keeps the retry from refunding twice.
 */
export async function claimRefund(db: DbOrTx, orderId: string, seconds: number): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const rows = await db
    .insert(refundClaim)
    .values({ orderId, claimedUntil: until })
    .onConflictDoUpdate({
      target: refundClaim.orderId,
      set: { claimedUntil: until },
      setWhere: lt(refundClaim.claimedUntil, sql`now()`),
    })
    .returning({ orderId: refundClaim.orderId });
  return rows.length === 1;
}

export async function releaseRefund(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(refundClaim).where(eq(refundClaim.orderId, orderId));
}

/** Records a provider event; false when it was seen before (a replay or a duplicate delivery). */
export async function recordEvent(
  db: DbOrTx,
  event: { provider: string; eventId: string; type: string; orderId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvent)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvent.eventId });
  return rows.length === 1;
}
