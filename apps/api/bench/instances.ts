/**
 * The instances run of `npm run bench` (BENCH_ONLY=instances; run.ts's header says when it runs): the shop
 * as one instance and as two, on the same PostgreSQL database and the same Redis, each behind an nginx the
 * bench starts on loopback, so the only difference between the figures is the number of instances.
 *
 * For each configuration: its instances started one after the other (the `start` script's command, with
 * REDIS_URL, TRUST_PROXY=true and SITE_URL the proxy's address), each ready (`GET /api/ready`), then nginx
 * (least connections, keepalive to the instances: a request goes to the instance with the fewest under
 * way, so one busy collecting garbage or waiting for a core is passed over). The uncached mix runs on
 * instances with the list cache off, the cached fixed paths and checkout on instances with it on (a second
 * start). The catalogue's load comes from wrk (bench/wrk.ts) at a lower priority than the shop, standing in
 * for shoppers on machines of their own; checkout's from autocannon in the bench's process, a session per
 * buyer. The instances share the PostgreSQL connections one instance has (DATABASE_POOL_SIZE 10 / N), so
 * the database runs as many queries at once whatever the number of instances.
 * Checkout's buyers are new for each configuration and round, and the pending-order caps are raised
 * (MAX_PENDING_ORDERS, MAX_PENDING_UNITS): every buyer checks out again and again without paying, which the
 * shop's caps would refuse after five. Both configurations are measured BENCH_INSTANCES_ROUNDS times (5),
 * alternating which goes first, and compared on their medians.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { MixName } from './mix';
import type { Row } from './run';
import { runWrk, wrkBinary } from './wrk';

/** BENCH_ONLY selects the run with a part of this name. */
export const INSTANCES_SCENARIO = 'instances';
/** The shared Redis; its database is emptied at the start of the run. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/4';
/** The configurations compared: how many instances behind the proxy. */
const CONFIGURATIONS = [1, 2];
/**
 * Rounds of both configurations (BENCH_INSTANCES_ROUNDS); each figure compared is the median of its rounds.
 * On a shared two-core machine one run of a scenario moves by 10-30 % from the next.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_INSTANCES_ROUNDS ?? 5));
/** The cached fixed-path scenarios (run.ts's SCENARIOS) and the uncached mix scenario measured. */
const CACHED_SCENARIOS = ['filtered', 'combined'];
const MIX: MixName = 'combined';
/** PostgreSQL connections of all the instances together, the shop's default pool for one. */
const DATABASE_CONNECTIONS = 10;
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
  freePort: () => Promise<number>;
  /** The bench's server: the `start` script's command on the bench's database, these variables on top. */
  startServer: (extraEnv: Record<string, string>) => Promise<Server>;
  stopServer: (server: Server) => Promise<void>;
  /** Seconds of warm-up and of measuring per scenario, and before a request counts as timed out. */
  warmupSeconds: number;
  durationSeconds: number;
  timeoutSeconds: number;
  /** The fixed paths of a cached scenario (run.ts's SCENARIOS), each checked to answer 200 through `baseUrl`. */
  cachedPaths: (name: string, baseUrl: string) => Promise<string[]>;
  /**
   * `count` paths of an uncached mix, the bench's sequence (`sequence` 0, the same for one instance and
   * for two) or another (1, the warm-up's); the first ones checked to answer through `baseUrl`.
   */
  mixPaths: (mix: MixName, baseUrl: string, count: number, sequence: number) => Promise<string[]>;
  /** The CPU seconds the processes have used so far, and their resident and peak memory in MB. */
  usage: (pids: number[]) => { cpuSeconds: number; rssMb: number; peakMb: number };
  log: (message: string) => void;
  /** Checkout by `connections` new buyers named `<prefix><n>` (autocannon: a session per connection). */
  measureCheckout: (prefix: string, backend: string, baseUrl: string, pids: number[]) => Promise<Row>;
}

export interface InstancesRun {
  /** "1 instance", "2 instances". */
  label: string;
  /** The medians of its rounds. */
  rows: Row[];
  /** Each round's rows, as measured. */
  rounds: Row[][];
}

