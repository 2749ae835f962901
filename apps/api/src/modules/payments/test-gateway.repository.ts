import { and, eq, isNull, sql } from 'drizzle-orm';
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

/** Records the refund of a paid test payment; false when it was not paid or is already refunded. */
export async function refundTestPayment(db: DbOrTx, reference: string): Promise<boolean> {
  const rows = await db
    .update(testPayment)
    .set({ refundedAt: sql`now()` })
    .where(
      and(
        eq(testPayment.reference, reference),
        eq(testPayment.status, 'paid'),
        isNull(testPayment.refundedAt),
      ),
    )
    .returning({ reference: testPayment.reference });
  return rows.length === 1;
}
