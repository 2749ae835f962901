import { DATA_EXPORT_EVERY_MINUTES, DATA_EXPORT_LINK_HOURS } from '@shop/contracts';
import { and, eq, gt, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dataExport } from '../../db/schema/privacy';

/** A copy of a person's data, without its archive (which only the download reads). */
export interface ExportRow {
  id: string;
  userId: string;
  requestedBy: string | null;
  state: 'preparing' | 'ready' | 'failed';
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  /** Whether the archive is still stored (it is emptied once the link has expired). */
  stored: boolean;
}

const withoutArchive = {
  id: dataExport.id,
  userId: dataExport.userId,
  requestedBy: dataExport.requestedBy,
  state: dataExport.state,
  createdAt: dataExport.createdAt,
  readyAt: dataExport.readyAt,
  expiresAt: dataExport.expiresAt,
  stored: sql<boolean>`${dataExport.archive} IS NOT NULL`.mapWith(Boolean),
};

/**
 * Holds the person's export lock until the transaction ends: two requests at once are counted one after
 * the other, so one of them is refused.
 */
export async function lockExportsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`export:${userId}`}))`);
}

/**
 * Seconds until the person may ask for another copy: their latest copy that did not fail was asked for
 * less than DATA_EXPORT_EVERY_MINUTES ago. Null when they may ask now.
 */
export async function secondsUntilNextExport(db: DbOrTx, userId: string): Promise<number | null> {
  const window = sql`make_interval(mins => ${DATA_EXPORT_EVERY_MINUTES})`;
  const [row] = await db
    .select({
      seconds: sql<
        number | null
      >`ceil(extract(epoch FROM max(${dataExport.createdAt}) + ${window} - now()))::int`,
    })
    .from(dataExport)
    .where(
      and(
        eq(dataExport.userId, userId),
        ne(dataExport.state, 'failed'),
        gt(dataExport.createdAt, sql`now() - ${window}`),
      ),
    );
  return row?.seconds ?? null;
}

export async function insertExport(
  db: DbOrTx,
  values: { userId: string; requestedBy: string | null },
): Promise<{ id: string }> {
  const [row] = await db.insert(dataExport).values(values).returning({ id: dataExport.id });
  if (!row) throw new Error('The export was not recorded');
  return row;
}

export async function findExport(db: DbOrTx, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select(withoutArchive).from(dataExport).where(eq(dataExport.id, id));
  return row;
}

/** The archive of a ready copy whose link has not expired, or undefined. */
export async function findArchive(db: DbOrTx, id: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ archive: dataExport.archive })
    .from(dataExport)
    .where(and(eq(dataExport.id, id), eq(dataExport.state, 'ready'), gt(dataExport.expiresAt, sql`now()`)));
  return row?.archive ?? undefined;
}

/**
 * Stores a prepared archive: the copy is ready now, and its link works for DATA_EXPORT_LINK_HOURS (to the
 * millisecond, as the link's token is made from it). Answers the expiry; undefined when the copy was not
 * being prepared any more (done by another attempt, or gone with its person's erasure).
 */
export async function markReady(db: DbOrTx, id: string, archive: Buffer): Promise<Date | undefined> {
  const now = sql`date_trunc('milliseconds', now())`;
  const [row] = await db
    .update(dataExport)
    .set({
      state: 'ready',
      archive,
      sizeBytes: archive.length,
      readyAt: now,
      expiresAt: sql`${now} + make_interval(hours => ${DATA_EXPORT_LINK_HOURS})`,
    })
    .where(and(eq(dataExport.id, id), eq(dataExport.state, 'preparing')))
    .returning({ expiresAt: dataExport.expiresAt });
  return row?.expiresAt ?? undefined;
}

/**
 * The hourly clean-up: archives whose link has expired are emptied (the row stays, its state as it was),
 * and a copy still being prepared an hour after it was asked for has failed (its job gave up). Answers how
 * many archives were emptied.
 */
export async function forgetExpired(db: DbOrTx): Promise<number> {
  const emptied = await db
    .update(dataExport)
    .set({ archive: null })
    .where(and(isNotNull(dataExport.archive), lte(dataExport.expiresAt, sql`now()`)))
    .returning({ id: dataExport.id });
  await db
    .update(dataExport)
    .set({ state: 'failed' })
    .where(
      and(
        eq(dataExport.state, 'preparing'),
        lt(dataExport.createdAt, sql`now() - make_interval(mins => ${DATA_EXPORT_EVERY_MINUTES})`),
      ),
    );
  return emptied.length;
}

/** A person's erasure: their copies go. */
export async function deleteExportsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(dataExport).where(eq(dataExport.userId, userId));
}
