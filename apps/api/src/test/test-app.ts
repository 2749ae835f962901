import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { DatabaseConfig } from '../db/client';

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { config: { kind: 'pglite', dataDir: 'memory://' }, drop: async () => {} };
  const name = `shop_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pg's pool.end() resolves before its connections have finished closing; terminating them mid-close
      // (FORCE) would surface as unhandled errors, so wait (at most 5 s) until they are gone.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await client.query<{ open: number }>(
          'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function testConfig(database: DatabaseConfig, overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    siteUrl: 'http://localhost:3000',
    logLevel: 'silent',
    trustProxy: false,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database,
    redisUrl: null,
    metricsToken: null,
    webDistDir: null,
    seedOnStart: false,
    catalogCacheSeconds: 0,
    auth: { secret: 'test-secret-that-is-at-least-32-characters-long', google: null, rateLimitScale: 1 },
    mail: {
      smtpUrl: null,
      from: 'Sneaker Shop <no-reply@sneakershop.test>',
      outboxDir: path.join(dataDir, 'outbox'),
    },
    payments: { reservationMinutes: 30, testMode: true, providers: {} },
    checkout: { maxPendingOrders: 5, maxPendingUnits: 200 },
    tax: { provider: 'table', timeoutMs: 3000, stripe: null },
    returns: { days: 30, refundShipping: 'damaged', toCredit: true },
    drops: { powMaxNumber: 1000 },
    shop: { name: 'Sneaker Shop', address: ['1 Market Street', 'San Francisco, CA 94105', 'USA'] },
    accounts: {
      admin: { email: 'admin@sneakershop.test', username: 'admin', password: 'Admin#2023shop' },
      demo: { email: 'demo@sneakershop.test', username: 'demo_user', password: 'Demo#2023shop' },
    },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, for `app.inject`. Call `close` in `afterAll`. With `overrides.database`
 * it runs on that database instead (another test app's, as a second instance of the shop) and leaves it to
 * its owner to drop: close this app first. `options` are buildApp's: `logStream` receives the log's JSON
 * lines (with a `logLevel`), `extraProviders` registers payment providers beside the shop's own.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const database: TestDatabase = overrides.database
    ? { config: overrides.database, drop: async () => {} }
    : await createTestDatabase();
  return openTestApp(database, testConfig(database.config, overrides), options);
}

/** Builds the app with `config` on `database`; closing it drops the database and removes the data folder. */
export async function openTestApp(
  database: TestDatabase,
  config: Config,
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const app = await buildApp(config, options);
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
