import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { type Database, openDatabase } from './client';
import { inTransaction } from './transaction';

/** A race suite (PostgreSQL only): PGlite runs one transaction at a time, so only a real server can deadlock. */

it('survives a real deadlock: PostgreSQL aborts one side, which runs again and commits', async () => {
  const database = await createTestDatabase();
  const opened = await openDatabase(database.config);
  try {
    await bothSidesCommit(opened);
  } finally {
    await opened.close();
    await database.drop();
  }
});

/** Two transactions that take the probe's two rows in opposite orders, each running again if aborted. */
async function bothSidesCommit({ db }: Database) {
  await db.execute(sql`CREATE TABLE deadlock_probe (id int PRIMARY KEY, n int NOT NULL)`);
  await db.execute(sql`INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)`);
  // Both sides hold their first row before either asks for the second: a certain deadlock.
  let arrived = 0;
  let release: () => void = () => {};
  const bothHoldOne = new Promise<void>((resolve) => {
    release = resolve;
  });
  const side = (first: number, second: number) =>
    inTransaction(db, async (tx) => {
      await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`);
      arrived += 1;
      if (arrived === 2) release();
      await bothHoldOne;
      await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${second}`);
    });
  await Promise.all([side(1, 2), side(2, 1)]);
  const { rows } = (await db.execute(sql`SELECT n FROM deadlock_probe ORDER BY id`)) as unknown as {
    rows: { n: number }[];
  };
  expect(rows.map((row) => row.n)).toEqual([2, 2]);
}
