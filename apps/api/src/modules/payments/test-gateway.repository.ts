import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { testPayment } from '../../db/schema/payments';

export type TestPaymentRow = typeof testPayment.$inferSelect;
export type TestPaymentStatus = 'open' | 'paid' | 'cancelled' | 'expired';

export async function insertTestPayment(db: DbOrTx, row: typeof testPayment.$inferInsert): Promise<void> {
  await db.insert(testPayment).values(row);
}

export async function findTestPayment(db: DbOrTx, reference: string): Promise<TestPaymentRow | undefined> {
  const [row] = await db.select().from(testPayment).where(eq(testPayment.reference, reference));
  return row;
}

/** Moves an open test payment to `status`; false when it was not open any more. */
export async function closeTestPayment(
  db: DbOrTx,
  reference: string,
  status: Exclude<TestPaymentStatus, 'open'>,
) {
  const rows = await db
    .update(testPayment)
    .set({ status })
    .where(and(eq(testPayment.reference, reference), eq(testPayment.status, 'open')))
    .returning({ reference: testPayment.reference });
  return rows.length === 1;
}

/**
 * Records a refund of `amountCents` of a paid test payment under `key`, in one conditional update; false
 * when it was not paid, the key was used already, or more would be refunded than was paid.
 */
export async function refundTestPayment(
  db: DbOrTx,
  reference: string,
  amountCents: number,
  key: string,
): Promise<boolean> {
  const rows = await db
    .update(testPayment)
    .set({
      refundedAt: sql`now()`,
      refundedCents: sql`${testPayment.refundedCents} + ${amountCents}`,
      refundKeys: sql`array_append(${testPayment.refundKeys}, ${key})`,
    })
    .where(
      and(
        eq(testPayment.reference, reference),
        eq(testPayment.status, 'paid'),
        sql`NOT (${key} = ANY(${testPayment.refundKeys}))`,
        sql`${testPayment.refundedCents} + ${amountCents} <= ${testPayment.amountCents}`,
      ),
    )
    .returning({ reference: testPayment.reference });
  return rows.length === 1;
}

/** The test gateway forgets an erased buyer's e-mail on these orders' payments; the payments themselves stay. */
export async function eraseTestPaymentEmails(db: DbOrTx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(testPayment)
    .set({ email: 'erased@deleted.invalid' })
    .where(inArray(testPayment.orderId, orderIds));
}
