import type { DbOrTx } from '../../db/client';
import * as sessions from '../sessions';
import * as repository from './auth.repository';

/** True when the user can sign in with a password (a Google-only account has none to change). */
export function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  return repository.hasPassword(db, userId);
}

/**
 * Ends every session of the user, forgets their devices and removes every way they had to sign in
 * (password, Google link, second factors, reset links): what deleting an account does to its sign-ins, in
 * the caller's transaction.
 */
export async function removeSignIns(db: DbOrTx, userId: string): Promise<void> {
  await sessions.endSessionsAndDevices(db, userId);
  await repository.removeSignIns(db, userId);
}

/** The privacy job: expired sessions and one-time links (some name an e-mail address) go. */
export async function forgetExpiredSignIns(db: DbOrTx): Promise<number> {
  const sessionsEnded = await sessions.forgetExpiredSessions(db);
  await repository.deleteExpiredVerifications(db);
  return sessionsEnded;
}
