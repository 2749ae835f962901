import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { account, passkey, twoFactor, verification } from '../../db/schema/auth';

/**
 * Better Auth keeps each password reset link as a verification row: identifier
 * `reset-password:<token>`, value the user's id. Deleting them ends every link the user was sent.
 */
export async function deletePasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(sql`starts_with(${verification.identifier}, 'reset-password:')`, eq(verification.value, userId)),
    );
}

/** True when the user can sign in with a password (Google-only accounts have none). */
export async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)))
    .limit(1);
  return row !== undefined;
}

/**
 * Removes the user's ways to sign in: password and provider accounts, second factors (authenticator,
 * recovery codes, passkeys), and the links they were sent.
 */
export async function removeSignIns(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(account).where(eq(account.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(passkey).where(eq(passkey.userId, userId));
  await db.delete(verification).where(eq(verification.value, userId));
}

/** One-time links and sign-in challenges past their expiry (retention): some name an e-mail address. */
export async function deleteExpiredVerifications(db: DbOrTx): Promise<void> {
  await db.delete(verification).where(sql`${verification.expiresAt} < now()`);
}
