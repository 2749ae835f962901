import { type Db, ping } from '../../db/client';
import type { Redis } from '../../lib/redis';
import type { Jobs } from '../jobs';

/** How long a dependency may take to answer before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

export type DependencyState = 'ok' | 'failed' | 'not used';

export interface Dependencies {
  database: DependencyState;
  redis: DependencyState;
  queue: DependencyState;
}

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether each dependency answers now, within 2 s each (checked together). */
export async function checkDependencies(deps: {
  db: Db;
  redis: Redis | null;
  jobs: Pick<Jobs, 'counts'>;
}): Promise<Dependencies> {
  const { redis } = deps;
  const [database, redisState, queue] = await Promise.all([
    check(() => ping(deps.db)),
    redis ? check(() => redis.ping()) : ('not used' as const),
    check(() => deps.jobs.counts()),
  ]);
  return { database, redis: redisState, queue };
}

/**
 * What the load balancer is told. The instance cannot serve without the database, nor without the job
 * queue, which lives in it: either failing makes it `unavailable` (503). Without Redis it serves on
 * (the catalogue cache is bypassed, the rate limits count in the database), so a lost Redis makes it
 * `degraded`, still ready (200).
 */
export function readiness(dependencies: Dependencies): 'ok' | 'degraded' | 'unavailable' {
  if (dependencies.database !== 'ok' || dependencies.queue !== 'ok') return 'unavailable';
  return dependencies.redis === 'failed' ? 'degraded' : 'ok';
}
