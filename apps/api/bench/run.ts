/**
 * `npm run bench`: the catalogue API under load, on PGlite and (when one answers) on PostgreSQL.
 *
 * For each backend: load BENCH_PRODUCTS generated products into a fresh database, start the real server
 * as a child process, exactly as apps/api's `start` script runs it (same node flags), hit it with
 * autocannon (BENCH_CONNECTIONS connections, BENCH_DURATION seconds per scenario after a BENCH_WARMUP-second
 * warm-up), read the child's memory and CPU time after each scenario, stop it and throw the database away.
 * Prints one table at the end and whether the targets are met. The server's CPU time per request is the
 * figure to compare between configurations on a busy machine: req/s and latency move with the neighbours.
 *
 * Environment: BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (50), BENCH_CHECKOUT_CONNECTIONS (10),
 * BENCH_ORDERS_CONNECTIONS (10), BENCH_PRODUCTS (10000),
 * BENCH_TIMEOUT (60 s per request),
 * BENCH_DATABASE_URL (a PostgreSQL server to create the throwaway database on; default
 * postgres://$PGUSER-or-you@127.0.0.1:5432/postgres, skipped when nothing answers there), BENCH_BACKENDS
 * ("pglite,postgres"), BENCH_NODE_FLAGS (node flags put in front of the start script's own, to try one
 * before adopting it; the script's own come later and win where they disagree), BENCH_ONLY (run only the
 * scenarios whose name contains it, or one of its comma-separated parts, e.g. "checkout" or "ceiling,orders").
 *
 * The staff's scenarios (BENCH_ONLY=admin): BENCH_ADMIN_ORDERS (100000) orders of one to three lines by
 * 5,000 customers over the last two years, written in bulk (INSERT ... SELECT generate_series: seconds);
 * an admin's GET /api/orders (first page, filtered by state and dates, a deep page) at
 * BENCH_ADMIN_CONNECTIONS (10) connections, the sales report, and the CSV export of every order once:
 * its time, bytes, rows, and the server's resident memory sampled every 100 ms during it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseConfig, ROOT_DIR } from '../src/config';
import { type Db, openDatabase } from '../src/db/client';
import { order, orderItem, session, user } from '../src/db/schema';
import { addProducts } from '../src/modules/catalog/catalog.service';
import { generateBenchProducts } from './generate';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = Number(env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
/** Buyers paying at the same instant for the checkout target (10: a busy shop's peak on one instance). */
const CHECKOUT_CONNECTIONS = Number(env.BENCH_CHECKOUT_CONNECTIONS ?? 10);
/** Requests at once for the account's orders target (10, like checkout: one busy instance). */
const ORDERS_CONNECTIONS = Number(env.BENCH_ORDERS_CONNECTIONS ?? 10);
/**
 * Seconds before autocannon gives up on a request. Generous, because a timed-out request is left out of
 * the latency histogram (it would make p99 look better than it is); any timeout still fails the bench.
 */
