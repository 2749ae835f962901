import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import * as schema from './schema';

/** Where the data lives: an embedded PGlite in a folder (or in memory), or a PostgreSQL server. */
export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long one statement may go unanswered (10 s unless set; db/client.ts); 0 for bulk loads. */
      queryTimeoutMs?: number;
    };

export type Schema = typeof schema;
/** The one database type repositories see, whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /**
   * Runs `work` while no other instance on the same database runs work under the same name (a PostgreSQL
   * advisory lock held for its duration): instances that start together migrate and seed one at a time.
   * `work` may use the lock's own connection (`db`), on which no statement time-out applies. The embedded
   * database has one process, so it simply runs it.
   */
  exclusive<T>(name: string, work: (db: Db) => Promise<T>): Promise<T>;
  /** How the job queue reaches this database: its own small pool, or this process's PGlite. */
  queueConnection: PgBoss.ConstructorOptions | { db: PgBoss.Db };
  close(): Promise<void>;
}

/**
 * Statements this process has sent through the shop's database handle (transactions' BEGIN and COMMIT
 * included; the job queue's own are not): `/metrics` shows it, and the bench divides it per request.
 */
let statements = 0;
export const statementsSent = () => statements;
const countStatements = {
  logQuery() {
    statements += 1;
  },
};

/** A statement that writes, and one naming a table whose rows a catalogue page shows (or whose author it names). */
const WRITES = /\b(insert|update|delete|truncate|merge)\b/i;
const CATALOGUE_TABLES = /product|review|user/i;

/**
 * A count that moves whenever a catalogue page may have changed, on a database only this process writes:
 * the embedded one. It moves as a write naming a product, review or user table (or column) is sent and
 * again once it is done, and once more when any transaction has ended: PGlite runs one statement at a time,
 * and an open transaction's before any other, so a page read while the count stayed n is current while it
 * is still n. Undefined on PostgreSQL, which other instances (and people) write too.
 */
const catalogueWrites = new WeakMap<object, () => number>();
export const catalogueWritesOf = (db: DbOrTx): number | undefined => catalogueWrites.get(db)?.();

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * How long a request waits for a connection (a new one, or a turn in the pool) before it fails, and how
 * long one statement may go unanswered: while PostgreSQL restarts or cannot be reached, requests fail
 * fast (503, see plugins/errors.ts) instead of piling up. A statement of the shop's takes milliseconds,
 * but a turn in the pool is not: fifty buyers racing for the last pairs queue behind each other's row
 * locks for seconds on a busy machine, and must be answered 200 or 409, never 503. A crowd that only
 * polls (a waiting room) is kept off the pool altogether, by memory (drops/drop-memory.ts).
 */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;

/** Where the pools report a connection PostgreSQL ended while it sat idle (a restart, a failover). */
export interface DatabaseLog {
  warn(object: object, message: string): void;
}

/** A pool's options: the time-outs above, and TCP keep-alive so a connection to a vanished server is noticed. */
function poolOptions(url: string, max: number, queryTimeoutMs: number) {
  return {
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
    keepAlive: true,
  };
}

/**
 * node-postgres emits `error` on the pool for an idle connection the server ended, and on a checked-out
 * client whose connection breaks between statements; an `error` event nobody listens to ends the process.
 * So both are listened to: the broken connection is dropped, the statement it was running fails (a 503),
 * and the next request opens a new connection once PostgreSQL is back.
 */
