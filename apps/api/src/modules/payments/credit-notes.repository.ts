import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { creditNote, creditNoteCounter } from '../../db/schema/payments';

export type CreditNoteRow = typeof creditNote.$inferSelect;
export type NewCreditNote = Omit<typeof creditNote.$inferInsert, 'id' | 'number' | 'createdAt'>;

/** The note of the refund with this key, if it has one. */
export async function findByKey(db: DbOrTx, key: string): Promise<CreditNoteRow | undefined> {
  const [row] = await db.select().from(creditNote).where(eq(creditNote.key, key));
  return row;
}

/**
 * Takes the next number and writes the note with it, in the refund's transaction: the counter row stays
 * locked until the transaction ends, so numbers follow one another, and a transaction rolled back gives its
 * number back.
 */
export async function insertNumbered(tx: Tx, note: NewCreditNote): Promise<CreditNoteRow> {
  const [counter] = await tx
    .insert(creditNoteCounter)
    .values({ id: true, last: 1 })
    .onConflictDoUpdate({ target: creditNoteCounter.id, set: { last: sql`${creditNoteCounter.last} + 1` } })
    .returning({ last: creditNoteCounter.last });
  if (!counter) throw new Error('The credit note counter gave no number');
  const [row] = await tx
    .insert(creditNote)
    .values({ ...note, number: counter.last })
    .returning();
  if (!row) throw new Error('The credit note was not written');
  return row;
}

/** An order's notes, oldest first. */
export function findForOrder(db: DbOrTx, orderId: string): Promise<CreditNoteRow[]> {
  return db.select().from(creditNote).where(eq(creditNote.orderId, orderId)).orderBy(asc(creditNote.number));
}

/** One note of an order, by its number. */
export async function findOne(
  db: DbOrTx,
  orderId: string,
  number: number,
): Promise<CreditNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(creditNote)
    .where(and(eq(creditNote.orderId, orderId), eq(creditNote.number, number)));
  return row;
}
