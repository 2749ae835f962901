import * as repository from './auth.repository';

/** True when the user can sign in with a password (a Google-only account has none to change). */
export const hasPassword = repository.hasPassword;

/**
 * Ends every session of the user and removes every way they had to sign in (password, Google link, reset
 * links): what deleting an account does to its sign-ins, in the caller's transaction.
 */
export const removeSignIns = repository.removeSignIns;

/** The user a live session token belongs to, if any. */
export const findSessionUserId = repository.findSessionUserId;

/** Ends every session of a user, in the caller's transaction: a suspended user is signed out at once. */
export const endSessions = repository.endSessions;