function listenForErrors(pool: pg.Pool, log: DatabaseLog): void {
  let reported = 0;
  const report = (error: Error) => {
    // Once every few seconds: a restart ends every connection at once.
    if (Date.now() - reported < 5_000) return;
    reported = Date.now();
    log.warn({ err: error }, 'a database connection ended; new ones are opened as needed');
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

/**
 * A pool whose clients are handed back when a transaction's BEGIN fails. drizzle-orm (0.45) sends BEGIN
 * before the try whose finally releases the client, so a BEGIN that fails (a connection PostgreSQL ended,
 * or one that stopped answering, while it sat in the pool) would keep the client checked out for good: a
 * restart under load would leave the pool with nothing to give, and its `end()` would never finish. The
 * client is released with the error, which also discards it.
 */
class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | undefined {
    if (!callback) return super.connect().then(releasedWhenBeginFails);
    super.connect(callback);
    return undefined;
  }
}

const BEGIN = /^\s*begin\b/i;
/** Clients whose `query` is wrapped already: the pool hands the same client out many times. */
const wrapped = new WeakSet<pg.PoolClient>();

function releasedWhenBeginFails(client: pg.PoolClient): pg.PoolClient {
  // Wrapped once per client, not once per checkout: wrappers stacked on a reused client would each
  // release it, and the second release throws in place of the error that says the database is away.
  if (wrapped.has(client)) return client;
  wrapped.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    const result = query(...args);
    if (typeof text === 'string' && BEGIN.test(text) && result instanceof Promise)
      return result.catch((error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    return result;
  };
  return client;
}

/** One round trip to the database; throws when it cannot be reached. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Opens the database and applies every committed migration. */
export async function openDatabase(
  config: DatabaseConfig,
  log: DatabaseLog = { warn: () => {} },
): Promise<Database> {
  if (config.kind === 'postgres') {
    const queryTimeoutMs = config.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
    const pool = new TransactionSafePool(poolOptions(config.url, config.poolSize ?? 10, queryTimeoutMs));
    listenForErrors(pool, log);
    const db = drizzlePg(pool, { schema, logger: countStatements });
    // The lock is held on a connection of its own, without the statement time-out: another instance may
    // hold it for as long as its migrations or seed take. Ending the connection releases the lock.
    const exclusive = async <T>(name: string, work: (db: Db) => Promise<T>): Promise<T> => {
      const client = new pg.Client({
        connectionString: config.url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      client.on('error', (error) => log.warn({ err: error }, `the connection holding ${name} ended`));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [`shop:${name}`]);
        return await work(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        await client.end();
      }
    };
    try {
      await exclusive('migrations', (locked) =>
        migratePg(locked as unknown as NodePgDatabase<Schema>, { migrationsFolder: MIGRATIONS_DIR }),
      );
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exclusive,
      // pg-boss passes these to its own pg.Pool, and listens for its errors itself (jobs.ts logs them);
      // its workers wait their turn, they answer no one.
      queueConnection: poolOptions(config.url, 3, queryTimeoutMs),
      close: () => pool.end(),
    };
  }
  if (config.dataDir !== 'memory://') mkdirSync(config.dataDir, { recursive: true });
  // PGlite's default 128 MB buffer pool is allocated (and touched) up front; the catalogue's working set is a
  // few MB, so a 32 MB pool keeps the embedded shop's memory low at no cost in speed.
  const client = await PGlite.create(config.dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  const counted = countCatalogueWrites(client);
  const db = drizzlePglite(client, { schema, logger: counted.logger });
  catalogueWrites.set(db, counted.count);
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exclusive: (_name, work) => work(db as unknown as Db),
    queueConnection: { db: pgliteQueueConnection(client) },
    close: () => client.close(),
  };
}

const isCatalogueWrite = (query: unknown) =>
  typeof query === 'string' && WRITES.test(query) && CATALOGUE_TABLES.test(query);

/** Counts the client's catalogue writes (catalogueWritesOf) as they are sent, done, and their transactions end. */
function countCatalogueWrites(client: PGlite) {
  let writes = 0;
  const bump = () => {
    writes += 1;
  };
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    try {
      return await query(...args);
    } finally {
      if (isCatalogueWrite(args[0])) bump();
    }
  }) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    try {
      return await transaction(...args);
    } finally {
      bump();
    }
  }) as typeof client.transaction;
  const logger = {
    logQuery(query: string) {
      statements += 1;
      if (isCatalogueWrite(query)) bump();
    },
  };
  return { logger, count: () => writes };
}

/**
 * The job queue's statements on PGlite. Its schema set-up sends several statements at once without
 * parameters, which PGlite runs through `exec`; everything else is one parameterised statement.
 */
function pgliteQueueConnection(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