const TIMEOUT = Number(env.BENCH_TIMEOUT ?? 60);
const PRODUCTS = Number(env.BENCH_PRODUCTS ?? 10_000);
const BACKENDS = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** Extra node/V8 flags for the server child, e.g. "--liftoff-only" (less memory, slower PGlite). */
const NODE_FLAGS = (env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** Only the scenarios whose name contains one of these texts (e.g. "checkout", "ceiling,orders"); all by default. */
const ONLY = (env.BENCH_ONLY ?? '').split(',').map((part) => part.trim());
const wanted = (name: string) => ONLY.some((part) => name.includes(part));
const POSTGRES_URL =
  env.BENCH_DATABASE_URL ?? `postgres://${env.PGUSER ?? userInfo().username}@127.0.0.1:5432/postgres`;

/** Targets from the brief. */
const PGLITE_MEMORY_TARGET_MB = 400;
const POSTGRES_P99_TARGET_MS = 25;
const POSTGRES_CHECKOUT_P95_TARGET_MS = 100;
const POSTGRES_ORDERS_P95_TARGET_MS = 30;

const CHECKOUT_SCENARIO = 'checkout (POST /api/checkouts)';
const ORDERS_SCENARIO = 'orders (GET /api/orders page 1, a user with 500 orders)';
/** The orders scenario's customer and how many orders they placed. */
const ORDERS_OF_CUSTOMER = 500;
/** The admin scenarios: how many orders the shop has, and requests at once (one busy instance's staff). */
const ADMIN_ORDERS = Number(env.BENCH_ADMIN_ORDERS ?? 100_000);
const ADMIN_CUSTOMERS = 5_000;
const ADMIN_CONNECTIONS = Number(env.BENCH_ADMIN_CONNECTIONS ?? 10);
const POSTGRES_ADMIN_P95_TARGET_MS = 50;
/** The export streams in constant memory: the server's resident memory grows less than this during it. */
const EXPORT_GROWTH_TARGET_MB = 64;
/** Every admin scenario's name starts with this (and none says "orders", so BENCH_ONLY=orders leaves them out). */
const ADMIN_SCENARIO = 'admin';
const ADMIN_LIST_SCENARIO = `${ADMIN_SCENARIO} list`;
/** The server's session secret: the bench signs the orders customer's session cookie with it. */
const AUTH_SECRET = env.AUTH_SECRET ?? randomBytes(32).toString('hex');

/** What the checkout scenario buys: one size with stock enough for any run. */
const CHECKOUT_PRODUCT = {
  slug: 'bench-checkout-runner',
  name: 'Bench Checkout Runner',
  brand: 'nike',
  priceCents: 12_000,
  rating: 4,
  description: '<p>The pair every checkout of the benchmark buys.</p>',
  genders: ['unisex'],
  categories: ['running'],
  color: 'Red',
  collection: 'Bench',
  releaseDate: '2024-01-01',
  cardPicture: '/uploads/bench/card.webp',
  detailPicture: '/uploads/bench/detail.webp',
  originalPicture: '/uploads/bench/original.webp',
  stock: { '9': 100_000_000 },
};

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

interface Scenario {
  name: string;
  /** Paths the connections rotate through. */
  paths: string[];
  /** The catalogue must find something for these paths (a typo-tolerant search that finds nothing is broken). */
  mustFind?: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'ceiling (health/live)', paths: ['/api/health/live'] },
  {
    name: 'filtered',
    paths: ['/api/products?category=running&gender=women&priceMin=50&priceMax=200'],
    mustFind: true,
  },
  {
    name: 'sorted',
    paths: [`/api/products?brand=nike&orderBy=${json({ price: -1 })}&page=3`],
    mustFind: true,
  },
  {
    name: 'searched',
    paths: [
      '/api/products?search=jordn',
      '/api/products?search=air%20max%20red',
      '/api/products?search=chuck%20taylr',
      '/api/products?search=ultrabost',
      '/api/products?search=samba%20gum',
      '/api/products?search=old%20skool%20black',
    ],
    mustFind: true,
  },
  {
    name: 'combined',
    paths: [
      `/api/products?search=air&category=running&gender=men&brand=nike&priceMin=60&priceMax=250&orderBy=${json({ price: 1 })}&page=2`,
      `/api/products?search=jordn&category=basketball&gender=men&rating=5&orderBy=${json({ name: 1 })}`,
      `/api/products?search=canvas&brand=converse&gender=women&priceMax=120&orderBy=${json({ price: -1 })}`,
      `/api/products?category=skateboarding&brand=vans&rating=4&priceMin=40&priceMax=90&orderBy=${json({ name: -1 })}&page=2`,
    ],
    mustFind: true,
  },
];

