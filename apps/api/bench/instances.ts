/**
 * The instances run of `npm run bench` (BENCH_ONLY=instances; run.ts's header says when it runs): the shop
 * as one instance, two and three (BENCH_INSTANCES), on the same PostgreSQL database and the same Redis,
 * each configuration behind an nginx the bench starts on loopback, so the only difference between the
 * figures is the number of instances.
 *
 * Each instance runs in a CPU quota of its own (BENCH_INSTANCE_CPU, 0.3 of a core; bench/cpu-quota.ts, a
 * cgroup, so the bench must run as root): N instances then stand for N machines of that size even on a
 * two-core machine, and the figure measured is the shop's scaling, not the machine's. PostgreSQL, Redis,
 * nginx and the load generator stay outside the quotas. BENCH_INSTANCE_CPU=0 runs them unbounded.
 *
 * For each configuration: its instances started one after the other (the `start` script's command, with
 * REDIS_URL, TRUST_PROXY=true, SITE_URL the proxy's address and the list cache off), each ready
 * (`GET /api/ready`) and then put in its quota, then nginx (least connections, keepalive to the
 * instances). Measured, all with wrk (bench/wrk.ts) at a lower priority than the shop: the uncached
 * "combined mix" of lists, the "detail mix" of product pages, and checkout by BENCH_CONNECTIONS buyers (the
 * pending-order caps raised, as every buyer checks out again and again without paying). The instances
 * share the PostgreSQL connections one instance has (DATABASE_POOL_SIZE 10 / N), so the database runs as
 * many queries at once whatever the number of instances. For each scenario the run records the instances'
 * CPU as a share of their quotas and PostgreSQL's CPU in cores: what limits the throughput. The
 * configurations are measured BENCH_INSTANCES_ROUNDS times (3), each round in another order, and compared
 * on their medians: N instances must reach 0.8 N times one instance's lists and product pages.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { type CpuQuota, createCpuQuota } from './cpu-quota';
import type { MixName } from './mix';
import type { Row } from './row';
import { runWrk, type WrkRequest, wrkBinary } from './wrk';

/** BENCH_ONLY selects the run with a part of this name. */
export const INSTANCES_SCENARIO = 'instances';
/** The shared Redis; its database is emptied at the start of the run. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/4';
/** The configurations compared: how many instances behind the proxy (the first is the baseline). */
const CONFIGURATIONS = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
/** Each instance's CPU quota, in cores; 0 leaves them unbounded. */
const INSTANCE_CPU = Number(process.env.BENCH_INSTANCE_CPU ?? 0.3);
/** Rounds of every configuration (BENCH_INSTANCES_ROUNDS); each figure compared is the median of its rounds. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_INSTANCES_ROUNDS ?? 3));
/** The uncached mixes measured: lists and product pages. */
const MIXES: MixName[] = ['combined', 'detail'];
/** N instances must reach this share of N times one instance's throughput on the mixes. */
const SCALING_TARGET = 0.8;
/** PostgreSQL connections of all the instances together, the shop's default pool for one. */
const DATABASE_CONNECTIONS = 10;
/** Unpaid orders a buyer may hold: more than any run places. */
const PENDING_CAP = '1000000';
const CHECKOUT = 'checkout';

if (CONFIGURATIONS.some((count) => !Number.isInteger(count) || count < 1) || !(INSTANCE_CPU >= 0)) {
  throw new Error(
    'bench: BENCH_INSTANCES must be counts such as 1,2,3 and BENCH_INSTANCE_CPU a number of cores',
  );
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

/** What the run borrows from the bench (run.ts), bound to the PostgreSQL backend and its data. */
export interface InstancesBench {
  products: number;
  /** Connections of every scenario (and buyers of the checkout's). */
  connections: number;
  freePort: () => Promise<number>;
  /** The bench's server: the `start` script's command on the bench's database, these variables on top. */
  startServer: (extraEnv: Record<string, string>) => Promise<Server>;
  stopServer: (server: Server) => Promise<void>;
  /** Seconds of warm-up and of measuring per scenario, and before a request counts as timed out. */
  warmupSeconds: number;
  durationSeconds: number;
  timeoutSeconds: number;
  /**
   * `count` paths of an uncached mix, the bench's sequence (`sequence` 0, the same for every
   * configuration) or another (1, the warm-up's); the first ones checked to answer through `baseUrl`.
   */
  mixPaths: (mix: MixName, baseUrl: string, count: number, sequence: number) => Promise<string[]>;
  /** `POST /api/checkouts` of `connections` new buyers named `<prefix><n>`, each its own session. */
  checkoutRequests: (prefix: string, baseUrl: string) => Promise<WrkRequest[]>;
  /** The CPU seconds the processes have used so far, and their resident and peak memory in MB. */
  usage: (pids: number[]) => { cpuSeconds: number; rssMb: number; peakMb: number };
  log: (message: string) => void;
}

/** A scenario of a configuration, with where the CPU went while it ran. */
export interface InstancesRow extends Row {
  /** The instances' CPU as a share of their quotas (of a core each when unbounded). */
  quotaUsed: number;
  /** PostgreSQL's CPU, in cores. */
  databaseCores: number;
}

export interface InstancesRun {
  count: number;
  /** "1 instance", "2 instances". */
  label: string;
  /** The medians of its rounds. */
  rows: InstancesRow[];
  /** Each round's rows, as measured. */
  rounds: InstancesRow[][];
}

export interface InstancesResult {
  products: number;
  connections: number;
  /** Each instance's CPU quota in cores; 0 when unbounded. */
  instanceCpu: number;
  /** Rounds measured; each run's rows are the medians of its rounds. */
  rounds: number;
  runs: InstancesRun[];
}

/** Debian's nginx (in /usr/sbin, which a user's PATH may leave out), or null. */
export function nginxBinary(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (!spawnSync(candidate, ['-v']).error) return candidate;
  }
  return null;
}

