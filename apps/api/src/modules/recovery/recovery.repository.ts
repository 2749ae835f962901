import type { RecoverySettings } from '@shop/contracts';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkoutRecovery, type RecoveryLine, recoverySettings } from '../../db/schema/recovery';

export type RecoveryRow = typeof checkoutRecovery.$inferSelect;
type RecoveryChange = Partial<Omit<typeof checkoutRecovery.$inferInsert, 'id' | 'userId'>>;

/** The person's open checkout (not yet bought nor replaced), locked until the transaction ends. */
export async function lockOpenOf(db: DbOrTx, userId: string): Promise<RecoveryRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutRecovery)
    .where(and(eq(checkoutRecovery.userId, userId), isNull(checkoutRecovery.closedAt)))
    .for('update');
  return row;
}

/** One checkout, locked until the transaction ends. */
export async function lockRecovery(db: DbOrTx, id: string): Promise<RecoveryRow | undefined> {
  const [row] = await db.select().from(checkoutRecovery).where(eq(checkoutRecovery.id, id)).for('update');
  return row;
}

export async function insertRecovery(
  db: DbOrTx,
  row: {
    userId: string;
    orderId: string;
    lines: RecoveryLine[];
    valueCents: number;
    currency: string;
  } & RecoveryChange,
): Promise<RecoveryRow> {
  const [inserted] = await db.insert(checkoutRecovery).values(row).returning();
  if (!inserted) throw new Error('checkout_recovery insert returned nothing');
  return inserted;
}

export async function updateRecovery(db: DbOrTx, id: string, change: RecoveryChange): Promise<void> {
  await db.update(checkoutRecovery).set(change).where(eq(checkoutRecovery.id, id));
}

/** A page of checkouts, newest first, and how many there are. */
export async function findPage(
  db: DbOrTx,
  offset: number,
  limit: number,
): Promise<{ rows: RecoveryRow[]; total: number }> {
  const rows = await db
    .select()
    .from(checkoutRecovery)
    .orderBy(desc(checkoutRecovery.startedAt), desc(checkoutRecovery.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(checkoutRecovery);
  return { rows, total: counted?.total ?? 0 };
}

/** The figures of every kept checkout: reminders sent, orders bought after one and their value (cents). */
export async function findFigures(db: DbOrTx) {
  const [row] = await db
    .select({
      checkouts: count(),
      emailsSent: sql<number>`coalesce(sum(${checkoutRecovery.emailsSent}), 0)::int`,
      recoveredOrders: sql<number>`count(*) FILTER (WHERE ${checkoutRecovery.state} = 'recovered')::int`,
      recoveredCents: sql<number>`coalesce(sum(${checkoutRecovery.recoveredCents}) FILTER (WHERE ${checkoutRecovery.state} = 'recovered'), 0)::int`,
    })
    .from(checkoutRecovery);
  return row ?? { checkouts: 0, emailsSent: 0, recoveredOrders: 0, recoveredCents: 0 };
}

/** The person's checkouts go (their erasure). */
export async function deleteOf(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(checkoutRecovery)
    .where(eq(checkoutRecovery.userId, userId))
    .returning({ id: checkoutRecovery.id });
  return rows.length;
}

/** Checkouts started before `before` go (retention). */
export async function deleteStartedBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(checkoutRecovery)
    .where(lt(checkoutRecovery.startedAt, before))
    .returning({ id: checkoutRecovery.id });
  return rows.length;
}

export async function findSettings(db: DbOrTx): Promise<RecoverySettings | undefined> {
  const [row] = await db
    .select({
      enabled: recoverySettings.enabled,
      delaysMinutes: recoverySettings.delaysMinutes,
      softOptIn: recoverySettings.softOptIn,
    })
    .from(recoverySettings)
    .where(eq(recoverySettings.id, 1));
  return row;
}

/** The settings row, locked (made with the defaults first if the shop has none yet). */
export async function lockSettings(db: DbOrTx): Promise<RecoverySettings> {
  await db.insert(recoverySettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db
    .select({
      enabled: recoverySettings.enabled,
      delaysMinutes: recoverySettings.delaysMinutes,
      softOptIn: recoverySettings.softOptIn,
    })
    .from(recoverySettings)
    .where(eq(recoverySettings.id, 1))
    .for('update');
  if (!row) throw new Error('recovery_settings row missing');
  return row;
}

export async function saveSettings(db: DbOrTx, settings: RecoverySettings): Promise<void> {
  await db
    .update(recoverySettings)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(recoverySettings.id, 1));
}
