import type { AccountSession } from '@shop/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import type { Mailer } from '../mail';
import * as users from '../users';
import { describeDevice } from './device';
import * as repository from './sessions.repository';
import { newSignInEmail } from './sessions-emails';

/**
 * A person's sessions (Better Auth's rows): listed and ended by their owner, all of a member of staff's
 * ended by an admin. Each ending is published, so the sessions the shop holds in memory are forgotten at
 * once, and staff's is audited.
 */
export interface SessionDeps {
  db: Db;
  events: DomainEvents;
}

/** What noticing a sign-in needs: the account's e-mail goes out through the shop's mailer. */
export interface SignInDeps {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  log: FastifyBaseLogger;
}

/** `GET /api/account/sessions`: the person's live sessions, `current` the one `currentToken` names. */
export async function listSessions(
  db: DbOrTx,
  userId: string,
  currentToken: string | null,
): Promise<AccountSession[]> {
  const rows = await repository.liveSessionsOf(db, userId);
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.token === currentToken,
  }));
}

/** `DELETE /api/account/sessions/:id`: one of the person's own sessions; another's is not found. */
export async function endOwnSession(deps: SessionDeps, userId: string, sessionId: string): Promise<void> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await repository.deleteSessionOf(tx, userId, sessionId))) throw AppError.notFound('Session');
    await publish({ type: 'session.ended', userId });
  });
}

/**
 * `DELETE /api/staff/:userId/sessions`: every session of a member of staff (an account whose role is not a
 * shopper's; a shopper's id is not found here). Audited with how many ended.
 */
export async function endStaffSessions(
  deps: SessionDeps,
  actor: CurrentUser,
  userId: string,
): Promise<number> {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const member = await users.findUser(tx, userId);
    if (!member || member.role === 'user') throw AppError.notFound('Staff member');
    const ended = await repository.deleteSessionsOf(tx, userId);
    await publish({
      type: 'sessions.ended',
      userId,
      actorId: actor.id,
      before: null,
      after: { username: member.displayUsername ?? member.username, sessions: ended },
    });
    return ended;
  });
}

/** Ends every session of a user in the caller's transaction (a suspension, an account's deletion). */
export async function endSessions(db: DbOrTx, userId: string): Promise<void> {
  await repository.deleteSessionsOf(db, userId);
}

/** Ends every session of the user and forgets the devices they signed in from (an account deleted). */
export async function endSessionsAndDevices(db: DbOrTx, userId: string): Promise<void> {
  await repository.deleteSessionsOf(db, userId);
  await repository.deleteKnownDevicesOf(db, userId);
}

/** A live session by its token: its id, its holder and when it last stepped up (requireStepUp). */
export function findSession(db: DbOrTx, token: string) {
  return repository.findSession(db, token);
}

/** Records that the session's holder stepped up now; answers when. */
export function markSteppedUp(db: DbOrTx, sessionId: string): Promise<Date | undefined> {
  return repository.markSteppedUp(db, sessionId);
}

/** Deletes one session by its token (the first step of a two-step sign-in leaves none behind). */
export function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  return repository.deleteSessionByToken(db, token);
}

/** Each member's latest sign-in, for the staff list. */
export function latestSignIns(db: DbOrTx, userIds: string[]): Promise<Map<string, Date>> {
  return repository.latestSignIns(db, userIds);
}

/**
 * A session began (Better Auth wrote it): its browser and system are remembered for the account, and when
 * the account had signed in before from others but never from this one, the account is e-mailed. The first
 * session of an account (its sign-up) only remembers. Its failure is logged, never the sign-in's.
 */
export async function noticeSignIn(
  deps: SignInDeps,
  started: { userId: string; userAgent?: string | null; ipAddress?: string | null; createdAt?: Date },
): Promise<void> {
  try {
    const device = describeDevice(started.userAgent);
    if (!(await repository.rememberDevice(deps.db, started.userId, device))) return;
    if (!(await repository.knowsOtherDevices(deps.db, started.userId, device))) return;
    const person = await users.findUser(deps.db, started.userId);
    if (!person) return;
    const message = newSignInEmail(
      person.email,
      person.displayUsername ?? person.username,
      { device, ipAddress: started.ipAddress ?? null, at: started.createdAt ?? new Date() },
      `${deps.siteUrl}/account/sessions`,
    );
    await deps.mailer.send(message, { queue: 'mail' });
  } catch (error) {
    deps.log.error({ err: error }, 'could not notice a sign-in from a new device');
  }
}

/** The privacy job: expired sessions (and the address and browser they recorded) go. Answers how many. */
export function forgetExpiredSessions(db: DbOrTx): Promise<number> {
  return repository.deleteExpiredSessions(db);
}