/** Empties the bench's Redis database; false when no Redis answers (and none was asked for explicitly). */
export async function flushRedis(log: InstancesBench['log'], what: string): Promise<boolean> {
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
    log(`no Redis at ${REDIS_URL} (${(error as Error).message}); skipping ${what}`);
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

/** What starting instances borrows from the bench. */
export type InstanceStarter = Pick<InstancesBench, 'freePort' | 'startServer' | 'stopServer' | 'log'>;

/**
 * Starts `count` instances with `extraEnv`, each ready and then put in its own quota of `cpu` cores (0:
 * none; start-up is not measured, so it runs unbounded), and nginx in front of them; runs `run` through
 * nginx, and stops them all whatever happens.
 */
export async function withInstances<T>(
  bench: InstanceStarter,
  binary: string,
  { count, cpu }: { count: number; cpu: number },
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
  const quotas: CpuQuota[] = [];
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
    if (cpu > 0) {
      for (const [index, server] of servers.entries()) {
        const quota = createCpuQuota(`shop-bench-${process.pid}-${index}`, cpu);
        if ('unavailable' in quota)
          throw new Error(`bench: no CPU quota for the instances: ${quota.unavailable}`);
        quotas.push(quota);
        quota.add(server.child.pid ?? 0);
      }
    }
    nginx = await startNginx(
      binary,
      port,
      servers.map((server) => server.baseUrl),
    );
    bench.log(
      `${count} ready behind nginx at ${baseUrl} (${servers.map((server) => server.baseUrl).join(', ')})${quotas.length > 0 ? `, each in a group of its own: ${quotas.map((quota) => quota.description).join('; ')}` : ', no CPU quota'}${extraEnv.CATALOG_CACHE_SECONDS === '0' ? ', catalogue cache off' : ''}`,
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
    for (const quota of quotas) quota.remove();
  }
}

const labelOf = (count: number) => (count === 1 ? '1 instance' : `${count} instances`);

/** Requests drawn for an uncached mix: more than a run sends, so no path comes round twice. */
const MIX_PATHS = 200_000;

/**
 * The CPU seconds the PostgreSQL processes on this machine have used so far, from /proc (a backend that
 * ends between two reads takes its seconds with it, so a difference is at least 0, never exact).
 */
function databaseCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // It exited meanwhile.
    }
  }
  return total;
}

