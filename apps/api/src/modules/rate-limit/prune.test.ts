import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimit } from '../../db/schema';
import { testShop } from '../../test/test-shop';
import { consume, pruneEnded } from './rate-limit.service';
import { databaseStore, LONGEST_WINDOW_SECONDS } from './rate-limit.store';

/**
 * Without Redis the counters are rows of the database: the minutely sweep forgets those whose window has
 * ended, so that the table holds only the windows still counting.
 */

const { app } = testShop();

beforeAll(async () => {
  // The workers (the sweep's among them) start once the app is ready.
  await app().ready();
});

/** Counters whose window started `secondsAgo` seconds ago, by key. */
async function counters(secondsAgoByKey: Record<string, number>): Promise<string[]> {
  const keys = Object.keys(secondsAgoByKey);
  await app()
    .db.insert(rateLimit)
    .values(
      keys.map((key) => ({
        key,
        count: 3,
        windowStart: sql`now() - make_interval(secs => ${secondsAgoByKey[key]})`,
      })),
    );
  return keys;
}

async function kept(keys: string[]): Promise<string[]> {
  const rows = await app()
    .db.select({ key: rateLimit.key })
    .from(rateLimit)
    .where(inArray(rateLimit.key, keys));
  return rows.map((row) => row.key).sort();
}

describe('pruning the counters kept in the database', () => {
  it('forgets the counters whose window ended and keeps those still counting', async () => {
    const id = randomUUID();
    const [ended, endedLongAgo, recent, lastHour] = await counters({
      [`${id}:ended`]: LONGEST_WINDOW_SECONDS + 60,
      [`${id}:long-ago`]: 30 * 24 * 60 * 60,
      [`${id}:recent`]: 5,
      [`${id}:last-hour`]: 60 * 60,
    }).then((keys) => keys as [string, string, string, string]);
    const store = databaseStore(app().db);
    await consume(store, `${id}:hit-now`, { max: 5, windowSeconds: 60 });

    await pruneEnded(store);

    expect(await kept([ended, endedLongAgo, recent, lastHour, `${id}:hit-now`])).toEqual(
      [recent, lastHour, `${id}:hit-now`].sort(),
    );
    // A counter that was kept still counts where it was.
    expect((await store.hit(recent, 60)).count).toBe(4);
  });

  it('is part of the minutely sweep', async () => {
    const keys = await counters({
      [`${randomUUID()}:ended`]: LONGEST_WINDOW_SECONDS + 1,
      [`${randomUUID()}:live`]: 1,
    });
    await app().jobs.send('sweep', {});
    await app().jobs.settled();
    expect(await kept(keys)).toEqual([keys[1]]);
  });

  it('refuses a rule whose window is longer than the longest a pruned counter can keep', async () => {
    const store = databaseStore(app().db);
    await expect(
      consume(store, `${randomUUID()}:week`, { max: 5, windowSeconds: LONGEST_WINDOW_SECONDS + 1 }),
    ).rejects.toThrow(/at most/);
  });
});
