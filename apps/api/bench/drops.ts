/**
 * The drops (BENCH_ONLY=drops; PostgreSQL only): a draw taking 10,000 entries and a first-come release of
 * 200 pairs with 5,000 shoppers arriving in its last minute (docs/decisions/0030, 0033).
 *
 * The shoppers are HTTP clients in this process, at most BENCH_DROP_CONCURRENCY (50) requests in flight.
 * Accounts and sessions are written directly (signing up hashes a password each), signed with the secret
 * the bench's servers use.
 *
 * Draw, with the shop in this process (buildApp, listening on loopback, its own job workers) on a fresh
 * PostgreSQL database: BENCH_DROP_ENTRIES (10,000) verified shoppers, each with an address and phone of
 * their own, ask for a proof-of-work challenge, solve it (DROP_POW_MAX_NUMBER is set to BENCH_DROP_POW
 * (1,000) so the clients' solving does not swamp the measure; the shop's default is 100,000) and enter one
 * of five sizes. Then the entry closes, an admin draws and every winner buys their pair. Figures: entry
 * p50/p99 (the POST), the draw's duration, checkout p99 of the winners.
 *
 * First come, against BENCH_DROP_INSTANCES (2) production instances (the `start` script) on the same
 * database and Redis (BENCH_REDIS_URL, emptied first) behind nginx, each in a CPU quota of
 * BENCH_DROP_INSTANCE_CPU cores (0, the default: none), with this process, the crowd, in a quota of its own
 * of BENCH_DROP_CROWD_CPU (0.5) cores so that it cannot take the shop's CPU (a cgroup: run as root): 200
 * pairs (five sizes of 40), BENCH_DROP_SHOPPERS (5,000) shoppers join the pre-queue spread over the last
 * BENCH_DROP_ARRIVAL_S (60) seconds before the release, then poll their place as the waiting room's page
 * does (a quarter of their estimated wait, between 3 and 30 seconds) and, once admitted, buy one pair of a
 * random size with their admission token. The room admits BENCH_DROP_ADMISSION (5,000) a minute. Figures:
 * join p99, place p99, the time from the release to the last admission, checkout p99 of admitted
 * shoppers, and the crowd's CPU. Target: 0 x 5xx, place p99 < 500 ms, admitted checkout p99 < 1 s.
 * Needs Debian's nginx and a Redis.
 *
 * Checked after each: no pair oversold (units + reserved + sold is what there was, none negative), no
 * 5xx, nobody with more pairs than the per-person limit (1).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { buildProduct } from '@shop/contracts/testing';
import { solveChallenge } from 'altcha-lib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { type Db, openDatabase } from '../src/db/client';
import { insertProducts } from '../src/modules/catalog/catalog.repository';
import { createCpuQuota } from './cpu-quota';
import { inProcessConfig } from './in-process';
import { flushRedis, type InstanceStarter, nginxBinary, withInstances } from './instances';

export const DROPS_SCENARIO = 'drops (a draw of 10,000 entries; 5,000 shoppers for a first-come release)';
const ENTRIES = Number(process.env.BENCH_DROP_ENTRIES ?? 10_000);
const SHOPPERS = Number(process.env.BENCH_DROP_SHOPPERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_DROP_CONCURRENCY ?? 50);
const POW = Number(process.env.BENCH_DROP_POW ?? 1_000);
const ARRIVAL_S = Number(process.env.BENCH_DROP_ARRIVAL_S ?? 60);
const ADMISSION = Number(process.env.BENCH_DROP_ADMISSION ?? 5_000);
/** The first-come release: production instances behind nginx, their CPU quota (0: none), the crowd's. */
const ROOM_INSTANCES = Number(process.env.BENCH_DROP_INSTANCES ?? 2);
const ROOM_INSTANCE_CPU = Number(process.env.BENCH_DROP_INSTANCE_CPU ?? 0);
const CROWD_CPU = Number(process.env.BENCH_DROP_CROWD_CPU ?? 0.5);
/** The release's targets: a poll of one's place, and an admitted shopper's checkout, at p99. */
const PLACE_P99_MS = 500;
const ADMITTED_CHECKOUT_P99_MS = 1_000;
const SIZES = ['8', '9', '10', '11', '12'];
const UNITS_PER_SIZE = 40;
const PAIRS = SIZES.length * UNITS_PER_SIZE;

