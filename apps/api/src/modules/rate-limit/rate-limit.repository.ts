import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rateLimit } from '../../db/schema/rate-limit';

/**
 * Counts one hit on `key` in a fixed window, atomically (one upsert), and answers the count so far and
 * the seconds left in the window. Safe under concurrency and across instances.
 */
export async function hit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetIn: number }> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${rateLimit.windowStart} <= now() - ${window} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimit.windowStart} <= now() - ${window} THEN now() ELSE ${rateLimit.windowStart} END`,
      },
    })
    .returning({
      count: rateLimit.count,
      resetIn:
        sql<number>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM (${rateLimit.windowStart} + ${window} - now()))))`.mapWith(
          Number,
        ),
    });
  return row ?? { count: 1, resetIn: windowSeconds };
}

/** Forgets the counters whose window started more than `olderThanSeconds` ago. */
export async function prune(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db
    .delete(rateLimit)
    .where(sql`${rateLimit.windowStart} < now() - make_interval(secs => ${olderThanSeconds})`);
}

/** Takes one hit back from `key` (an attempt that turned out not to count). */
export async function refund(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`GREATEST(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, key));
}

/** Forgets the counter `key` and every counter under it (`key:...`). */
export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db
    .delete(rateLimit)
    .where(or(eq(rateLimit.key, key), sql`starts_with(${rateLimit.key}, ${`${key}:`})`));
}

/**
 * Forgets the database's counters that name a person ('checkout:<user id>'), on their erasure. Redis's
 * expire with their window (a day at most), and e-mails in keys are hashed.
 */
export async function forgetPerson(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(rateLimit).where(sql`strpos(${rateLimit.key}, ${userId}) > 0`);
}
