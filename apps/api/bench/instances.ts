/**
 * The instances run of `npm run bench` (BENCH_ONLY=instances; run.ts's header says when it runs): the shop
 * as one instance and as two, on the same PostgreSQL database and the same Redis, each behind an nginx the
 * bench starts on loopback, so the only difference between the figures is the number of instances.
 *
 * For each configuration: its instances started one after the other (the `start` script's command, with
 * REDIS_URL, TRUST_PROXY=true and SITE_URL the proxy's address), each ready (`GET /api/ready`), then nginx
 * (round-robin, keepalive to the instances). The uncached mix runs on instances with the list cache off,
 * the cached fixed paths and checkout on instances with it on (a second start). Checkout's buyers are new
 * for each configuration, and the pending-order caps are raised (MAX_PENDING_ORDERS, MAX_PENDING_UNITS):
 * every buyer checks out again and again without paying, which the shop's caps would refuse after five.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { MixName } from './mix';
import type { Row } from './run';

/** BENCH_ONLY selects the run with a part of this name. */
export const INSTANCES_SCENARIO = 'instances';
/** The shared Redis; its database is emptied at the start of the run. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/4';
/** The configurations compared: how many instances behind the proxy. */
const CONFIGURATIONS = [1, 2];
/** The cached fixed-path scenarios (run.ts's SCENARIOS) and the uncached mix scenario measured. */
const CACHED_SCENARIOS = ['filtered', 'combined'];
const MIX: MixName = 'combined';
/** Unpaid orders a buyer may hold: more than any run places. */
const PENDING_CAP = '1000000';

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

/** What the run borrows from the bench (run.ts), bound to the PostgreSQL backend and its data. */
export interface InstancesBench {
  products: number;
  /** Buyers paying at once in the checkout scenario (and connections of the catalogue's). */
  connections: number;
  log: (message: string) => void;
  freePort: () => Promise<number>;
  /** The bench's server: the `start` script's command on the bench's database, these variables on top. */
  startServer: (extraEnv: Record<string, string>) => Promise<Server>;
  stopServer: (server: Server) => Promise<void>;
  /** Each measures through `baseUrl` as the bench does; the row adds up the CPU and memory of `pids`. */
  measureCached: (name: string, backend: string, baseUrl: string, pids: number[]) => Promise<Row>;
  measureMix: (mix: MixName, backend: string, baseUrl: string, pids: number[]) => Promise<Row>;
  /** Checkout by `connections` new buyers named `<prefix><n>`. */
  measureCheckout: (prefix: string, backend: string, baseUrl: string, pids: number[]) => Promise<Row>;
}

export interface InstancesRun {
  /** "1 instance", "2 instances". */
  label: string;
  rows: Row[];
}

export interface InstancesResult {
  products: number;
  connections: number;
  runs: InstancesRun[];
}

/** Debian's nginx (in /usr/sbin, which a user's PATH may leave out), or null. */
function nginxBinary(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (!spawnSync(candidate, ['-v']).error) return candidate;
  }
  return null;
}

/** Empties the bench's Redis database; false when no Redis answers (and none was asked for explicitly). */
async function flushRedis(log: InstancesBench['log']): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.flushdb();
    return true;
  } catch (error) {
    if (process.env.BENCH_REDIS_URL) throw error;
    log(`no Redis at ${REDIS_URL} (${(error as Error).message}); skipping the instances run`);
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Waits for `GET /api/ready` to answer 200: the database, Redis and the job queue answer. */
async function waitReady(server: Server): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output.join('')}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/ready`);
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bench: ${server.baseUrl}/api/ready did not answer 200 within 60 s (last: ${last})`);
}

interface Nginx {
  child: ChildProcess;
  dir: string;
}

