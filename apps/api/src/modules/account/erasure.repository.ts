import type { PrivacySettings } from '@shop/contracts';
import { and, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { erasure, privacySettings } from '../../db/schema/account';

export type ErasureRow = typeof erasure.$inferSelect;

/** The owner's privacy settings; a fresh shop's defaults until the owner saves them. */
export async function findPrivacySettings(db: DbOrTx): Promise<PrivacySettings> {
  const [row] = await db
    .select({
      erasureHoldDays: privacySettings.erasureHoldDays,
      unverifiedAccountDays: privacySettings.unverifiedAccountDays,
      recoveryRecordDays: privacySettings.recoveryRecordDays,
    })
    .from(privacySettings)
    .limit(1);
  return row ?? { erasureHoldDays: 0, unverifiedAccountDays: 30, recoveryRecordDays: 90 };
}

export async function savePrivacySettings(db: DbOrTx, settings: Partial<PrivacySettings>): Promise<void> {
  await db
    .insert(privacySettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: privacySettings.id, set: { ...settings, updatedAt: sql`now()` } });
}

/** Records (or renews) a held erasure: when it may happen at the earliest, and why it waits. */
export async function holdErasure(
  db: DbOrTx,
  held: { userId: string; requestedBy: string | null; heldUntil: Date | null; reason: string },
): Promise<void> {
  await db
    .insert(erasure)
    .values(held)
    .onConflictDoUpdate({
      target: erasure.userId,
      set: { heldUntil: held.heldUntil, reason: held.reason },
      where: isNull(erasure.erasedAt),
    });
}

/** Marks the person's erasure done (recording it if it was never held) and answers its number. */
export async function markErased(db: DbOrTx, userId: string, requestedBy: string | null): Promise<number> {
  const [row] = await db
    .insert(erasure)
    .values({ userId, requestedBy, erasedAt: sql`now()` })
    .onConflictDoUpdate({ target: erasure.userId, set: { erasedAt: sql`now()`, heldUntil: null } })
    .returning({ number: erasure.number });
  if (!row) throw new Error(`No erasure recorded for ${userId}`);
  return row.number;
}

/** Held erasures whose earliest instant has come (or that only open work held): the job looks at them again. */
export async function findDueHeldErasures(db: DbOrTx, limit: number): Promise<ErasureRow[]> {
  return db
    .select()
    .from(erasure)
    .where(and(isNull(erasure.erasedAt), or(isNull(erasure.heldUntil), lte(erasure.heldUntil, sql`now()`))))
    .orderBy(erasure.number)
    .limit(limit);
}
