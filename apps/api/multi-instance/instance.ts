import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One instance of the shop a multi-instance test started: its address, data folder and last output. */
export interface Instance {
  name: string;
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: string[];
}

/**
 * Starts the shop from its sources, as `npm start` runs it, on `port` with a data folder of its own and
 * no web build: in development mode with test-mode payments, warnings only in its log (the last lines
 * kept for a failure's message). `env` names its database, Redis, secret and whatever the test varies.
 */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PAYMENTS_TEST_MODE: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 300) output.shift();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { name, url: `http://127.0.0.1:${port}`, dataDir, process: child, output };
}

export const alive = (instance: Instance) =>
  instance.process.exitCode === null && instance.process.signalCode === null;

/** Waits until the instance answers `/api/ready` with 200; fails at once if it exited. */
export async function ready(instance: Instance, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(instance)) throw new Error(`${instance.name} exited:\n${instance.output.join('')}`);
    try {
      const response = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(3_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet, or busy starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${instance.name} was not ready in time:\n${instance.output.join('')}`);
}

/**
 * Stops each instance and removes its data directory: SIGTERM, then SIGKILL if it has not exited within
 * 15 s (an upper bound on waiting for the exit, not a wait for it).
 */
export async function stopInstances(instances: Instance[]): Promise<void> {
  await Promise.all(
    instances.map(async (instance) => {
      if (alive(instance)) {
        const exited = new Promise((resolve) => instance.process.once('exit', resolve));
        instance.process.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        if (alive(instance)) instance.process.kill('SIGKILL');
      }
      rmSync(instance.dataDir, { recursive: true, force: true });
    }),
  );
}