export interface DropsBenchResult {
  entryP50: number;
  entryP99: number;
  entries: number;
  drawSeconds: number;
  winners: number;
  winnerCheckoutP99: number;
  joinP99: number;
  statusP99: number;
  admittedSeconds: number;
  admitted: number;
  /** Shoppers still waiting when the last pair went, told so instead of admitted. */
  toldSoldOut: number;
  queueCheckoutP99: number;
  sold: number;
  oversold: number;
  /** 5xx answers during the draw, and during the first-come release. */
  serverErrors: number;
  roomServerErrors: number;
  overLimit: number;
  /** The crowd's CPU during the release, in cores (its quota is CROWD_CPU). */
  crowdCores: number;
  load: string;
}

interface Shopper {
  id: string;
  cookie: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` for every item, at most `limit` at once. */
async function pooled<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

/** Where the shoppers are written, and how a session cookie of the shop is signed and named. */
interface Accounts {
  db: Db;
  secret: string;
  cookieName: string;
}

/** Verified shoppers with an address and a phone of their own, signed in (written directly). */
async function shoppers(accounts: Accounts, count: number, prefix: string): Promise<Shopper[]> {
  const rows = await accounts.db.execute(sql`
    INSERT INTO "user" (name, email, email_verified, username, address, city, state, country, phone)
    SELECT ${prefix} || i, ${prefix} || i || '@bench.test', true, ${prefix} || i, i || ' ' || ${prefix} || ' Street',
           'Springfield', 'IL', 'US', '+1555' || lpad(i::text, 7, '0')
    FROM generate_series(1, ${count}) AS i
    RETURNING id`);
  const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  for (let start = 0; start < ids.length; start += 1000) {
    const values = ids
      .slice(start, start + 1000)
      .map(
        (id, index) =>
          sql`(gen_random_uuid(), ${id}, ${tokens[start + index]}, now() + interval '2 hours', now(), now())`,
      );
    await accounts.db.execute(
      sql`INSERT INTO session (id, user_id, token, expires_at, created_at, updated_at) VALUES ${sql.join(values, sql`, `)}`,
    );
  }
  return ids.map((id, index) => {
    const token = tokens[index] ?? '';
    const signature = createHmac('sha256', accounts.secret).update(token).digest('base64');
    return { id, cookie: `${accounts.cookieName}=${encodeURIComponent(`${token}.${signature}`)}` };
  });
}

/**
 * The shoppers' HTTP client: at most CONCURRENCY requests in flight (the rest wait their turn here, as
 * browsers queue behind a busy network), each timed from when it is sent.
 */
class Client {
  serverErrors = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly base: string,
    private readonly origin: string,
  ) {}

  private async turn(): Promise<void> {
    if (this.inFlight < CONCURRENCY) {
      this.inFlight += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private done(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight -= 1;
  }

  async call(method: string, url: string, cookie: string, body?: unknown) {
    await this.turn();
    try {
      return await this.send(method, url, cookie, body);
    } finally {
      this.done();
    }
  }

  private async send(method: string, url: string, cookie: string, body?: unknown) {
    const started = performance.now();
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        origin: this.origin,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status >= 500) this.serverErrors += 1;
    // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes, read field by field
    const json = (text ? JSON.parse(text) : null) as any;
    return { status: response.status, json, ms };
  }
}

async function proof(client: Client, shopper: Shopper, dropId: string): Promise<string> {
  const { json: challenge } = await client.call('GET', `/api/drops/${dropId}/challenge`, shopper.cookie);
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  const payload = { ...challenge, number: solution?.number };
  delete payload.maxnumber;
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function dropProduct(db: Db, name: string): Promise<string> {
  const stock = Object.fromEntries(SIZES.map((size) => [size, UNITS_PER_SIZE]));
  const slug = `${name}-${randomBytes(3).toString('hex')}`;
  const built = buildProduct({ name, price: 180, stock });
  const created = await insertProducts(db, [
    {
      slug,
      name,
      brand: built.brand,
      priceCents: 18_000,
      description: built.description,
      genders: built.gender,
      categories: built.category,
      color: built.color,
      collection: built.collection,
      releaseDate: built.release_date,
      cardPicture: built.card_picture,
      detailPicture: built.detail_picture,
      originalPicture: built.original_picture,
      stock,
    },
  ]);
  return created.get(slug) ?? '';
}

async function stockTotals(db: Db, productId: string) {
  const result = await db.execute(sql`
    SELECT coalesce(sum(units), 0)::int AS units, coalesce(sum(reserved), 0)::int AS reserved,
           min(units)::int AS lowest FROM product_stock WHERE product_id = ${productId}`);
  const [row] = (result as unknown as { rows: { units: number; reserved: number; lowest: number }[] }).rows;
  const sold = await db.execute(sql`
    SELECT coalesce(sum(i.count), 0)::int AS pending_or_paid, coalesce(max(per.n), 0)::int AS most
    FROM order_item i JOIN "order" o ON o.id = i.order_id AND o.state IN ('pending', 'aprobed')
    LEFT JOIN LATERAL (SELECT sum(i2.count) AS n FROM order_item i2 JOIN "order" o2 ON o2.id = i2.order_id
      AND o2.state IN ('pending', 'aprobed') WHERE i2.product_id = ${productId} AND o2.user_id = o.user_id) per ON true
    WHERE i.product_id = ${productId}`);
  const [orders] = (sold as unknown as { rows: { pending_or_paid: number; most: number }[] }).rows;
  return {
    ...(row ?? { units: 0, reserved: 0, lowest: 0 }),
    ordered: orders?.pending_or_paid ?? 0,
    most: orders?.most ?? 0,
  };
}

const line = (productId: string, size: string) => ({ id: productId, size, count: 1 });

/** What a drop's bench works with: the shop's accounts, a client of it, an admin, and where it reports. */
interface DropBench {
  accounts: Accounts;
  client: Client;
  admin: Shopper;
  log: (message: string) => void;
}

async function benchDraw({ accounts, client, admin, log }: DropBench) {
  const { db } = accounts;
  const productId = await dropProduct(db, 'Bench Draw');
  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const created = await client.call('POST', '/api/drops', admin.cookie, {
    productId,
    mode: 'draw',
    releaseAt: soon(120),
    entryClosesAt: soon(60),
  });
  if (created.status !== 201) throw new Error(`drop not created: ${JSON.stringify(created.json)}`);
  const dropId = created.json.id as string;
  const people = await shoppers(accounts, ENTRIES, `entrant${randomBytes(2).toString('hex')}`);
  log(`draw: ${ENTRIES} entrants written; entering at ${CONCURRENCY} at once`);
  const entryMs: number[] = [];
  let entered = 0;
  const entering = performance.now();
  await pooled(people, CONCURRENCY, async (person, index) => {
    const solved = await proof(client, person, dropId);
    const response = await client.call('POST', `/api/drops/${dropId}/entries`, person.cookie, {
      size: SIZES[index % SIZES.length],
      proof: solved,
    });
    entryMs.push(response.ms);
    if (response.status === 201) entered += 1;
  });
  log(`draw: ${entered} entries in ${((performance.now() - entering) / 1000).toFixed(1)} s`);
  await db.execute(sql`UPDATE "drop" SET entry_opens_at = now() - interval '2 minutes',
    entry_closes_at = now() - interval '1 minute', release_at = now() WHERE id = ${dropId}`);
  const drawing = performance.now();
  const drawn = await client.call('POST', `/api/drops/${dropId}/draw`, admin.cookie);
  const drawSeconds = (performance.now() - drawing) / 1000;
  if (drawn.status !== 200) throw new Error(`draw failed: ${JSON.stringify(drawn.json)}`);
  const winners = await db.execute(
    sql`SELECT user_id, size FROM drop_entry WHERE drop_id = ${dropId} AND status = 'won'`,
  );
  const won = (winners as unknown as { rows: { user_id: string; size: number }[] }).rows;
  const byId = new Map(people.map((person) => [person.id, person]));
  const checkoutMs: number[] = [];
  await pooled(won, CONCURRENCY, async (winner) => {
    const person = byId.get(winner.user_id) as Shopper;
    const response = await client.call('POST', '/api/checkouts', person.cookie, {
      products: [line(productId, String(winner.size))],
    });
    checkoutMs.push(response.ms);
  });
  const totals = await stockTotals(db, productId);
  return { entryMs, entered, drawSeconds, winners: won.length, checkoutMs, totals };
}

async function benchRoom({ accounts, client, admin, log }: DropBench) {
  const productId = await dropProduct(accounts.db, 'Bench Room');
  const releaseAt = new Date(Date.now() + (ARRIVAL_S + 5) * 1000);
  const created = await client.call('POST', '/api/drops', admin.cookie, {
    productId,
    mode: 'queue',
    releaseAt: releaseAt.toISOString(),
    preQueueMinutes: 15,
    admissionPerMinute: ADMISSION,
  });
  if (created.status !== 201) throw new Error(`drop not created: ${JSON.stringify(created.json)}`);
  const dropId = created.json.id as string;
  const people = await shoppers(accounts, SHOPPERS, `queuer${randomBytes(2).toString('hex')}`);
  log(`room: ${SHOPPERS} shoppers arriving over ${ARRIVAL_S} s before the release`);
  const joinMs: number[] = [];
  const statusMs: number[] = [];
  const checkoutMs: number[] = [];
  let lastAdmission = 0;
  let admitted = 0;
  let toldSoldOut = 0;
  const start = Date.now();
  await Promise.all(
    people.map(async (person, index) => {
      await pause((index / people.length) * ARRIVAL_S * 1000);
      const joined = await client.call('POST', `/api/drops/${dropId}/queue`, person.cookie);
      joinMs.push(joined.ms);
      let status = joined.json;
      for (;;) {
        if (!status || status.admitted || ['sold_out', 'expired'].includes(status.state)) break;
        // As the waiting room's page asks: a quarter of the wait, between 3 and 30 seconds.
        const waitMs =
          Math.min(30_000, Math.max(3_000, (status.estimateSeconds ?? 0) * 250)) + Math.random() * 500;
        await pause(waitMs);
        const polled = await client.call('GET', `/api/drops/${dropId}/queue/me`, person.cookie);
        statusMs.push(polled.ms);
        status = polled.json;
      }
      if (status?.state === 'sold_out') toldSoldOut += 1;
      if (!status?.admitted) return;
      admitted += 1;
      lastAdmission = Math.max(lastAdmission, Date.now());
      const size = SIZES[Math.floor(Math.random() * SIZES.length)] as string;
      const bought = await client.call('POST', '/api/checkouts', person.cookie, {
        products: [line(productId, size)],
        admission: status.token,
      });
      checkoutMs.push(bought.ms);
    }),
  );
  log(`room: done ${((Date.now() - start) / 1000).toFixed(0)} s after the first arrival`);
  const totals = await stockTotals(accounts.db, productId);
  return {
    joinMs,
    statusMs,
    checkoutMs,
    admitted,
    toldSoldOut,
    admittedSeconds: Math.max(0, (lastAdmission - releaseAt.getTime()) / 1000),
    totals,
  };
}

/** What the drops borrow from the bench: its database, the secret its servers sign sessions with, instances. */
export interface DropsBench {
  databaseUrl: string;
  authSecret: string;
  instances: InstanceStarter;
  log: (message: string) => void;
}

const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The draw, with the shop in this process; leaves the database migrated and an admin signed in. */
async function drawInProcess(bench: DropsBench) {
  const database = { kind: 'postgres' as const, url: bench.databaseUrl, poolSize: 20 };
  const { dataDir, config: base } = inProcessConfig('drops', database, {
    AUTH_SECRET: bench.authSecret,
    DROP_POW_MAX_NUMBER: String(POW),
    // Every shopper checks out once; the shop's limits are per account, so none is in the way.
    RATE_LIMIT_SCALE: '1000',
  });
  const app = await buildApp({ ...base, catalogCacheSeconds: 5 });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = new Client(address, base.siteUrl);
    const accounts = { db: app.db, secret: bench.authSecret, cookieName: app.sessionCookieName };
    const [admin] = await shoppers(accounts, 1, `benchadmin${randomBytes(2).toString('hex')}`);
    if (!admin) throw new Error('no admin');
    await app.db.execute(sql`UPDATE "user" SET role = 'admin' WHERE id = ${admin.id}`);
    const draw = await benchDraw({ accounts, client, admin, log: bench.log });
    return { draw, admin, cookieName: app.sessionCookieName, serverErrors: client.serverErrors };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The first-come release against ROOM_INSTANCES production instances behind nginx (each in a quota of
 * ROOM_INSTANCE_CPU cores, 0 unbounded), on Redis, with this process, the crowd, in a quota of CROWD_CPU.
 */
async function roomOnInstances(bench: DropsBench, admin: Shopper, cookieName: string) {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('bench: the drops need nginx (Debian: apt-get install nginx-light)');
  if (!(await flushRedis(bench.log, 'the drops'))) throw new Error('bench: the drops need a Redis');
  const db = await openDatabase({ kind: 'postgres', url: bench.databaseUrl, poolSize: 4 });
  const extraEnv = {
    DROP_POW_MAX_NUMBER: String(POW),
    RATE_LIMIT_SCALE: '1000',
    DATABASE_POOL_SIZE: '10',
  };
  try {
    return await withInstances(
      bench.instances,
      nginx,
      { count: ROOM_INSTANCES, cpu: ROOM_INSTANCE_CPU },
      extraEnv,
      async (baseUrl) => {
        const crowd = createCpuQuota(`shop-bench-crowd-${process.pid}`, CROWD_CPU);
        if ('unavailable' in crowd)
          throw new Error(`bench: no CPU quota for the crowd: ${crowd.unavailable}`);
        crowd.add(process.pid);
        bench.log(`room: the crowd in ${crowd.description}`);
        const client = new Client(baseUrl, baseUrl);
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        try {
          const accounts = { db: db.db, secret: bench.authSecret, cookieName };
          const room = await benchRoom({ accounts, client, admin, log: bench.log });
          const used = process.cpuUsage(cpuBefore);
          const crowdCores = (used.user + used.system) / 1000 / (performance.now() - started);
          return { room, serverErrors: client.serverErrors, crowdCores };
        } finally {
          crowd.remove();
        }
      },
    );
  } finally {
    await db.close();
  }
}

export async function benchDrops(bench: DropsBench): Promise<DropsBenchResult> {
  const before = loadNow();
  const { draw, admin, cookieName, serverErrors } = await drawInProcess(bench);
  const drawLoad = loadNow();
  const { room, serverErrors: roomErrors, crowdCores } = await roomOnInstances(bench, admin, cookieName);
  const oversold = [draw.totals, room.totals].reduce(
    (sum, totals) => sum + Math.max(0, totals.ordered + totals.units - PAIRS) + Math.max(0, -totals.lowest),
    0,
  );
  return {
    entryP50: percentile(draw.entryMs, 50),
    entryP99: percentile(draw.entryMs, 99),
    entries: draw.entered,
    drawSeconds: draw.drawSeconds,
    winners: draw.winners,
    winnerCheckoutP99: percentile(draw.checkoutMs, 99),
    joinP99: percentile(room.joinMs, 99),
    statusP99: percentile(room.statusMs, 99),
    admittedSeconds: room.admittedSeconds,
    admitted: room.admitted,
    toldSoldOut: room.toldSoldOut,
    queueCheckoutP99: percentile(room.checkoutMs, 99),
    sold: room.totals.ordered,
    oversold,
    serverErrors,
    roomServerErrors: roomErrors,
    overLimit: [draw.totals, room.totals].filter((totals) => totals.most > 1).length,
    crowdCores,
    load: `${cpus().length} cores, load average ${before} before, ${drawLoad} after the draw, ${loadNow()} after the release`,
  };
}

/** The summary lines. */
export function dropsLines(result: DropsBenchResult | undefined): string[] {
  if (!result) return [];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `drops (PostgreSQL; ${result.load}):`,
    `  draw: ${result.entries} entries, entry p50 ${ms(result.entryP50)}, p99 ${ms(result.entryP99)}; the draw took ${result.drawSeconds.toFixed(2)} s; ${result.winners} winners, their checkout p99 ${ms(result.winnerCheckoutP99)}`,
    `  first come (${ROOM_INSTANCES} production instances behind nginx on Redis${ROOM_INSTANCE_CPU > 0 ? `, each in ${ROOM_INSTANCE_CPU} CPU` : ''}; the crowd in a quota of ${CROWD_CPU} CPU, used ${result.crowdCores.toFixed(2)}): ${SHOPPERS} shoppers, join p99 ${ms(result.joinP99)}, place p99 ${ms(result.statusP99)}; ${result.admitted} admitted, the last ${result.admittedSeconds.toFixed(0)} s after the release, ${result.toldSoldOut} told it sold out while waiting; the admitted shoppers' checkout p99 ${ms(result.queueCheckoutP99)}; ${result.sold} of ${PAIRS} pairs sold`,
    `target: drops 0 pairs oversold, 0 x 5xx, nobody over the per-person limit: ${result.oversold} oversold, ${result.serverErrors + result.roomServerErrors} x 5xx, ${result.overLimit} over the limit, ${result.oversold + result.serverErrors + result.roomServerErrors + result.overLimit === 0 ? 'met' : 'MISSED'}`,
    `target: first come 0 x 5xx, place p99 < ${PLACE_P99_MS} ms, admitted checkout p99 < ${ADMITTED_CHECKOUT_P99_MS} ms: ${result.roomServerErrors} x 5xx, ${ms(result.statusP99)}, ${ms(result.queueCheckoutP99)}, ${result.roomServerErrors === 0 && result.statusP99 < PLACE_P99_MS && result.queueCheckoutP99 < ADMITTED_CHECKOUT_P99_MS ? 'met' : 'MISSED'}`,
  ];
}
