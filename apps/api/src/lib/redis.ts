import { Redis } from 'ioredis';

/**
 * The connection to Redis (REDIS_URL), shared by the parts that use it. Commands issued in the same tick
 * go out in one round trip (auto-pipelining); while Redis is unreachable they fail after a short wait
 * instead of queueing without end, so a request answers with an error rather than hanging.
 */
export function connectRedis(
  url: string,
  log: { warn(object: object, message: string): void } = { warn: () => {} },
): Redis {
  const redis = new Redis(url, {
    enableAutoPipelining: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
  });
  // It reconnects by itself; meanwhile /api/ready answers 503 and each use fails on its own.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) log.warn({ err: error }, 'Redis cannot be reached; retrying');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

export type { Redis };