/** One scenario through wrk: a warm-up on its own requests, then `requests` measured. */
async function measureLoad(
  bench: InstancesBench,
  wrk: string,
  scenario: string,
  backend: string,
  baseUrl: string,
  pids: number[],
  requests: { warmup: WrkRequest[]; measured: WrkRequest[] },
): Promise<InstancesRow> {
  const run = (list: WrkRequest[], seconds: number) =>
    runWrk({
      binary: wrk,
      baseUrl,
      requests: list,
      connections: bench.connections,
      seconds,
      timeoutSeconds: bench.timeoutSeconds,
    });
  if (bench.warmupSeconds > 0) await run(requests.warmup, bench.warmupSeconds);
  const before = bench.usage(pids).cpuSeconds;
  const databaseBefore = databaseCpuSeconds();
  const started = performance.now();
  const result = await run(requests.measured, bench.durationSeconds);
  // The CPU read spans wrk's start and finish too, so it is shared over the wall time it spans.
  const spannedSeconds = (performance.now() - started) / 1000;
  const after = bench.usage(pids);
  const instancesCpu = after.cpuSeconds - before;
  const row: InstancesRow = {
    backend,
    scenario,
    table: 'cached',
    products: bench.products,
    requestsPerSecond: result.requests / result.seconds,
    cpuUsPerRequest: result.requests > 0 ? (instancesCpu * 1e6) / result.requests : Number.NaN,
    rssMb: after.rssMb,
    peakMb: after.peakMb,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    requests: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    quotaUsed: instancesCpu / spannedSeconds / (pids.length * (INSTANCE_CPU || 1)),
    databaseCores: Math.max(0, databaseCpuSeconds() - databaseBefore) / spannedSeconds,
  };
  bench.log(
    `${backend} ${scenario}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, ${row.requests} requests, non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}; servers ${row.cpuUsPerRequest.toFixed(0)} µs CPU/request, at ${percent(row.quotaUsed)} of their CPU quota, PostgreSQL ${row.databaseCores.toFixed(2)} cores, ${row.rssMb.toFixed(0)} MB resident`,
  );
  return row;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const gets = (paths: string[]): WrkRequest[] =>
  paths.map((requestPath) => ({ method: 'GET', path: requestPath }));

/** The configurations behind nginx on the bench's PostgreSQL database; undefined when nginx, wrk or Redis is missing. */
export async function benchInstances(bench: InstancesBench): Promise<InstancesResult | undefined> {
  const binary = nginxBinary();
  if (!binary) {
    bench.log('no nginx (Debian: apt-get install nginx-light); skipping the instances run');
    return undefined;
  }
  const wrk = wrkBinary();
  if (!wrk) {
    bench.log('no wrk (Debian: apt-get install wrk); skipping the instances run');
    return undefined;
  }
  if (!(await flushRedis(bench.log, 'the instances run'))) return undefined;
  bench.log(
    `instances: ${CONFIGURATIONS.join(' vs ')} on PostgreSQL and Redis ${REDIS_URL}, each configuration behind nginx, ${INSTANCE_CPU > 0 ? `each instance in a quota of ${INSTANCE_CPU} CPU` : 'no CPU quota'}, ${ROUNDS} rounds`,
  );
  const rounds = new Map<number, InstancesRow[][]>(CONFIGURATIONS.map((count) => [count, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Each round starts with another configuration, so a drift of the machine's speed weighs on all alike.
    const shift = round % CONFIGURATIONS.length;
    const order = [...CONFIGURATIONS.slice(shift), ...CONFIGURATIONS.slice(0, shift)];
    for (const count of order) {
      rounds.get(count)?.push(await measureConfiguration(bench, binary, wrk, count, round));
    }
  }
  const runs = CONFIGURATIONS.map((count) => {
    const measured = rounds.get(count) ?? [];
    return { count, label: labelOf(count), rows: medianRows(measured), rounds: measured };
  });
  return {
    products: bench.products,
    connections: bench.connections,
    instanceCpu: INSTANCE_CPU,
    rounds: ROUNDS,
    runs,
  };
}

/** One round of one configuration: the uncached mixes, then checkout. */
async function measureConfiguration(
  bench: InstancesBench,
  nginx: string,
  wrk: string,
  count: number,
  round: number,
): Promise<InstancesRow[]> {
  const backend = `postgres, ${labelOf(count)}`;
  const rows: InstancesRow[] = [];
  await withInstances(
    bench,
    nginx,
    { count, cpu: INSTANCE_CPU },
    { CATALOG_CACHE_SECONDS: '0' },
    async (baseUrl, pids) => {
      for (const mix of MIXES) {
        const requests = {
          warmup: gets(await bench.mixPaths(mix, baseUrl, MIX_PATHS, 1)),
          measured: gets(await bench.mixPaths(mix, baseUrl, MIX_PATHS, 0)),
        };
        rows.push(await measureLoad(bench, wrk, `${mix} mix`, backend, baseUrl, pids, requests));
      }
      const checkouts = await bench.checkoutRequests(`buyer${count}r${round}_`, baseUrl);
      rows.push(
        await measureLoad(bench, wrk, CHECKOUT, backend, baseUrl, pids, {
          warmup: checkouts,
          measured: checkouts,
        }),
      );
    },
  );
  return rows.map((row) => ({ ...row, products: bench.products }));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** How a figure of a configuration's rounds combines: counts add up, the rest take the median. */
const COMBINE = {
  requestsPerSecond: 'median',
  cpuUsPerRequest: 'median',
  rssMb: 'median',
  peakMb: 'median',
  p50: 'latency',
  p95: 'latency',
  p99: 'latency',
  requests: 'sum',
  non2xx: 'sum',
  errors: 'sum',
  timeouts: 'sum',
  quotaUsed: 'median',
  databaseCores: 'median',
} as const satisfies Partial<Record<keyof InstancesRow, 'median' | 'latency' | 'sum'>>;

/**
 * A configuration's figures over its rounds: per scenario the median of each rate, latency, CPU and memory
 * figure, and the requests and failures of all the rounds added up.
 */
function medianRows(rounds: InstancesRow[][]): InstancesRow[] {
  return (rounds[0] ?? []).map((first) => {
    const same = rounds.flatMap((rows) => rows.filter((row) => row.scenario === first.scenario));
    const combine = {
      median,
      // Latencies stay in tenths of a millisecond, as measured.
      latency: (values: number[]) => Math.round(median(values) * 10) / 10,
      sum: (values: number[]) => values.reduce((total, value) => total + value, 0),
    };
    const combined = Object.entries(COMBINE).map(([field, how]) => {
      const key = field as keyof typeof COMBINE;
      return [key, combine[how](same.map((row) => row[key]))];
    });
    return { ...first, ...Object.fromEntries(combined) };
  });
}

const latencyOf = (scenario: string) => (scenario === CHECKOUT ? 'p95' : 'p99');

/** The comparison: per configuration and scenario, req/s against one instance's, the tail, where the CPU went. */
export function instancesTable(result: InstancesResult): {
  title: string;
  header: string[];
  lines: string[][];
} {
  const [baseline] = result.runs;
  const header = [
    'configuration',
    'scenario',
    'req/s',
    `x ${baseline?.label ?? 'first'}`,
    'p99 (checkout p95) ms',
    'non-2xx',
    'CPU µs/req',
    'instances at % of quota',
    'PostgreSQL cores',
  ];
  const lines = result.runs.flatMap((run) =>
    run.rows.map((row) => {
      const base = baseline?.rows.find((candidate) => candidate.scenario === row.scenario);
      return [
        run.label,
        row.scenario,
        row.requestsPerSecond.toFixed(0),
        base ? (row.requestsPerSecond / base.requestsPerSecond).toFixed(2) : '-',
        String(row[latencyOf(row.scenario)]),
        String(row.non2xx + row.errors + row.timeouts),
        row.cpuUsPerRequest.toFixed(0),
        percent(row.quotaUsed),
        row.databaseCores.toFixed(2),
      ];
    }),
  );
  return {
    title: `Instances: ${result.runs.map((run) => run.count).join(' vs ')} on one PostgreSQL and one Redis, ${result.products} products, ${result.connections} connections (checkout: ${result.connections} buyers of one size), ${result.instanceCpu > 0 ? `each instance in its own quota of ${result.instanceCpu} CPU` : 'no CPU quota'}, behind the same nginx; medians of ${result.rounds} rounds`,
    header,
    lines,
  };
}

/**
 * N instances against one: each scenario's ratio, whether the mixes reach 0.8 N, and for each figure
 * what limited it (the instances at their quota, or not).
 */
export function instancesVerdict(result: InstancesResult): string[] {
  const [baseline, ...others] = result.runs;
  if (!baseline || others.length === 0) return [];
  const lines: string[] = [];
  let met = true;
  for (const first of baseline.rows) {
    for (const run of others) {
      const row = run.rows.find((candidate) => candidate.scenario === first.scenario);
      if (!row) continue;
      const ratio = row.requestsPerSecond / first.requestsPerSecond;
      const wanted = (SCALING_TARGET * run.count) / baseline.count;
      const mix = first.scenario !== CHECKOUT;
      if (mix) met &&= ratio >= wanted;
      const values = run.rounds.flat().filter((candidate) => candidate.scenario === first.scenario);
      const spread = values.map((candidate) => candidate.requestsPerSecond);
      const latency = latencyOf(first.scenario);
      lines.push(
        `instances: ${first.scenario}: ${baseline.label} ${first.requestsPerSecond.toFixed(0)} -> ${run.label} ${row.requestsPerSecond.toFixed(0)} req/s = x${ratio.toFixed(2)} (rounds ${Math.min(...spread).toFixed(0)}-${Math.max(...spread).toFixed(0)}), ${latency} ${first[latency]} -> ${row[latency]} ms; instances at ${percent(first.quotaUsed)} -> ${percent(row.quotaUsed)} of their quota, PostgreSQL ${first.databaseCores.toFixed(2)} -> ${row.databaseCores.toFixed(2)} cores${mix ? `: ${ratio >= wanted ? 'met' : 'MISSED'} (>= x${wanted.toFixed(1)})` : ''}`,
      );
    }
  }
  lines.push(
    `target: N instances reach ${SCALING_TARGET} N times one instance's uncached lists and product pages: ${met ? 'met' : 'MISSED'}`,
  );
  return lines;
}
