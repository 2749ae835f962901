import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { DatabaseConfig } from '../config';
import * as schema from './schema';

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
   * The embedded database has one process, so it simply runs it.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** How the job queue reaches this database: its own small pool, or this process's PGlite. */
  queueConnection: { connectionString: string; max: number } | { db: PgBoss.Db };
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database and applies every committed migration. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema });
    const exclusive = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [`shop:${name}`]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [`shop:${name}`]);
        }
      } finally {
        client.release();
      }
    };
    try {
      await exclusive('migrations', () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exclusive,
      queueConnection: { connectionString: config.url, max: 3 },
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
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exclusive: (_name, work) => work(),
    queueConnection: { db: pgliteQueueConnection(client) },
    close: () => client.close(),
  };
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
