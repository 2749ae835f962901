import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { account, session, verification } from '../../db/schema/auth';

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

/** Ends every session of the user and removes their ways to sign in (password and provider accounts). */
export async function removeSignIns(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
  await db.delete(account).where(eq(account.userId, userId));
  await db.delete(verification).where(eq(verification.value, userId));
}

/** Ends every session of the user (a suspension). */
export async function endSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}
