import { and, desc, eq, gt, inArray, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { knownDevice, session } from '../../db/schema/sessions';

/** A live session by its token: its id, holder and when it last stepped up. */
export async function findSession(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: session.id, userId: session.userId, steppedUpAt: session.steppedUpAt })
    .from(session)
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
  return row;
}

/** Records a step-up on the session; answers when. */
export async function markSteppedUp(db: DbOrTx, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .update(session)
    .set({ steppedUpAt: sql`now()` })
    .where(eq(session.id, sessionId))
    .returning({ at: session.steppedUpAt });
  return row?.at ?? undefined;
}

export async function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}

export type SessionRow = typeof session.$inferSelect;

/** The user's live sessions, newest sign-in first. */
export function liveSessionsOf(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.createdAt), desc(session.id));
}

/** Deletes one of the user's sessions; false when they have none with this id. */
export async function deleteSessionOf(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, userId)))
    .returning({ id: session.id });
  return rows.length > 0;
}

/** Ends every session of the user; answers how many there were. */
export async function deleteKnownDevicesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(knownDevice).where(eq(knownDevice.userId, userId));
}

export async function deleteSessionsOf(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return rows.length;
}

/** Each user's latest sign-in (their newest session's start), for those who have a session. */
export async function latestSignIns(db: DbOrTx, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: session.userId, at: max(session.createdAt) })
    .from(session)
    .where(inArray(session.userId, userIds))
    .groupBy(session.userId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.userId, row.at] as const] : [])));
}

/** Remembers a device of the user; true when it was not known before (one caller wins a race). */
export async function rememberDevice(db: DbOrTx, userId: string, device: string): Promise<boolean> {
  const rows = await db
    .insert(knownDevice)
    .values({ userId, device })
    .onConflictDoNothing()
    .returning({ device: knownDevice.device });
  return rows.length > 0;
}

/** Whether the user had signed in from any device but this one. */
export async function knowsOtherDevices(db: DbOrTx, userId: string, device: string): Promise<boolean> {
  const [row] = await db
    .select({ device: knownDevice.device })
    .from(knownDevice)
    .where(and(eq(knownDevice.userId, userId), ne(knownDevice.device, device)))
    .limit(1);
  return row !== undefined;
}

/** Sessions past their expiry (retention, issue 40): Better Auth refuses them, and they keep an IP and a user agent. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(session)
    .where(sql`${session.expiresAt} < now()`)
    .returning({ id: session.id });
  return rows.length;
}