interface Row {
  backend: string;
  scenario: string;
  requestsPerSecond: number;
  /** The server process's CPU time (all its threads) per request, in microseconds. */
  cpuUsPerRequest: number;
  /** The server's resident memory after the scenario, and its peak so far (VmHWM), in MB. */
  rssMb: number;
  peakMb: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The CSV export of every order, streamed once. */
interface ExportResult {
  backend: string;
  orders: number;
  lines: number;
  megabytes: number;
  firstByteMs: number;
  seconds: number;
  /** The server's resident memory just before, at its highest during (sampled every 100 ms), in MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
  samples: number;
  /** The server's CPU time spent on it, in seconds. */
  cpuSeconds: number;
}

interface BackendResult {
  backend: string;
  rows: Row[];
  export?: ExportResult;
  idleMemoryMb: number;
  /** Peak resident memory by the time the server answered: start-up's own high-water mark. */
  readyPeakMemoryMb: number;
  peakMemoryMb: number;
  loadSeconds: number;
}

function log(message: string) {
  console.log(`[bench] ${message}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A customer with `ORDERS_OF_CUSTOMER` orders of one to three lines, placed a few hours apart over the
 * last months, among other customers' orders, with a session; answers the signed session cookie (the way
 * Better Auth signs it), so no sign-up or password hashing is needed.
 */
async function loadOrdersCustomer(db: Db, productId: string): Promise<string> {
  const [customer] = await db
    .insert(user)
    .values({
      name: 'bench_orders',
      email: 'bench.orders@bench.test',
      username: 'bench_orders',
      emailVerified: true,
    })
    .returning({ id: user.id });
  const [neighbour] = await db
    .insert(user)
    .values({
      name: 'bench_other',
      email: 'bench.other@bench.test',
      username: 'bench_other',
      emailVerified: true,
    })
    .returning({ id: user.id });
  if (!customer || !neighbour) throw new Error('bench: no orders customer');
  const now = Date.now();
  for (const [userId, count] of [
    [customer.id, ORDERS_OF_CUSTOMER],
    [neighbour.id, 5_000],
  ] as const) {
    for (let start = 0; start < count; start += 500) {
      const orders = await db
        .insert(order)
        .values(
          Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
            const placed = new Date(now - (start + offset) * 3 * 3_600_000);
            const index = start + offset;
            return {
              userId,
              state: index % 10 === 0 ? 'cancelled' : 'aprobed',
              provider: index % 3 === 0 ? 'paypal' : 'stripe',
              providerReference: `bench_${userId.slice(0, 8)}_${index}`,
              totalCents: 12_000 * (1 + (index % 3)),
              reservedUntil: placed,
              paidAt: placed,
              createdAt: placed,
              updatedAt: placed,
            };
          }),
        )
        .returning({ id: order.id, totalCents: order.totalCents });
      await db.insert(orderItem).values(
        orders.flatMap((row) =>
          Array.from({ length: row.totalCents / 12_000 }, (_, position) => ({
            orderId: row.id,
            position,
            productId,
            name: CHECKOUT_PRODUCT.name,
            brand: CHECKOUT_PRODUCT.brand,
            picture: CHECKOUT_PRODUCT.cardPicture,
            size: 9 + position / 2,
            count: 1,
            unitPriceCents: 12_000,
          })),
        ),
      );
    }
  }
  const token = randomBytes(24).toString('base64url');
  await db.insert(session).values({ userId: customer.id, token, expiresAt: new Date(now + 24 * 3_600_000) });
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * `ADMIN_ORDERS` orders by `ADMIN_CUSTOMERS` customers, placed every ~10 minutes over the last two years (a
 * tenth cancelled, the rest aprobed), of one to three lines of the catalogue's products, written with one
 * INSERT ... SELECT per table; and an admin with a session. Answers the admin's signed session cookie.
 */
async function loadAdminOrders(db: Db): Promise<string> {
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO ${user} (name, email, username, email_verified)
    SELECT 'bench_customer_' || g, 'bench.customer' || g || '@bench.test', 'bench_customer_' || g, true
    FROM generate_series(1, ${ADMIN_CUSTOMERS}::int) AS g`);
  // Two years back from now, newest first; `bench_admin_<n>` keeps each order's number for its lines.
  const spacingSeconds = Math.floor((730 * 86_400) / ADMIN_ORDERS);
  await db.execute(sql`
    WITH customers AS (
      SELECT array_agg(id ORDER BY id) AS ids FROM ${user} WHERE email LIKE 'bench.customer%@bench.test'
    )
    INSERT INTO ${order} (user_id, state, provider, provider_reference, total_cents, reserved_until, paid_at,
      cancelled_at, created_at, updated_at)
    SELECT c.ids[1 + (g * 7919) % cardinality(c.ids)],
      CASE WHEN g % 10 = 0 THEN 'cancelled' ELSE 'aprobed' END,
      CASE WHEN g % 3 = 0 THEN 'paypal' ELSE 'stripe' END,
      'bench_admin_' || g,
      (1 + g % 3) * (5000 + (g % 40) * 250),
      t.placed,
      CASE WHEN g % 10 = 0 THEN NULL ELSE t.placed END,
      CASE WHEN g % 10 = 0 THEN t.placed END,
      t.placed, t.placed
    FROM generate_series(1, ${ADMIN_ORDERS}::int) AS g
    CROSS JOIN customers AS c
    CROSS JOIN LATERAL (
      SELECT now() - g * make_interval(secs => ${spacingSeconds}::int) - (g % 97) * interval '1 second' AS placed
    ) AS t`);
  await db.execute(sql`
    WITH products AS (
      SELECT (row_number() OVER (ORDER BY id)) - 1 AS n, id, name, brand, card_picture FROM product
    ), counted AS (SELECT count(*) AS total FROM product)
    INSERT INTO ${orderItem} (order_id, position, product_id, name, brand, picture, size, count, unit_price_cents)
    SELECT o.id, pos, p.id, p.name, p.brand, p.card_picture, 7 + ((o.g + pos) % 10) * 0.5, 1,
      o.total_cents / (1 + o.g % 3)
    FROM (
      SELECT id, total_cents, substr(provider_reference, 13)::int AS g
      FROM ${order} WHERE provider_reference LIKE 'bench_admin_%'
    ) AS o
    CROSS JOIN LATERAL generate_series(0, o.g % 3) AS pos
    CROSS JOIN counted
    JOIN products AS p ON p.n = (o.g * 31 + pos * 17) % counted.total`);
  const [admin] = await db
    .insert(user)
    .values({
      name: 'bench_admin',
      email: 'bench.admin@bench.test',
      username: 'bench_admin',
      emailVerified: true,
      role: 'admin',
    })
    .returning({ id: user.id });
  if (!admin) throw new Error('bench: no admin');
  const token = randomBytes(24).toString('base64url');
  await db
    .insert(session)
    .values({ userId: admin.id, token, expiresAt: new Date(Date.now() + 24 * 3_600_000) });
  log(
    `  ${ADMIN_ORDERS} orders for the admin scenarios written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

interface Loaded {
  seconds: number;
  /** The orders customer's session cookie, when the orders scenario runs. */
  ordersCookie?: string;
  /** The admin's session cookie, when the admin scenarios run. */
  adminCookie?: string;
}

/** Fresh database with the generated catalogue, vacuumed and analysed as autovacuum would leave it. */
async function loadDatabase(config: DatabaseConfig): Promise<Loaded> {
  const started = performance.now();
  const database = await openDatabase(config);
  let ordersCookie: string | undefined;
  let adminCookie: string | undefined;
  try {
    const products = generateBenchProducts(PRODUCTS);
    const chunk = 2_000;
    for (let start = 0; start < products.length; start += chunk) {
      await addProducts(database.db, products.slice(start, start + chunk));
      process.stdout.write(
        `\r[bench]   inserted ${Math.min(start + chunk, products.length)}/${products.length}`,
      );
    }
    process.stdout.write('\n');
    const checkoutProduct = await addProducts(database.db, [CHECKOUT_PRODUCT]);
    if (wanted(ORDERS_SCENARIO)) {
      ordersCookie = await loadOrdersCustomer(database.db, checkoutProduct.get(CHECKOUT_PRODUCT.slug) ?? '');
    }
    if (wanted(ADMIN_SCENARIO)) adminCookie = await loadAdminOrders(database.db);
    await database.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
  return { seconds: (performance.now() - started) / 1000, ordersCookie, adminCookie };
}

const API_DIR = path.join(ROOT_DIR, 'apps/api');

interface ServerCommand {
  /** Variables the script sets in front of the command (`NAME=value node ...`). */
  env: Record<string, string>;
  /** Node's arguments: flags, then the entry file (relative to apps/api). */
  args: string[];
  script: string;
}

/**
 * apps/api's `start` script, taken apart so the bench starts the server the way `npm start` does, with the
 * same node flags, and measures that process itself (not an npm wrapper).
 */
function serverCommand(): ServerCommand {
  const manifest = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const script = manifest.scripts?.start ?? '';
  const words = script.trim().split(/\s+/);
  const scriptEnv: Record<string, string> = {};
  while (words[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const [name = '', ...value] = (words.shift() ?? '').split('=');
    scriptEnv[name] = value.join('=');
  }
  if (words.shift() !== 'node' || words.length === 0 || /[|&;<>()$`'"\\]/.test(script)) {
    throw new Error(
      `bench: cannot start the server like the start script does (${JSON.stringify(script)}); keep it a plain "node <flags> <entry>"`,
    );
  }
  return { env: scriptEnv, args: words, script };
}

/** The command line the bench runs the server with, for the log. */
function describeServerCommand(): string {
  const command = serverCommand();
  const assignments = Object.entries(command.env).map(([name, value]) => `${name}=${value}`);
  return [...assignments, 'node', ...NODE_FLAGS, ...command.args].join(' ');
}

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<RunningServer> {
  const port = await freePort();
  const output: string[] = [];
  const command = serverCommand();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...command.args], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...command.env,
      NODE_ENV: 'production',
      // Production requires a session secret; a throwaway one is fine for a throwaway server.
      AUTH_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      // The checkout scenario pays in test mode and signs its buyers up from one address.
      PAYMENTS_TEST_MODE: 'true',
      RATE_LIMIT_SCALE: '100',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { child, baseUrl, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 120 s:\n${output.join('')}`);
}

/** A process's CPU time so far (user + system, every thread) from /proc, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process's resident memory from /proc: now (VmRSS) or its peak (VmHWM), in MB. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Every path answers 200 with a product list (and finds something when it must) before we measure. */
async function checkScenario(baseUrl: string, scenario: Scenario): Promise<string> {
  const totals: number[] = [];
  for (const requestPath of scenario.paths) {
    const response = await fetch(`${baseUrl}${requestPath}`);
    const body = await response.text();
    if (response.status !== 200) {
      throw new Error(
        `${scenario.name}: GET ${requestPath} answered ${response.status}: ${body.slice(0, 300)}`,
      );
    }
    if (requestPath.startsWith('/api/products')) {
      const list = JSON.parse(body) as { total: number; products: unknown[] };
      totals.push(list.total);
      if (scenario.mustFind && list.total === 0) {
        throw new Error(`${scenario.name}: GET ${requestPath} found nothing`);
      }
    }
  }
  return totals.length > 0 ? `matches per query: ${totals.join(', ')}` : '';
}

interface CannonRequests {
  method?: 'GET' | 'POST';
  paths: string[];
  body?: string;
  /** Headers for each connection (e.g. its own session cookie), by connection number. */
  headersFor?: (connection: number) => Record<string, string>;
}

interface CannonResult {
  result: autocannon.Result;
  /** From every response's own time, which autocannon's percentiles do not include. */
  p95: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

function cannon(
  baseUrl: string,
  requests: CannonRequests,
  duration: number,
  connections = CONNECTIONS,
): Promise<CannonResult> {
  const times: number[] = [];
  let connection = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections,
        duration,
        timeout: TIMEOUT,
        requests: requests.paths.map((requestPath) => ({
          method: requests.method ?? 'GET',
          path: requestPath,
          ...(requests.body ? { body: requests.body } : {}),
        })),
        setupClient(client) {
          const headers = requests.headersFor?.(connection);
          connection += 1;
          if (headers) client.setHeaders(headers);
          client.on('response', (_status: number, _bytes: number, responseTime: number) =>
            times.push(responseTime),
          );
        },
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({ result, p95: Math.round(percentile(times, 0.95) * 10) / 10 });
      },
    );
  });
}

function toRow(backend: string, scenario: string, measured: CannonResult, cpu: number, pid: number): Row {
  const { result, p95 } = measured;
  return {
    backend,
    scenario,
    requestsPerSecond: result.requests.average,
    cpuUsPerRequest: result.requests.total > 0 ? (cpu * 1e6) / result.requests.total : Number.NaN,
    rssMb: memoryMb(pid, 'VmRSS'),
    peakMb: memoryMb(pid, 'VmHWM'),
    p50: result.latency.p50,
    p95,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    // autocannon counts timeouts among errors too.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

function logRow(row: Row, note = '') {
  log(
    `${row.backend} ${row.scenario}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, ${row.requests} requests, non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}; server ${row.cpuUsPerRequest.toFixed(0)} µs CPU/request, ${row.rssMb.toFixed(0)} MB resident, peak ${row.peakMb.toFixed(0)} MB${note ? ` (${note})` : ''}`,
  );
}

async function measure(
  backend: string,
  scenario: string,
  baseUrl: string,
  pid: number,
  requests: CannonRequests,
  connections = CONNECTIONS,
) {
  if (WARMUP > 0) await cannon(baseUrl, requests, WARMUP, connections);
  const cpuBefore = cpuSeconds(pid);
  const measured = await cannon(baseUrl, requests, DURATION, connections);
  return toRow(backend, scenario, measured, cpuSeconds(pid) - cpuBefore, pid);
}

async function runScenarios(backend: string, baseUrl: string, pid: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of SCENARIOS.filter((candidate) => wanted(candidate.name))) {
    const note = await checkScenario(baseUrl, scenario);
    const row = await measure(backend, scenario.name, baseUrl, pid, { paths: scenario.paths });
    rows.push(row);
    logRow(row, note);
  }
  return rows;
}

/** The account area's orders tab of a customer with 500 orders: its first page, newest first. */
async function benchOrders(backend: string, baseUrl: string, pid: number, cookie: string): Promise<Row> {
  const first = await fetch(`${baseUrl}/api/orders`, { headers: { cookie } });
  const body = await first.text();
  if (first.status !== 200)
    throw new Error(`bench: GET /api/orders answered ${first.status}: ${body.slice(0, 300)}`);
  const page = JSON.parse(body) as unknown[];
  const row = await measure(
    backend,
    `${ORDERS_SCENARIO}, ${ORDERS_CONNECTIONS} connections`,
    baseUrl,
    pid,
    { paths: ['/api/orders'], headersFor: () => ({ cookie }) },
    ORDERS_CONNECTIONS,
  );
  logRow(row, `${page.length} orders on the page`);
  return row;
}

/** YYYY-MM-DD, `daysAgo` days before today (UTC). */
const dayAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Admin GETs answering JSON, each checked once, then measured at `ADMIN_CONNECTIONS` connections. */
async function benchAdminPages(
  backend: string,
  baseUrl: string,
  pid: number,
  cookie: string,
  scenarios: { name: string; path: string }[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const first = await fetch(`${baseUrl}${scenario.path}`, { headers: { cookie } });
    const body = await first.text();
    if (first.status !== 200)
      throw new Error(`bench: GET ${scenario.path} answered ${first.status}: ${body.slice(0, 300)}`);
    const parsed = JSON.parse(body) as unknown[] | { totals: { orders: number } };
    if (Array.isArray(parsed) && parsed.length === 0)
      throw new Error(`bench: GET ${scenario.path} found nothing`);
    const note = Array.isArray(parsed)
      ? `${parsed.length} orders on the page`
      : `${parsed.totals.orders} paid orders in the period`;
    const row = await measure(
      backend,
      `${scenario.name}, ${ADMIN_CONNECTIONS} connections`,
      baseUrl,
      pid,
      { paths: [scenario.path], headersFor: () => ({ cookie }) },
      ADMIN_CONNECTIONS,
    );
    logRow(row, note);
    rows.push(row);
  }
  // The requests autocannon left in flight finish before anything else is measured.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return rows;
}

/**
 * The staff's order list on a shop with `ADMIN_ORDERS` orders: the first page (newest first), the paid
 * orders of a quarter a year back, and a deep page (offset about half the orders).
 */
async function benchAdminList(backend: string, baseUrl: string, pid: number, cookie: string): Promise<Row[]> {
  const deepPage = Math.max(1, Math.floor(ADMIN_ORDERS / 2 / 20));
  const scenarios = [
    { name: `${ADMIN_LIST_SCENARIO}, page 1 (newest first)`, path: '/api/orders' },
    {
      name: `${ADMIN_LIST_SCENARIO}, aprobed and placed in a quarter a year back`,
      path: `/api/orders?state=aprobed&from=${dayAgo(365)}&to=${dayAgo(275)}`,
    },
    {
      name: `${ADMIN_LIST_SCENARIO}, page ${deepPage} (offset ${(deepPage - 1) * 20})`,
      path: `/api/orders?page=${deepPage}`,
    },
  ];
  return benchAdminPages(backend, baseUrl, pid, cookie, scenarios);
}

/**
 * The CSV export of every order, streamed once, read as fast as the bench can: its time to the first byte
 * and to the end, its size, its rows (and orders: their rows are consecutive), and the server's resident
 * memory sampled every 100 ms during it against the figure just before.
 */
async function benchExport(
  backend: string,
  baseUrl: string,
  pid: number,
  cookie: string,
): Promise<ExportResult> {
  const rssBeforeMb = memoryMb(pid, 'VmRSS');
  const cpuBefore = cpuSeconds(pid);
  let rssPeakMb = rssBeforeMb;
  let samples = 0;
  const sampler = setInterval(() => {
    samples += 1;
    rssPeakMb = Math.max(rssPeakMb, memoryMb(pid, 'VmRSS'));
  }, 100);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/orders/export.csv`, { headers: { cookie } });
    if (response.status !== 200 || !response.body)
      throw new Error(
        `bench: the export answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      );
    let firstByteMs = Number.NaN;
    let bytes = 0;
    let lines = 0;
    let orders = 0;
    let lastOrder = '';
    let partial = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      const text = partial + decoder.decode(chunk, { stream: true });
      const complete = text.split('\r\n');
      partial = complete.pop() ?? '';
      for (const line of complete) {
        lines += 1;
        const orderId = line.slice(0, line.indexOf(','));
        if (lines > 1 && orderId !== lastOrder) orders += 1;
        lastOrder = orderId;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    rssPeakMb = Math.max(rssPeakMb, memoryMb(pid, 'VmRSS'));
    return {
      backend,
      orders,
      // Without the header.
      lines: lines - 1,
      megabytes: bytes / 1024 / 1024,
      firstByteMs,
      seconds,
      rssBeforeMb,
      rssPeakMb,
      samples,
      cpuSeconds: cpuSeconds(pid) - cpuBefore,
    };
  } finally {
    clearInterval(sampler);
  }
}

function exportLine(result: ExportResult): string {
  return `${result.backend} admin CSV export of every order: ${result.orders} orders, ${result.lines} lines, ${result.megabytes.toFixed(1)} MB in ${result.seconds.toFixed(1)} s (first byte after ${result.firstByteMs.toFixed(0)} ms, ${(result.lines / result.seconds).toFixed(0)} lines/s, server ${result.cpuSeconds.toFixed(1)} s CPU); server resident memory ${result.rssBeforeMb.toFixed(0)} MB before, at most ${result.rssPeakMb.toFixed(0)} MB during (+${(result.rssPeakMb - result.rssBeforeMb).toFixed(0)} MB, ${result.samples} samples every 100 ms)`;
}

/** Verified buyers with their session cookies: signed up over HTTP, verified through the outbox's links. */
async function createBuyers(baseUrl: string, dataDir: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const username = `bench${index}`;
    const email = `${username}@bench.test`;
    const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      // Better Auth accepts sign-ups from the shop's own origin only, as a browser would send it.
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ username, email, password: 'Bench#2024shop' }),
    });
    if (!response.ok) throw new Error(`bench: sign-up answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='));
    if (!cookie) throw new Error('bench: sign-up set no session cookie');
    cookies.push(cookie.split(';')[0] ?? '');
    emails.push(email);
  }
  // Verification e-mails go out in the background: wait for all of them.
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  let links = new Map<string, string>();
  while (links.size < count && Date.now() < deadline) {
    links = new Map();
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const message = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as {
        to: string;
        links: string[];
      };
      const link = message.links.find((candidate) => candidate.includes('/api/auth/verify-email'));
      if (link) links.set(message.to, link);
    }
    if (links.size < count) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const email of emails) {
    const link = links.get(email);
    if (!link) throw new Error(`bench: no verification e-mail for ${email}`);
    const target = new URL(link);
    await fetch(`${baseUrl}${target.pathname}${target.search}`, { redirect: 'manual' });
  }
  return cookies;
}

