import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../src/test/free-port';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, on a free port, which it may stop and start as it likes (never
 * the shared one): a cluster made with Debian's `pg_createcluster`, or with `initdb` run as the `postgres`
 * user where there is no pg_createcluster. `drop` stops it and removes it with its data.
 */
export interface ThrowawayPostgres {
  /** Its `postgres` database, as the `postgres` user (trust authentication, loopback only). */
  readonly url: string;
  readonly how: string;
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  drop(): Promise<void>;
}

/** Why no server can be made here, or null when one can. */
export function throwawayPostgresUnavailable(): string | null {
  if (onPath('pg_createcluster')) return null;
  if (!initdbPath()) return 'neither pg_createcluster nor initdb is installed';
  if (process.getuid?.() === 0 && !onPath('runuser'))
    return 'initdb must run as postgres, and runuser is missing';
  return null;
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, command)));
}

/** initdb on the PATH, or in Debian's versioned folder (the newest). */
function initdbPath(): string | null {
  if (onPath('initdb')) return 'initdb';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((version) => path.join(root, version, 'bin', 'initdb')).find(existsSync);
  return found ?? null;
}

/** Settings that make a throwaway server quick: its data need not survive a crash of the machine. */
const QUICK = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

export async function createThrowawayPostgres(name: string): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return onPath('pg_createcluster') ? debianCluster(name, port, url) : initdbCluster(port, url);
}

async function debianCluster(name: string, port: number, url: string): Promise<ThrowawayPostgres> {
  // The newest installed major version.
  const [version = ''] = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const options = QUICK.flatMap((setting) => ['-o', setting]);
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
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.drop().catch(() => {});
    throw error;
  }
  return cluster;
}

async function initdbCluster(port: number, url: string): Promise<ThrowawayPostgres> {
  const initdb = initdbPath() as string;
  const pgCtl = path.join(path.dirname(initdb), 'pg_ctl');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-postgres-'));
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, its commands run as the postgres user.
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  if (asRoot) await run('chown', ['postgres', dataDir]);
  await as(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust']);
  const settings = [...QUICK, `port=${port}`, `unix_socket_directories=${dataDir}`]
    .map((setting) => `-c ${setting}`)
    .join(' ');
  const cluster = {
    url,
    how: `initdb in ${dataDir} on port ${port}`,
    async stop(mode: 'fast' | 'immediate') {
      await as(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    async start() {
      await as(pgCtl, ['-D', dataDir, '-o', settings, '-l', path.join(dataDir, 'server.log'), '-w', 'start']);
    },
    async drop() {
      await as(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
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