const nginxLog = (dir: string) => {
  const file = path.join(dir, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
};

/**
 * nginx on 127.0.0.1:`port` in front of `upstreams` (round-robin, keepalive connections to them), from its
 * own configuration in a temporary directory, in the foreground as the bench's child.
 */
async function startNginx(binary: string, port: number, upstreams: string[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-nginx-'));
  // Started as root, nginx's workers run as nobody and keep their temporary files in here.
  chmodSync(dir, 0o755);
  const servers = upstreams.map((url) => `    server ${new URL(url).host};`).join('\n');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  upstream shop {
${servers}
    keepalive 64;
    keepalive_requests 1000000;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffer_size 16k;
      proxy_buffers 16 16k;
    }
  }
}
`,
  );
  const child = spawn(
    binary,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const nginx = { child, dir };
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return nginx;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const problem = `${stderr.join('')}${nginxLog(dir)}`;
  await stopNginx(nginx);
  throw new Error(`bench: nginx did not proxy to the shop within 10 s:\n${problem}`);
}

async function stopNginx(nginx: Nginx): Promise<void> {
  const { child } = nginx;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(nginx.dir, { recursive: true, force: true });
}

/**
 * Starts `count` instances with `extraEnv` and nginx in front of them, runs `run` through nginx, and
 * stops them all whatever happens.
 */
async function withInstances<T>(
  bench: InstancesBench,
  binary: string,
  count: number,
  extraEnv: Record<string, string>,
  run: (baseUrl: string, pids: number[]) => Promise<T>,
): Promise<T> {
  const port = await bench.freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    REDIS_URL,
    SITE_URL: baseUrl,
    TRUST_PROXY: 'true',
    MAX_PENDING_ORDERS: PENDING_CAP,
    MAX_PENDING_UNITS: PENDING_CAP,
    ...extraEnv,
  };
  const servers: Server[] = [];
  let nginx: Nginx | undefined;
  let stopping = false;
  try {
    // One after the other: the first runs the start-up work (migrations) while the next waits for it anyway.
    for (let index = 0; index < count; index += 1) {
      const server = await bench.startServer(env);
      servers.push(server);
      server.child.once('exit', (code, signal) => {
        if (!stopping)
          bench.log(`${server.baseUrl}: the instance exited under load (${signal ?? `code ${code}`})`);
      });
      await waitReady(server);
    }
    nginx = await startNginx(
      binary,
      port,
      servers.map((server) => server.baseUrl),
    );
    bench.log(
      `${count} ready behind nginx at ${baseUrl} (${servers.map((server) => server.baseUrl).join(', ')})${extraEnv.CATALOG_CACHE_SECONDS === '0' ? ', catalogue cache off' : ''}`,
    );
    return await run(
      baseUrl,
      servers.map((server) => server.child.pid ?? 0),
    );
  } finally {
    stopping = true;
    if (nginx) {
      const warnings = nginxLog(nginx.dir);
      if (warnings) bench.log(`nginx error log:\n${warnings.slice(-2000)}`);
      await stopNginx(nginx);
    }
    for (const server of servers) {
      await bench.stopServer(server);
      const warnings = server.output.join('').trim();
      if (warnings) bench.log(`${server.baseUrl} server output:\n${warnings.slice(-2000)}`);
    }
  }
}

const labelOf = (count: number) => (count === 1 ? '1 instance' : `${count} instances`);

/** One instance and two behind nginx on the bench's PostgreSQL database; undefined when nginx or Redis is missing. */
export async function benchInstances(bench: InstancesBench): Promise<InstancesResult | undefined> {
  const binary = nginxBinary();
  if (!binary) {
    bench.log('no nginx (Debian: apt-get install nginx); skipping the instances run');
    return undefined;
  }
  if (!(await flushRedis(bench.log))) return undefined;
  bench.log(`instances: 1 vs 2 on PostgreSQL and Redis ${REDIS_URL}, each configuration behind nginx`);
  const runs: InstancesRun[] = [];
  for (const count of CONFIGURATIONS) {
    const label = labelOf(count);
    const backend = `postgres, ${label}`;
    const rows: Row[] = [];
    await withInstances(bench, binary, count, { CATALOG_CACHE_SECONDS: '0' }, async (baseUrl, pids) => {
      rows.push(await bench.measureMix(MIX, backend, baseUrl, pids));
    });
    await withInstances(bench, binary, count, {}, async (baseUrl, pids) => {
      for (const name of CACHED_SCENARIOS) rows.push(await bench.measureCached(name, backend, baseUrl, pids));
      rows.push(await bench.measureCheckout(`buyer${count}_`, backend, baseUrl, pids));
    });
    runs.push({ label, rows: rows.map((row) => ({ ...row, products: bench.products })) });
  }
  return { products: bench.products, connections: bench.connections, runs };
}

const isCheckout = (row: Row) => row.scenario.startsWith('checkout');

/** The comparison: per configuration, each catalogue scenario's req/s and p99, and checkout's p95. */
export function instancesTable(result: InstancesResult): {
  title: string;
  header: string[];
  lines: string[][];
} {
  const catalogue = (result.runs[0]?.rows ?? []).filter((row) => !isCheckout(row)).map((row) => row.scenario);
  const header = [
    'configuration',
    ...catalogue.flatMap((scenario) => [`${scenario} req/s`, `${scenario} p99 ms`]),
    'catalogue non-2xx',
    'checkout req/s',
    'checkout p95 ms',
    'checkout non-2xx',
  ];
  const lines = result.runs.map((run) => {
    const byName = new Map(run.rows.map((row) => [row.scenario, row]));
    const checkout = run.rows.find(isCheckout);
    return [
      run.label,
      ...catalogue.flatMap((scenario) => {
        const row = byName.get(scenario);
        return row ? [row.requestsPerSecond.toFixed(0), String(row.p99)] : ['-', '-'];
      }),
      String(run.rows.filter((row) => !isCheckout(row)).reduce((sum, row) => sum + row.non2xx, 0)),
      checkout ? checkout.requestsPerSecond.toFixed(0) : '-',
      checkout ? String(checkout.p95) : '-',
      checkout ? String(checkout.non2xx) : '-',
    ];
  });
  return {
    title: `Instances: 1 vs 2 on one PostgreSQL and one Redis, ${result.products} products, ${result.connections} connections (checkout: ${result.connections} buyers); both configurations behind the same nginx (round-robin, keepalive), so only the number of instances differs`,
    header,
    lines,
  };
}

/** Two instances against one: each figure, and whether two are at least as fast on every one of them. */
export function instancesVerdict(result: InstancesResult): string[] {
  const [one, two] = result.runs;
  if (!one || !two) return [];
  const lines: string[] = [];
  let met = true;
  for (const first of one.rows) {
    const second = two.rows.find((row) => row.scenario === first.scenario);
    if (!second) continue;
    const latency = isCheckout(first) ? 'p95' : 'p99';
    const faster = second.requestsPerSecond >= first.requestsPerSecond && second[latency] <= first[latency];
    met &&= faster;
    lines.push(
      `instances: ${first.scenario}: ${first.requestsPerSecond.toFixed(0)} -> ${second.requestsPerSecond.toFixed(0)} req/s (x${(second.requestsPerSecond / first.requestsPerSecond).toFixed(2)}), ${latency} ${first[latency]} -> ${second[latency]} ms, server CPU ${first.cpuUsPerRequest.toFixed(0)} -> ${second.cpuUsPerRequest.toFixed(0)} µs/request: two ${faster ? 'at least as fast' : 'SLOWER'}`,
    );
  }
  lines.push(
    `target: two instances not slower than one (req/s not lower, catalogue p99 and checkout p95 not higher, in every scenario): ${met ? 'met' : 'MISSED'}`,
  );
  return lines;
}
