import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { onPath } from './postgres-programs';

export { throwawayPostgresUnavailable } from './postgres-programs';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the tests' own, on a free port, which they may stop and start as they like (never
 * the shared one): a cluster made with Debian's `pg_createcluster`, or with `initdb` run as the `postgres`
 * user where there is no pg_createcluster. `drop` stops it and removes it with its data. The fault test
 * restarts and crashes one; the race suites run on one when no TEST_DATABASE_URL names a server.
 */
export interface ThrowawayPostgres {
  /** Its `postgres` database, as the `postgres` user (trust authentication, loopback only). */
  readonly url: string;
  readonly how: string;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  drop(): Promise<void>;
  /** `drop`, synchronously: for a process that is exiting (an interrupted test run). */
  dropNow(): void;
}

/** Settings that make a throwaway server quick: its data need not survive a crash of the machine. */
const QUICK = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/** A new server named `name`, with the quick settings and `settings` (`name=value`) on top. */
export async function createThrowawayPostgres(
  name: string,
  settings: string[] = [],
): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const all = [...QUICK, ...settings];
  return onPath('pg_createcluster')
    ? debianCluster(name, port, url, all)
    : initdbCluster(name, port, url, all);
}

async function debianCluster(
  name: string,
  port: number,
  url: string,
  settings: string[],
): Promise<ThrowawayPostgres> {
  // The newest installed major version.
  const [version = ''] = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const options = settings.flatMap((setting) => ['-o', setting]);
  await run('pg_createcluster', [version, name, '--port', String(port), ...options, '--', '--auth=trust']);
  const cluster = {
    url,
    how: `pg_createcluster ${version} ${name} on port ${port}`,
    async stop(mode: 'fast' | 'immediate') {
      await run('pg_ctlcluster', ['-m', mode, version, name, 'stop']);
    },
    async start() {
      await run('pg_ctlcluster', [version, name, 'start']);
    },
    async drop() {
      await run('pg_dropcluster', ['--stop', version, name]);
    },
    dropNow() {
      execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore' });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.drop().catch(() => {});
    throw error;
  }
  return cluster;
}

/** The folders of `initdb` clusters, in the system's temporary folder: this prefix, then the cluster's name. */
const DATA_DIR_PREFIX = 'shop-postgres-';

const asRoot = () => process.getuid?.() === 0;

/** A PostgreSQL command as the postgres user: it refuses to run as root. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function stopAndRemoveNow(dataDir: string): void {
  try {
    execFileSync(...asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), {
      stdio: 'ignore',
    });
  } catch {
    // Not running.
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function initdbCluster(
  name: string,
  port: number,
  url: string,
  settings: string[],
): Promise<ThrowawayPostgres> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${DATA_DIR_PREFIX}${name}-`));
  const as = (command: string, args: string[]) => run(...asPostgres(command, args));
  if (asRoot()) await run('chown', ['postgres', dataDir]);
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  const options = [...settings, `port=${port}`, `unix_socket_directories=${dataDir}`]
    .map((setting) => `-c ${setting}`)
    .join(' ');
  const log = path.join(dataDir, 'server.log');
  const cluster = {
    url,
    how: `initdb in ${dataDir} on port ${port}`,
    async stop(mode: 'fast' | 'immediate') {
      await as('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    async start() {
      await as('pg_ctl', ['-D', dataDir, '-o', options, '-l', log, '-w', 'start']);
    },
    async drop() {
      stopAndRemoveNow(dataDir);
    },
    dropNow() {
      stopAndRemoveNow(dataDir);
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.drop();
    throw error;
  }
  return cluster;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Drops the clusters a run killed outright left behind: those named `<family><pid>` whose process is gone
 * (a cluster's name ends with the id of the process that made it).
 */
export function dropLeftoverClusters(family: string): void {
  const leftover = (name: string) => {
    const match = new RegExp(`^${family}(\\d+)$`).exec(name);
    return match !== null && !alive(Number(match[1]));
  };
  if (onPath('pg_createcluster') && existsSync('/etc/postgresql')) {
    for (const version of readdirSync('/etc/postgresql')) {
      for (const name of readdirSync(path.join('/etc/postgresql', version)).filter(leftover)) {
        try {
          execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore' });
        } catch {
          // Another user's, or half made: pg_lsclusters still shows it.
        }
      }
    }
  }
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(DATA_DIR_PREFIX)) continue;
    const name = entry.slice(DATA_DIR_PREFIX.length).replace(/-[^-]*$/, '');
    if (leftover(name)) stopAndRemoveNow(path.join(tmpdir(), entry));
  }
}
