import type { DbOrTx } from '../../db/client';
import * as repository from './auth.repository';
import * as security from './security.repository';

/** True when the user can sign in with a password (a Google-only account has none to change). */
export function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  return repository.hasPassword(db, userId);
}

/**
 * Ends every session of the user and removes every way they had to sign in (password, Google link, reset
 * links): what deleting an account does to its sign-ins, in the caller's transaction.
 */
export function removeSignIns(db: DbOrTx, userId: string): Promise<void> {
  return repository.removeSignIns(db, userId);
}

/** A live session by its token: its id, its holder and when it last stepped up. */
export function findSession(db: DbOrTx, token: string) {
  return security.findSession(db, token);
}

/** Ends every session of a user, in the caller's transaction: a suspended user is signed out at once. */
export function endSessions(db: DbOrTx, userId: string): Promise<void> {
  return repository.endSessions(db, userId);
}