/**
 * `POST /api/checkouts` in test mode, each connection its own verified buyer: at CHECKOUT_CONNECTIONS
 * buyers paying at the same instant (the target's load), and at CONNECTIONS like the catalogue.
 */
async function benchCheckout(backend: string, baseUrl: string, dataDir: string, pid: number): Promise<Row[]> {
  const found = await fetch(
    `${baseUrl}/api/products?search=${encodeURIComponent(CHECKOUT_PRODUCT.name)}&limit=1`,
  );
  const productId = ((await found.json()) as { products: { _id: string }[] }).products[0]?._id;
  if (!productId) throw new Error('bench: the checkout product is missing');
  const cookies = await createBuyers(baseUrl, dataDir, Math.max(CONNECTIONS, CHECKOUT_CONNECTIONS));
  const body = JSON.stringify({ products: [{ id: productId, size: '9', count: 1 }], finalAmount: 120 });
  const first = await fetch(`${baseUrl}/api/checkouts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[0] ?? '' },
    body,
  });
  if (!first.ok) throw new Error(`bench: checkout answered ${first.status}: ${await first.text()}`);
  const requests: CannonRequests = {
    method: 'POST',
    paths: ['/api/checkouts'],
    body,
    headersFor: (connection) => ({
      'content-type': 'application/json',
      cookie: cookies[connection % cookies.length] ?? '',
    }),
  };
  const rows: Row[] = [];
  for (const connections of [...new Set([CHECKOUT_CONNECTIONS, CONNECTIONS])]) {
    const row = await measure(
      backend,
      `${CHECKOUT_SCENARIO}, ${connections} buyers`,
      baseUrl,
      pid,
      requests,
      connections,
    );
    logRow(row);
    rows.push(row);
  }
  return rows;
}

async function benchBackend(
  backend: string,
  database: DatabaseConfig,
  dataDir: string,
  databaseUrl?: string,
): Promise<BackendResult> {
  log(`${backend}: loading ${PRODUCTS} products`);
  const { seconds: loadSeconds, ordersCookie, adminCookie } = await loadDatabase(database);
  log(`${backend}: loaded in ${loadSeconds.toFixed(1)} s; starting the server`);
  const server = await startServer(dataDir, databaseUrl);
  const pid = server.child.pid ?? 0;
  const idle = memoryMb(pid, 'VmRSS');
  const readyPeak = memoryMb(pid, 'VmHWM');
  log(
    `${backend}: server ready, resident memory ${idle.toFixed(0)} MB (peak so far ${readyPeak.toFixed(0)} MB)`,
  );
  let rows: Row[] = [];
  let exported: ExportResult | undefined;
  let peak = Number.NaN;
  try {
    rows = await runScenarios(backend, server.baseUrl, pid);
    if (wanted(CHECKOUT_SCENARIO)) rows.push(...(await benchCheckout(backend, server.baseUrl, dataDir, pid)));
    if (ordersCookie) rows.push(await benchOrders(backend, server.baseUrl, pid, ordersCookie));
    if (adminCookie) {
      rows.push(...(await benchAdminList(backend, server.baseUrl, pid, adminCookie)));
      exported = await benchExport(backend, server.baseUrl, pid, adminCookie);
      log(exportLine(exported));
      rows.push(
        ...(await benchAdminPages(backend, server.baseUrl, pid, adminCookie, [
          { name: `${ADMIN_SCENARIO} sales report, 90 days`, path: '/api/admin/sales?days=90' },
        ])),
      );
    }
  } finally {
    if (server.child.exitCode === null) peak = memoryMb(pid, 'VmHWM');
    await stopServer(server);
  }
  const warnings = server.output.join('').trim();
  if (warnings) log(`${backend} server output:\n${warnings.slice(-2000)}`);
  log(`${backend}: server peak resident memory ${peak.toFixed(0)} MB`);
  return {
    backend,
    rows,
    export: exported,
    idleMemoryMb: idle,
    readyPeakMemoryMb: readyPeak,
    peakMemoryMb: peak,
    loadSeconds,
  };
}

async function benchPglite(): Promise<BackendResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  try {
    return await benchBackend('pglite', { kind: 'pglite', dataDir: path.join(dataDir, 'db') }, dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The PostgreSQL server to use, or null when none answers (and none was asked for explicitly). */
async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (env.BENCH_DATABASE_URL) throw error;
    log(`no PostgreSQL at ${POSTGRES_URL} (${(error as Error).message}); skipping it`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function benchPostgres(): Promise<BackendResult> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  try {
    return await benchBackend('postgres', { kind: 'postgres', url: url.toString() }, dataDir, url.toString());
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

function printTable(results: BackendResult[]) {
  const header = [
    'backend',
    'scenario',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'CPU µs/req',
    'peak MB',
    'requests',
    'non-2xx',
    'errors',
    'timeouts',
  ];
  const lines = results.flatMap((result) =>
    result.rows.map((row) => [
      row.backend,
      row.scenario,
      row.requestsPerSecond.toFixed(0),
      String(row.p50),
      String(row.p95),
      String(row.p99),
      row.cpuUsPerRequest.toFixed(0),
      row.peakMb.toFixed(0),
      String(row.requests),
      String(row.non2xx),
      String(row.errors),
      String(row.timeouts),
    ]),
  );
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${format(header)}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log('');
  for (const result of results) if (result.export) console.log(`${exportLine(result.export)}\n`);
}

async function main() {
  log(
    `${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s per scenario (+${WARMUP} s warm-up); ` +
      `server: ${describeServerCommand()}; ${cpus().length} cores, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}, Node ${process.version}`,
  );
  const results: BackendResult[] = [];
  if (BACKENDS.includes('pglite')) results.push(await benchPglite());
  if (BACKENDS.includes('postgres') && (await postgresAvailable())) results.push(await benchPostgres());

  printTable(results);
  let failed = false;
  for (const result of results) {
    const bad = result.rows.filter((row) => row.non2xx > 0 || row.errors > 0 || row.timeouts > 0);
    for (const row of bad) {
      console.log(
        `FAILED: ${row.backend} ${row.scenario}: ${row.non2xx} non-2xx responses, ${row.errors} errors, ${row.timeouts} timeouts (> ${TIMEOUT} s)`,
      );
      failed = true;
    }
    console.log(
      `${result.backend}: server resident memory ${result.idleMemoryMb.toFixed(0)} MB when ready (start-up peak ${result.readyPeakMemoryMb.toFixed(0)} MB), peak (VmHWM) ${result.peakMemoryMb.toFixed(0)} MB; data loaded in ${result.loadSeconds.toFixed(1)} s`,
    );
  }
  const pglite = results.find((result) => result.backend === 'pglite');
  if (pglite) {
    const met = pglite.peakMemoryMb < PGLITE_MEMORY_TARGET_MB;
    console.log(
      `target: PGlite peak memory < ${PGLITE_MEMORY_TARGET_MB} MB with ${PRODUCTS} products: ${pglite.peakMemoryMb.toFixed(0)} MB, ${met ? 'met' : 'MISSED'}`,
    );
  }
  const postgres = results.find((result) => result.backend === 'postgres');
  if (postgres) {
    for (const row of postgres.rows) {
      if (row.scenario.startsWith(ADMIN_LIST_SCENARIO)) {
        const met = row.p95 < POSTGRES_ADMIN_P95_TARGET_MS;
        console.log(
          `target: PostgreSQL ${row.scenario} p95 < ${POSTGRES_ADMIN_P95_TARGET_MS} ms with ${ADMIN_ORDERS} orders: ${row.p95} ms, ${met ? 'met' : 'MISSED'}`,
        );
        continue;
      }
      if (row.scenario.startsWith(ADMIN_SCENARIO)) continue;
      if (row.scenario.startsWith(ORDERS_SCENARIO)) {
        const met = row.p95 < POSTGRES_ORDERS_P95_TARGET_MS;
        console.log(
          `target: PostgreSQL orders page p95 < ${POSTGRES_ORDERS_P95_TARGET_MS} ms, a user with ${ORDERS_OF_CUSTOMER} orders, ${ORDERS_CONNECTIONS} at once: ${row.p95} ms, ${met ? 'met' : 'MISSED'}`,
        );
        continue;
      }
      if (row.scenario.startsWith('checkout')) {
        if (!row.scenario.endsWith(`, ${CHECKOUT_CONNECTIONS} buyers`)) continue;
        const met = row.p95 < POSTGRES_CHECKOUT_P95_TARGET_MS;
        console.log(
          `target: PostgreSQL checkout p95 < ${POSTGRES_CHECKOUT_P95_TARGET_MS} ms with ${CHECKOUT_CONNECTIONS} buyers at once: ${row.p95} ms, ${met ? 'met' : 'MISSED'}`,
        );
        continue;
      }
      const met = row.p99 < POSTGRES_P99_TARGET_MS;
      console.log(
        `target: PostgreSQL p99 < ${POSTGRES_P99_TARGET_MS} ms at ${CONNECTIONS} connections, ${row.scenario}: ${row.p99} ms, ${met ? 'met' : 'MISSED'}`,
      );
    }
  } else {
    console.log('target: PostgreSQL p99: not measured (no PostgreSQL server)');
  }
  for (const result of results) {
    const exported = result.export;
    if (!exported) continue;
    const growth = exported.rssPeakMb - exported.rssBeforeMb;
    const complete = exported.orders >= ADMIN_ORDERS;
    const met = growth < EXPORT_GROWTH_TARGET_MB && complete;
    console.log(
      `target: ${result.backend} CSV export of ${exported.orders} orders streams in constant memory (server resident memory grows < ${EXPORT_GROWTH_TARGET_MB} MB): +${growth.toFixed(0)} MB${complete ? '' : `, INCOMPLETE (${ADMIN_ORDERS} orders expected at least)`}, ${met ? 'met' : 'MISSED'}`,
    );
    if (!complete) failed = true;
  }
  if (failed) {
    console.log('\nbench FAILED: some requests did not get a 2xx answer');
    process.exitCode = 1;
  }
}

await main();
