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
});
