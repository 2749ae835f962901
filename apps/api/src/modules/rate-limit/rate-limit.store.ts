import type { Db } from '../../db/client';
import type { Redis } from '../../lib/redis';
import * as repository from './rate-limit.repository';

/**
 * Where the counters live. Every instance must count in the same place, so that a budget is the same
 * whichever instance answers: Redis when the shop has one, else the database.
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in a fixed window; answers the count so far and the seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetIn: number }>;
  /** Takes one hit back from `key`. */
  refund(key: string): Promise<void>;
  /** Forgets `key` and every counter under it (`key:...`). */
  clear(key: string): Promise<void>;
  /**
   * Forgets the database's counters whose window has certainly ended (Redis expires its own): run by the
   * minutely sweep, so that the table holds only the windows still counting.
   */
  prune(): Promise<void>;
}

/**
 * The longest window a rule may have. A counter's row does not say its window, so the database forgets a
 * row once it is this old: its window, whatever it was, has ended. `consume` refuses longer windows.
 */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

export function databaseStore(db: Db): RateLimitStore {
  return {
    hit: (key, windowSeconds) => repository.hit(db, key, windowSeconds),
    refund: (key) => repository.refund(db, key),
    clear: (key) => repository.clear(db, key),
    prune: () => repository.prune(db, LONGEST_WINDOW_SECONDS),
  };
}

const PREFIX = 'shop:rate:';

/**
 * One hit is one atomic script: the counter and its window's expiry are set together, so a counter never
 * outlives its window and concurrent hits on any instance are all counted.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** A refund never takes a counter below zero, nor revives one whose window ended. */
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export function redisStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowSeconds) {
      const [count, resetIn] = (await redis.eval(HIT, 1, PREFIX + key, windowSeconds)) as [number, number];
      return { count, resetIn };
    },
    async refund(key) {
      await redis.eval(REFUND, 1, PREFIX + key);
    },
    async clear(key) {
      const keys = [PREFIX + key];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${PREFIX}${key}:*`, 'COUNT', 500);
        keys.push(...found);
        cursor = next;
      } while (cursor !== '0');
      await redis.del(...keys);
    },
    // Every key expires with its window.
    prune: async () => {},
  };
}

/**
 * Redis, and the database while Redis cannot be reached: both are shared by every instance, so a budget
 * stays one budget (counted afresh in the other store for the length of the outage) and sign-in and
 * checkout keep working.
 */
export function redisFirst(
  redis: RateLimitStore,
  database: RateLimitStore,
  log: { warn(object: object, message: string): void },
): RateLimitStore {
  const either =
    <A extends unknown[], R>(use: (store: RateLimitStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await use(redis)(...args);
      } catch (error) {
        log.warn({ err: error }, 'rate limits counted in the database: Redis cannot be reached');
        return use(database)(...args);
      }
    };
  return {
    hit: either((store) => store.hit),
    refund: either((store) => store.refund),
    clear: either((store) => store.clear),
    // The database holds the counters of the outages; Redis forgets its own.
    prune: () => database.prune(),
  };
}
