/**
 * `npm run bench`: the catalogue API under load, on PGlite and (when one answers) on PostgreSQL.
 *
 * For each backend: load BENCH_PRODUCTS generated products into a fresh database, start the real server
 * as a child process, hit it with autocannon (BENCH_CONNECTIONS connections, BENCH_DURATION seconds per
 * scenario after a BENCH_WARMUP-second warm-up), read the child's peak memory, stop it and throw the
 * database away. Prints one table at the end and whether the targets are met.
 *
 * Environment: BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (50), BENCH_PRODUCTS (10000),
 * BENCH_TIMEOUT (60 s per request),
 * BENCH_DATABASE_URL (a PostgreSQL server to create the throwaway database on; default
 * postgres://$PGUSER-or-you@127.0.0.1:5432/postgres, skipped when nothing answers there), BENCH_BACKENDS
 * ("pglite,postgres"), BENCH_NODE_FLAGS (extra node flags for the server, e.g. "--liftoff-only").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseConfig, ROOT_DIR } from '../src/config';
import { openDatabase } from '../src/db/client';
import { insertProducts } from '../src/modules/catalog/catalog.repository';
import { generateBenchProducts } from './generate';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = Number(env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
/**
 * Seconds before autocannon gives up on a request. Generous, because a timed-out request is left out of
 * the latency histogram (it would make p99 look better than it is); any timeout still fails the bench.
 */
const TIMEOUT = Number(env.BENCH_TIMEOUT ?? 60);
const PRODUCTS = Number(env.BENCH_PRODUCTS ?? 10_000);
const BACKENDS = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** Extra node/V8 flags for the server child, e.g. "--liftoff-only" (less memory, slower PGlite). */
const NODE_FLAGS = (env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const POSTGRES_URL =
  env.BENCH_DATABASE_URL ?? `postgres://${env.PGUSER ?? userInfo().username}@127.0.0.1:5432/postgres`;

/** Targets from the brief. */
const PGLITE_MEMORY_TARGET_MB = 400;
const POSTGRES_P99_TARGET_MS = 25;

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
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface BackendResult {
  backend: string;
  rows: Row[];
  idleMemoryMb: number;
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

/** Fresh database with the generated catalogue, vacuumed and analysed as autovacuum would leave it. */
async function loadDatabase(config: DatabaseConfig): Promise<number> {
  const started = performance.now();
  const database = await openDatabase(config);
  try {
    const products = generateBenchProducts(PRODUCTS);
    const chunk = 2_000;
    for (let start = 0; start < products.length; start += chunk) {
      await insertProducts(database.db, products.slice(start, start + chunk));
      process.stdout.write(
        `\r[bench]   inserted ${Math.min(start + chunk, products.length)}/${products.length}`,
      );
    }
    process.stdout.write('\n');
    await database.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<RunningServer> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production requires a session secret; a throwaway one is fine for a throwaway server.
      AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
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

function cannon(baseUrl: string, paths: string[], duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration,
        timeout: TIMEOUT,
        requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function runScenarios(backend: string, baseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    const note = await checkScenario(baseUrl, scenario);
    if (WARMUP > 0) await cannon(baseUrl, scenario.paths, WARMUP);
    const result = await cannon(baseUrl, scenario.paths, DURATION);
    const row: Row = {
      backend,
      scenario: scenario.name,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      // autocannon counts timeouts among errors too.
      errors: result.errors - result.timeouts,
      timeouts: result.timeouts,
    };
    rows.push(row);
    log(
      `${backend} ${scenario.name}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.requests} requests, non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}${note ? ` (${note})` : ''}`,
    );
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
  const loadSeconds = await loadDatabase(database);
  log(`${backend}: loaded in ${loadSeconds.toFixed(1)} s; starting the server`);
  const server = await startServer(dataDir, databaseUrl);
  const pid = server.child.pid ?? 0;
  const idle = memoryMb(pid, 'VmRSS');
  log(`${backend}: server ready, resident memory ${idle.toFixed(0)} MB`);
  let rows: Row[] = [];
  let peak = Number.NaN;
  try {
    rows = await runScenarios(backend, server.baseUrl);
  } finally {
    if (server.child.exitCode === null) peak = memoryMb(pid, 'VmHWM');
    await stopServer(server);
  }
  const warnings = server.output.join('').trim();
  if (warnings) log(`${backend} server output:\n${warnings.slice(-2000)}`);
  log(`${backend}: server peak resident memory ${peak.toFixed(0)} MB`);
  return { backend, rows, idleMemoryMb: idle, peakMemoryMb: peak, loadSeconds };
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
    'p99 ms',
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
      String(row.p99),
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
}

async function main() {
  log(
    `${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s per scenario (+${WARMUP} s warm-up); ` +
      `server flags: ${NODE_FLAGS.join(' ') || 'none'}; ${cpus().length} cores, load average ${loadavg()
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
      `${result.backend}: server resident memory ${result.idleMemoryMb.toFixed(0)} MB when ready, peak (VmHWM) ${result.peakMemoryMb.toFixed(0)} MB; data loaded in ${result.loadSeconds.toFixed(1)} s`,
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
      const met = row.p99 < POSTGRES_P99_TARGET_MS;
      console.log(
        `target: PostgreSQL p99 < ${POSTGRES_P99_TARGET_MS} ms at ${CONNECTIONS} connections, ${row.scenario}: ${row.p99} ms, ${met ? 'met' : 'MISSED'}`,
      );
    }
  } else {
    console.log('target: PostgreSQL p99: not measured (no PostgreSQL server)');
  }
  if (failed) {
    console.log('\nbench FAILED: some requests did not get a 2xx answer');
    process.exitCode = 1;
  }
}

await main();
