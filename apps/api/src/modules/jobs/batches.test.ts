import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { type Jobs, jobId, startJobs } from './jobs';

/**
 * The queue on its own, with workers of the test's making: how a batch is taken, run and recorded. (The
 * shop's own mail workers are tested through the app in mail/queues.test.ts.)
 */
let testDatabase: TestDatabase;
let database: Database;
let jobs: Jobs;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  jobs = await startJobs(database, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
});

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await testDatabase?.drop();
});

async function states(keys: string[]): Promise<Record<string, string>> {
  const ids = keys.map(jobId);
  const result = await database.db.execute(
    sql`SELECT id, state FROM pgboss.job WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const byId = new Map(
    (result as unknown as { rows: { id: string; state: string }[] }).rows.map((row) => [row.id, row.state]),
  );
  return Object.fromEntries(keys.map((key) => [key, byId.get(jobId(key)) ?? 'missing']));
}

describe('a worker that takes jobs in batches', () => {
  it('drains a burst at once, batch after batch, without waiting for its next poll', async () => {
    const done: string[] = [];
    const keys = Array.from({ length: 200 }, (_, index) => `burst:${index}`);
    // Queued before the worker starts, so nothing but the worker's own loop takes them.
    for (const key of keys) await jobs.send('bulkMail', { key }, { key });
    const started = performance.now();
    await jobs.work<{ key: string }>(
      'bulkMail',
      async ({ key }) => {
        done.push(key);
      },
      { batchSize: 20, pollingIntervalSeconds: 10 },
    );
    // One job every poll (10 s here) would take half an hour; batches that follow each other take moments.
    await expect.poll(() => done.length, { timeout: 8_000, interval: 50 }).toBe(keys.length);
    expect(performance.now() - started).toBeLessThan(8_000);
    await expect
      .poll(async () => new Set(Object.values(await states(keys))), { timeout: 5_000 })
      .toEqual(new Set(['completed']));
  });

  it('fails only the job that threw; the rest of its batch is completed', async () => {
    const keys = Array.from({ length: 10 }, (_, index) => `mixed:${index}`);
    const failing = new Set(['mixed:3', 'mixed:7']);
    for (const key of keys) await jobs.send('mail', { key }, { key });
    await jobs.work<{ key: string }>(
      'mail',
      async ({ key }) => {
        if (failing.has(key)) throw new Error(`cannot send ${key}`);
      },
      { batchSize: 10 },
    );
    await expect
      .poll(
        async () =>
          Object.values(await states(keys)).filter((state) => state === 'active' || state === 'created'),
        {
          timeout: 10_000,
        },
      )
      .toEqual([]);
    const outcome = await states(keys);
    for (const key of keys) expect(outcome[key], key).toBe(failing.has(key) ? 'retry' : 'completed');
    const result = await database.db.execute(
      sql`SELECT output->>'message' AS message FROM pgboss.job WHERE id = ${jobId('mixed:3')}::uuid`,
    );
    expect((result as unknown as { rows: { message: string }[] }).rows[0]?.message).toBe(
      'cannot send mixed:3',
    );
  });
});

describe('a job queued in a transaction', () => {
  it('exists once the transaction commits, and not at all when it rolls back', async () => {
    const later = new Date(Date.now() + 3_600_000);
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send('bulkMail', { key: 'tx:rolled-back' }, { key: 'tx:rolled-back', tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => {
      // Queued twice under one key, with a start time: one job, kept waiting.
      for (let attempt = 0; attempt < 2; attempt += 1)
        await jobs.send('bulkMail', { key: 'tx:committed' }, { key: 'tx:committed', tx, startAfter: later });
    });
    expect(await states(['tx:rolled-back', 'tx:committed'])).toEqual({
      'tx:rolled-back': 'missing',
      'tx:committed': 'created',
    });
    const result = await database.db.execute(
      sql`SELECT data->>'key' AS key, start_after > now() + interval '59 minutes' AS later
        FROM pgboss.job WHERE id = ${jobId('tx:committed')}::uuid`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ key: 'tx:committed', later: true }]);
  });
});
