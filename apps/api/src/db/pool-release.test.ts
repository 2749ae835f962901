import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpRelay, type TcpRelay } from '../test/tcp-relay';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { type Database, openDatabase } from './client';
import { isDatabaseUnavailable } from './unavailable';

/**
 * A transaction whose BEGIN fails hands its connection back to the pool: without that, connections that
 * stopped answering while they sat in the pool would stay checked out for good, the pool would have none
 * left once PostgreSQL is back, and closing it would never finish (a restart under load did exactly that).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('the pool, when a transaction cannot begin', () => {
  let testDatabase: TestDatabase;
  let relay: TcpRelay;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    if (testDatabase.config.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const target = new URL(testDatabase.config.url);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({
      kind: 'postgres',
      url: relay.urlFor(testDatabase.config.url),
      poolSize: 2,
      queryTimeoutMs: 300,
    });
  });

  afterAll(async () => {
    await relay?.restore();
    await relay?.close();
    await testDatabase?.drop();
  });

  const transaction = () => database.db.transaction(async (tx) => tx.execute(sql`select 1`));

  it('gets its connections back, serves once the database answers again, and closes', async () => {
    // Both connections open and idle in the pool, then the database stops answering on them.
    await Promise.all([transaction(), transaction()]);
    await relay.blackHole();
    const failed = await Promise.allSettled([transaction(), transaction(), transaction()]);
    expect(failed.every((outcome) => outcome.status === 'rejected')).toBe(true);

    await relay.restore();
    const started = Date.now();
    await Promise.all([transaction(), transaction(), transaction()]);
    // Fresh connections at once, not after the pool's 5 s wait for one that never comes back.
    expect(Date.now() - started).toBeLessThan(3_000);
    const closing = database.close().then(() => 'closed');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000));
    expect(await Promise.race([closing, timeout])).toBe('closed');
  });

  it('hands a connection used many times back once, and the error says the database is away', async () => {
    const single = await openDatabase({
      kind: 'postgres',
      url: relay.urlFor(testDatabase.config.kind === 'postgres' ? testDatabase.config.url : ''),
      poolSize: 1,
      queryTimeoutMs: 300,
    });
    const once = () => single.db.transaction(async (tx) => tx.execute(sql`select 1`));
    try {
      // The pool's one connection serves several transactions, then stops answering.
      for (let round = 0; round < 3; round += 1) await once();
      await relay.blackHole();
      const failed = await once().then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failed), String(failed)).toBe(true);
      await relay.restore();
      await once();
    } finally {
      await relay.restore();
      await single.close();
    }
  });
});
