import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

/** Whether `redis-server` can be started on this machine. */
export const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A redis-server of the test's own, on a free port and keeping nothing on disk, which the test may stop
 * and start again (on the same port) to take Redis away from the shop. Never the shared one.
 */
export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch (error) {
          if (attempt >= 100) throw error;
          probe.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGTERM');
    });
  };
  await start();
  return { url, stop, start };
}