export interface InstancesResult {
  products: number;
  connections: number;
  /** Rounds measured; each run's rows are the medians of its rounds. */
  rounds: number;
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
 * nginx on 127.0.0.1:`port` in front of `upstreams` (least connections, keepalive to them), from its
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
    least_conn;
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
    DATABASE_POOL_SIZE: String(Math.ceil(DATABASE_CONNECTIONS / count)),
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

/** Requests drawn for an uncached mix: more than a run sends, so no path comes round twice. */
const MIX_PATHS = 200_000;

/** One catalogue scenario through wrk: a warm-up on its own paths, then `paths` measured. */
async function measureCatalogue(
  bench: InstancesBench,
  wrk: string,
  scenario: string,
  backend: string,
  baseUrl: string,
  pids: number[],
  paths: { warmup: string[]; measured: string[] },
): Promise<Row> {
  const run = (list: string[], seconds: number) =>
    runWrk({
      binary: wrk,
      baseUrl,
      paths: list,
      connections: bench.connections,
      seconds,
      timeoutSeconds: bench.timeoutSeconds,
    });
  if (bench.warmupSeconds > 0) await run(paths.warmup, bench.warmupSeconds);
  const before = bench.usage(pids).cpuSeconds;
  const result = await run(paths.measured, bench.durationSeconds);
  const after = bench.usage(pids);
  const row: Row = {
    backend,
    scenario,
    table: 'cached',
    products: bench.products,
    requestsPerSecond: result.requests / result.seconds,
    cpuUsPerRequest: result.requests > 0 ? ((after.cpuSeconds - before) * 1e6) / result.requests : Number.NaN,
    rssMb: after.rssMb,
    peakMb: after.peakMb,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    requests: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  bench.log(
    `${backend} ${scenario}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, ${row.requests} requests, non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}; servers ${row.cpuUsPerRequest.toFixed(0)} µs CPU/request, ${row.rssMb.toFixed(0)} MB resident (wrk)`,
  );
  return row;
}

/** One instance and two behind nginx on the bench's PostgreSQL database; undefined when nginx or Redis is missing. */
export async function benchInstances(bench: InstancesBench): Promise<InstancesResult | undefined> {
  const binary = nginxBinary();
  if (!binary) {
    bench.log('no nginx (Debian: apt-get install nginx); skipping the instances run');
    return undefined;
  }
  const wrk = wrkBinary();
  if (!wrk) {
    bench.log('no wrk (Debian: apt-get install wrk); skipping the instances run');
    return undefined;
  }
  if (!(await flushRedis(bench.log))) return undefined;
  bench.log(
    `instances: 1 vs 2 on PostgreSQL and Redis ${REDIS_URL}, each configuration behind nginx, ${ROUNDS} rounds`,
  );
  const rounds = new Map<number, Row[][]>(CONFIGURATIONS.map((count) => [count, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Every other round the other way round, so a drift of the machine's speed weighs on both alike.
    const order = round % 2 === 0 ? CONFIGURATIONS : [...CONFIGURATIONS].reverse();
    for (const count of order) {
      rounds.get(count)?.push(await measureConfiguration(bench, binary, wrk, count, round));
    }
  }
  const runs = CONFIGURATIONS.map((count) => {
    const measured = rounds.get(count) ?? [];
    return { label: labelOf(count), rows: medianRows(measured), rounds: measured };
  });
  return { products: bench.products, connections: bench.connections, rounds: ROUNDS, runs };
}

/** One round of one configuration: the uncached mix, then the cached paths and checkout. */
async function measureConfiguration(
  bench: InstancesBench,
  nginx: string,
  wrk: string,
  count: number,
  round: number,
): Promise<Row[]> {
  const backend = `postgres, ${labelOf(count)}`;
  const rows: Row[] = [];
  await withInstances(bench, nginx, count, { CATALOG_CACHE_SECONDS: '0' }, async (baseUrl, pids) => {
    const paths = {
      warmup: await bench.mixPaths(MIX, baseUrl, MIX_PATHS, 1),
      measured: await bench.mixPaths(MIX, baseUrl, MIX_PATHS, 0),
    };
    rows.push(await measureCatalogue(bench, wrk, `${MIX} mix`, backend, baseUrl, pids, paths));
  });
  await withInstances(bench, nginx, count, {}, async (baseUrl, pids) => {
    for (const name of CACHED_SCENARIOS) {
      const paths = await bench.cachedPaths(name, baseUrl);
      rows.push(
        await measureCatalogue(bench, wrk, name, backend, baseUrl, pids, { warmup: paths, measured: paths }),
      );
    }
    rows.push(await bench.measureCheckout(`buyer${count}r${round}_`, backend, baseUrl, pids));
  });
  return rows.map((row) => ({ ...row, products: bench.products }));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * A configuration's figures over its rounds: per scenario the median of each rate, latency, CPU and memory
 * figure, and the requests and failures of all the rounds added up.
 */
function medianRows(rounds: Row[][]): Row[] {
  return (rounds[0] ?? []).map((first) => {
    const same = rounds.flatMap((rows) => rows.filter((row) => row.scenario === first.scenario));
    const middle = (pick: (row: Row) => number) => median(same.map(pick));
    // Latencies stay in tenths of a millisecond, as measured.
    const latency = (pick: (row: Row) => number) => Math.round(middle(pick) * 10) / 10;
    const sum = (pick: (row: Row) => number) => same.reduce((total, row) => total + pick(row), 0);
    return {
      ...first,
      requestsPerSecond: middle((row) => row.requestsPerSecond),
      cpuUsPerRequest: middle((row) => row.cpuUsPerRequest),
      rssMb: middle((row) => row.rssMb),
      peakMb: middle((row) => row.peakMb),
      p50: latency((row) => row.p50),
      p95: latency((row) => row.p95),
      p99: latency((row) => row.p99),
      requests: sum((row) => row.requests),
      non2xx: sum((row) => row.non2xx),
      errors: sum((row) => row.errors),
      timeouts: sum((row) => row.timeouts),
    };
  });
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
    title: `Instances: 1 vs 2 on one PostgreSQL and one Redis, ${result.products} products, ${result.connections} connections (checkout: ${result.connections} buyers); both configurations behind the same nginx (least connections, keepalive), so only the number of instances differs; medians of ${result.rounds} rounds`,
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
    // The lowest and highest req/s of the scenario over a configuration's rounds.
    const range = (run: InstancesRun) => {
      const same = run.rounds.flat().filter((row) => row.scenario === first.scenario);
      const values = same.map((row) => row.requestsPerSecond);
      return `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
    };
    lines.push(
      `instances: ${first.scenario}: ${first.requestsPerSecond.toFixed(0)} -> ${second.requestsPerSecond.toFixed(0)} req/s (x${(second.requestsPerSecond / first.requestsPerSecond).toFixed(2)}; rounds ${range(one)} and ${range(two)}), ${latency} ${first[latency]} -> ${second[latency]} ms, server CPU ${first.cpuUsPerRequest.toFixed(0)} -> ${second.cpuUsPerRequest.toFixed(0)} µs/request: two ${faster ? 'at least as fast' : 'SLOWER'}`,
    );
  }
  lines.push(
    `target: two instances not slower than one (req/s not lower, catalogue p99 and checkout p95 not higher, in every scenario): ${met ? 'met' : 'MISSED'}`,
  );
  return lines;
}
