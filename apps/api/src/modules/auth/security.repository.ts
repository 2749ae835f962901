import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { account, passkey, twoFactor, verification } from '../../db/schema/auth';

/** The account a pending two-step sign-in belongs to, by the identifier its challenge cookie holds. */
export async function challengeUserId(db: DbOrTx, identifier: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, sql`now()`)));
  return row?.userId;
}

/** What the Security section shows of a member's factors. */
export async function factorsOf(db: DbOrTx, userId: string) {
  // The plugin keeps the user's twoFactorEnabled in step with this row: it is verified once the first code
  // was given, and deleted when the factor is removed.
  const [row] = await db
    .select({
      verified: twoFactor.verified,
      backupCodes: twoFactor.backupCodes,
      lockedUntil: twoFactor.lockedUntil,
    })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  const [passkeys] = await db.select({ n: count() }).from(passkey).where(eq(passkey.userId, userId));
  const [password] = await db
    .select({ n: count() })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  const totp = row?.verified === true;
  return {
    totp,
    recoveryCodesLeft: totp && row ? (JSON.parse(row.backupCodes) as unknown[]).length : 0,
    passkeys: passkeys?.n ?? 0,
    hasPassword: (password?.n ?? 0) > 0,
    lockedUntil: row?.lockedUntil ?? null,
  };
}

/** Whether the account has a second factor: an authenticator app it verified, or a passkey. */
export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [app] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true)))
    .limit(1);
  if (app) return true;
  const [key] = await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1);
  return key !== undefined;
}

export function passkeysOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt,
      deviceType: passkey.deviceType,
      backedUp: passkey.backedUp,
    })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(passkey.createdAt);
}

/** The owner of a passkey by its credential id. */
export async function passkeyOwner(db: DbOrTx, credentialId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passkey.userId })
    .from(passkey)
    .where(eq(passkey.credentialID, credentialId));
  return row?.userId;
}

/**
 * Marks the account's current lock as announced, once: answers the lock's end when this call is the one
 * that announces it, undefined when there is no lock or it was announced already.
 */
export async function announceLock(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .update(twoFactor)
    .set({ lockAnnouncedUntil: sql`${twoFactor.lockedUntil}` })
    .where(
      and(
        eq(twoFactor.userId, userId),
        gt(twoFactor.lockedUntil, sql`now()`),
        or(
          isNull(twoFactor.lockAnnouncedUntil),
          sql`${twoFactor.lockAnnouncedUntil} <> ${twoFactor.lockedUntil}`,
        ),
      ),
    )
    .returning({ until: twoFactor.lockedUntil });
  return row?.until ?? undefined;
}

/** Removes every second factor of the account: answers what it had (an authenticator app, how many passkeys). */
export async function removeFactors(
  db: DbOrTx,
  userId: string,
): Promise<{ totp: boolean; passkeys: number }> {
  const apps = await db
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ verified: twoFactor.verified });
  const keys = await db.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id });
  return { totp: apps.some((row) => row.verified), passkeys: keys.length };
}
