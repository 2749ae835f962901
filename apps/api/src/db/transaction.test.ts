import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { type Database, openDatabase } from './client';
import { inTransaction, isRetryable } from './transaction';

let database: TestDatabase;
let opened: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  opened = await openDatabase(database.config);
});

afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

/** What PostgreSQL throws when it aborts a transaction, as Drizzle wraps it. */
const aborted = (code: string) =>
  new Error('Failed query', { cause: Object.assign(new Error(code), { code }) });

describe('isRetryable', () => {
  it.each([
    [{ code: '40P01' }, true],
    [{ code: '40001' }, true],
    [aborted('40P01'), true],
    [aborted('40001'), true],
    [aborted('23505'), false],
    [new Error('boom'), false],
    [undefined, false],
  ])('%o → %s', (error, retryable) => {
    expect(isRetryable(error)).toBe(retryable);
  });
});

describe('inTransaction', () => {
  it('runs a transaction again after a deadlock or serialization failure', async () => {
    let calls = 0;
    const result = await inTransaction(opened.db, async () => {
      calls += 1;
      if (calls < 3) throw aborted(calls === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after the attempts allowed, and never retries other errors', async () => {
    let calls = 0;
    const always = inTransaction(
      opened.db,
      async () => {
        calls += 1;
        throw aborted('40P01');
      },
      { attempts: 3, baseDelayMs: 1 },
    );
    await expect(always).rejects.toThrow('Failed query');
    expect(calls).toBe(3);

    calls = 0;
    const other = inTransaction(opened.db, async () => {
      calls += 1;
      throw aborted('23505');
    });
    await expect(other).rejects.toThrow('Failed query');
    expect(calls).toBe(1);
  });

  // PGlite runs one transaction at a time, so only a real server can deadlock.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'survives a real deadlock: PostgreSQL aborts one side, which runs again and commits',
    async () => {
      const { db } = opened;
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
    },
  );
});
