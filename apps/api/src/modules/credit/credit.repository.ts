import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditAccount, creditEntry } from '../../db/schema/credit';

export type CreditEntryRow = typeof creditEntry.$inferSelect;
export type NewCreditEntry = Omit<typeof creditEntry.$inferInsert, 'id' | 'balanceAfterCents' | 'createdAt'>;

export async function findBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: creditAccount.balanceCents })
    .from(creditAccount)
    .where(eq(creditAccount.userId, userId));
  return row?.cents ?? 0;
}

export async function findEntryByKey(db: DbOrTx, key: string): Promise<CreditEntryRow | undefined> {
  const [row] = await db.select().from(creditEntry).where(eq(creditEntry.key, key));
  return row;
}

/**
 * Adds an entry and moves the balance by its amount in one conditional update that never takes it below
 * zero: of two spends racing for the same cents, the second finds too little and adds nothing (undefined).
 * The account's row stays locked until the transaction ends, so entries of one account are made one at a
 * time and each records the balance it left.
 */
export async function addEntry(db: DbOrTx, entry: NewCreditEntry): Promise<CreditEntryRow | undefined> {
  // Spending needs a balance, so only money coming in may open the account.
  if (entry.amountCents > 0)
    await db.insert(creditAccount).values({ userId: entry.userId }).onConflictDoNothing();
  const [account] = await db
    .update(creditAccount)
    .set({
      balanceCents: sql`${creditAccount.balanceCents} + ${entry.amountCents}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(creditAccount.userId, entry.userId),
        sql`${creditAccount.balanceCents} + ${entry.amountCents} >= 0`,
      ),
    )
    .returning({ balanceCents: creditAccount.balanceCents });
  if (!account) return undefined;
  const [row] = await db
    .insert(creditEntry)
    .values({ ...entry, balanceAfterCents: account.balanceCents })
    .returning();
  return row;
}

/** The account's entries, newest first, one page. */
export function findEntries(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<CreditEntryRow[]> {
  return db
    .select()
    .from(creditEntry)
    .where(eq(creditEntry.userId, userId))
    .orderBy(desc(creditEntry.createdAt), desc(creditEntry.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countEntries(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creditEntry).where(eq(creditEntry.userId, userId));
  return row?.n ?? 0;
}

/** The sum of an account's entries: what the balance must always be. */
export async function sumEntries(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${creditEntry.amountCents}), 0)`.mapWith(Number) })
    .from(creditEntry)
    .where(eq(creditEntry.userId, userId));
  return row?.cents ?? 0;
}

/** The store credit an order spent (0 when none). */
export async function findSpent(db: DbOrTx, orderId: string): Promise<CreditEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(creditEntry)
    .where(and(eq(creditEntry.orderId, orderId), eq(creditEntry.kind, 'spend')));
  return row;
}
