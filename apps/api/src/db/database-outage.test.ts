import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { ORIGIN } from '../test/accounts';
import { type Buyer, quickBuyers, stockedProducts, unitLedger } from '../test/buyers';
import { startTcpRelay, type TcpRelay } from '../test/tcp-relay';
import { createTestDatabase, type TestDatabase, testConfig } from '../test/test-app';

/**
 * The shop on PostgreSQL while PostgreSQL goes away: it ends the shop's connections (a restart, a
 * failover, `pg_terminate_backend`), stops answering, or cannot be reached at all. The instance lives on,
 * answers 503 in the envelope meanwhile (quickly, never a hang), and serves again by itself once the
 * database is back. The shop reaches the database through a relay the test can cut.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('a PostgreSQL outage', () => {
  let database: TestDatabase;
  let relay: TcpRelay;
  let app: FastifyInstance;
  let config: Config;
  let buyer: Buyer;
  let productId: string;
  let admin: pg.Client;
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    database = await createTestDatabase();
    if (database.config.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const target = new URL(database.config.url);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    config = testConfig({ kind: 'postgres', url: relay.urlFor(database.config.url) });
    app = await buildApp(config);
    await app.ready();
    [buyer] = (await quickBuyers(app, 1)) as [Buyer];
    [productId] = (await stockedProducts(app, ['Outage Runner'], 50)) as [string];
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });

  afterAll(async () => {
    await relay?.restore();
    await app?.close();
    await admin?.end();
    await relay?.close();
    await database?.drop();
    if (config) rmSync(config.dataDir, { recursive: true, force: true });
    process.off('uncaughtException', record);
  });

  const checkout = () =>
    app.inject({
      method: 'POST',
      url: '/api/checkouts',
      headers: { origin: ORIGIN, cookie: buyer.cookie },
      payload: { products: [{ id: productId, size: '9', count: 1 }] },
    });
  const list = () => app.inject({ method: 'GET', url: '/api/products?limit=5' });

  /** Every check that the shop is back: the lists, a checkout and readiness. */
  async function servesAgain(withinMs: number): Promise<number> {
    const started = Date.now();
    await vi.waitFor(
      async () => {
        const ready = await app.inject({ method: 'GET', url: '/api/ready' });
        if (ready.statusCode !== 200) throw new Error(`not ready after ${withinMs} ms: ${ready.body}`);
      },
      { timeout: withinMs, interval: 100 },
    );
    expect((await list()).statusCode).toBe(200);
    const bought = await checkout();
    expect(bought.statusCode, bought.body).toBe(200);
    return Date.now() - started;
  }

  it('outlives PostgreSQL ending its connections, and the next requests are served', async () => {
    // Connections in the shop's pool and the job queue's, idle.
    await Promise.all([list(), list(), checkout(), app.jobs.settled()]);
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [new URL(database.config.kind === 'postgres' ? database.config.url : '').pathname.slice(1)],
    );
    expect(rows.length).toBeGreaterThan(1);
    // Kept: a check that nothing goes wrong has no event to wait for; this gives the ended connections'
    // errors time to reach the pools (and any unhandled rejection time to surface).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unhandled).toEqual([]);
    expect(await servesAgain(5_000)).toBeLessThan(5_000);
    // The job queue's workers run again too.
    await app.jobs.send('sweep', {});
    await app.jobs.settled();
  });

  it('answers 503 in the envelope, quickly, while the database cannot be reached; then serves again', async () => {
    const before = await unitLedger(app, productId);
    await relay.cut();
    const requests = [
      list(),
      app.inject({ method: 'GET', url: `/api/products/details/${productId}` }),
      checkout(),
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: 'demo@sneakershop.test', password: 'Demo#2023shop' },
      }),
      app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: buyer.cookie } }),
      app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: buyer.cookie } }),
    ];
    const started = Date.now();
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode, `${response.raw.req.url} ${response.body}`).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'failed', queue: 'failed' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await relay.restore();
    expect(await servesAgain(10_000)).toBeLessThan(10_000);
    // Nothing was half-made: the one checkout that got through holds one more unit.
    const after = await unitLedger(app, productId);
    expect(after.units + after.reserved + after.sold).toBe(before.units + before.reserved + before.sold);
    expect(after.reserved).toBe(after.pending);
    expect(after.pending).toBe(before.pending + 1);
    expect(unhandled).toEqual([]);
  });

  it('fails a request within seconds when the database stops answering, instead of hanging', async () => {
    await relay.blackHole();
    const started = Date.now();
    const response = await checkout();
    const waited = Date.now() - started;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(waited).toBeLessThan(8_000);
    await relay.restore();
    await servesAgain(10_000);
    expect(unhandled).toEqual([]);
  }, 30_000);

  it("approves an order paid while the database goes away: by the payment's job, and on the buyer's retry", async () => {
    const direct = database.config.kind === 'postgres' ? database.config.url : '';
    const started = await checkout();
    expect(started.statusCode, started.body).toBe(200);
    const { url, orderId } = started.json<{ url: string; orderId: string }>();
    const reference = url.split('/').pop();
    const pay = () =>
      app.inject({
        method: 'POST',
        url: `/api/test-gateway/payments/${reference}/pay`,
        headers: { origin: ORIGIN },
      });
    const before = await unitLedger(app, productId);
    const observer = new pg.Client({ connectionString: direct });
    await observer.connect();
    const one = async (text: string, values: unknown[] = []) => (await observer.query(text, values)).rows[0];

    // The order's row is held (as a slow transaction holds it): the payment closes, the approval waits.
    const holder = new pg.Client({ connectionString: direct });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM "order" WHERE id = $1 FOR UPDATE', [orderId]);
    const paying = pay();
    await vi.waitFor(
      async () => {
        expect(await one('SELECT status FROM test_payment WHERE reference = $1', [reference])).toEqual({
          status: 'paid',
        });
        const waiting = await one(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        expect(waiting?.n).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    // Then the database goes away: the payment is taken and its order has not heard of it.
    await relay.cut();
    const failed = await paying;
    expect(failed.statusCode, failed.body).toBe(503);
    await holder.query('ROLLBACK');
    await holder.end();
    await relay.restore();
    expect((await one('SELECT state FROM "order" WHERE id = $1', [orderId]))?.state).toBe('pending');

    // The notification's job approves the order by itself, once the database is back.
    await vi.waitFor(
      async () => {
        expect((await one('SELECT state FROM "order" WHERE id = $1', [orderId]))?.state).toBe('aprobed');
      },
      { timeout: 100_000, interval: 250 },
    );
    // The buyer's retry is answered as the first payment would have been, and nothing is taken twice.
    const retried = await pay();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().redirectUrl).toContain(orderId);
    const captures = await one(
      "SELECT count(*)::int AS n FROM payment_entry WHERE order_id = $1 AND kind = 'capture'",
      [orderId],
    );
    expect(captures?.n).toBe(1);
    const after = await unitLedger(app, productId);
    expect(after.sold).toBe(before.sold + 1);
    expect(after.pending).toBe(before.pending - 1);
    await observer.end();
    expect(unhandled).toEqual([]);
  }, 150_000);

  it('approves the order when a payment already paid is paid again, and refuses one given up', async () => {
    const started = await checkout();
    const { url, orderId } = started.json<{ url: string; orderId: string }>();
    const reference = url.split('/').pop();
    // The state a restart leaves behind: the payment closed as paid, its order still pending.
    await app.db.execute(sql`UPDATE test_payment SET status = 'paid' WHERE reference = ${reference}`);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/test-gateway/payments/${reference}/pay`,
      headers: { origin: ORIGIN },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(order.json().state).toBe('aprobed');

    const other = (await checkout()).json<{ url: string }>().url.split('/').pop();
    const decide = (what: 'cancel' | 'pay') =>
      app.inject({
        method: 'POST',
        url: `/api/test-gateway/payments/${other}/${what}`,
        headers: { origin: ORIGIN },
      });
    expect((await decide('cancel')).statusCode).toBe(200);
    const refused = await decide('pay');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe('This payment is no longer open');
  });
});
