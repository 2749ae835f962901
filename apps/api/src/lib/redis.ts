import { Redis } from 'ioredis';

/**
 * The connection to Redis (REDIS_URL), shared by the parts that use it. Commands issued in the same tick
 * go out in one round trip (auto-pipelining). While Redis cannot be reached, a command fails at once
 * instead of waiting in a queue for the reconnection, and each part that uses it does without: the
 * catalogue cache is bypassed and the rate limits count in the database, so requests neither fail nor
 * wait. It reconnects by itself (every 2 s at most) and is used again from the moment it is back.
 */
export async function connectRedis(
  url: string,
  log: { warn(object: object, message: string): void } = { warn: () => {} },
): Promise<Redis> {
  const redis = new Redis(url, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    // A Redis that stops answering on an open connection fails its commands too, instead of holding them.
    commandTimeout: 2_000,
  });
  // One warning an outage; meanwhile /api/ready answers 200 `degraded`, naming Redis.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) log.warn({ err: error }, 'Redis cannot be reached; retrying');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  // The first connection is waited for, so the first requests find it; a Redis that is down is not.
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });
  return redis;
}

export type { Redis };
