import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './rate-limit.repository';
import { LONGEST_WINDOW_SECONDS, type RateLimitStore } from './rate-limit.store';

export interface RateLimitRule {
  /** Hits allowed in the window. */
  max: number;
  windowSeconds: number;
}

/** `rule` with its count multiplied by RATE_LIMIT_SCALE (at least one). */
export function scaled(rule: RateLimitRule, scale: number): RateLimitRule {
  return { ...rule, max: Math.max(1, Math.ceil(rule.max * scale)) };
}

/** What one signed-in account may do a minute of the work a request makes the shop do, times RATE_LIMIT_SCALE. */
export const ACCOUNT_LIMITS = {
  /** Pictures uploaded: profile pictures and product pictures together. */
  uploads: { max: 30, windowSeconds: 60 },
  /** CSV exports downloaded (staff): every export together (orders, products, promotions, a drop's entries). */
  exports: { max: 10, windowSeconds: 60 },
  /** Back-in-stock alerts asked for. */
  stockAlerts: { max: 20, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

/** Counts one `limit` action of the account `userId`; past the limit, 429 RATE_LIMITED with Retry-After. */
export function consumeForAccount(
  store: RateLimitStore,
  scale: number,
  limit: keyof typeof ACCOUNT_LIMITS,
  userId: string,
): Promise<void> {
  return consume(store, `${limit}:${userId}`, scaled(ACCOUNT_LIMITS[limit], scale));
}

/** A short stand-in for a part of a key that a client chose (an e-mail of any length or character). */
export function keyPart(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function waitMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Refuses with 429 RATE_LIMITED (and Retry-After) once `key` was hit more than `rule.max` times in the
 * window. `message` is what the person sees; by default it says how long to wait.
 */
export async function consume(
  store: RateLimitStore,
  key: string,
  rule: RateLimitRule,
  message?: string,
): Promise<void> {
  if (rule.windowSeconds > LONGEST_WINDOW_SECONDS) {
    throw new Error(`rate limit ${key}: a window may last at most ${LONGEST_WINDOW_SECONDS} s`);
  }
  const { count, resetIn } = await store.hit(key, rule.windowSeconds);
  if (count > rule.max) throw AppError.rateLimited(message ?? waitMessage(resetIn), resetIn);
}

/** Takes back one hit on `key`, for an attempt that should not count (say, a successful sign-in). */
export function refund(store: RateLimitStore, key: string): Promise<void> {
  return store.refund(key);
}

/** Starts `key` and every counter under it (`key:...`) afresh. */
export function clear(store: RateLimitStore, key: string): Promise<void> {
  return store.clear(key);
}

/** Forgets the counters whose window has ended (the minutely sweep's share of the rate limits). */
export function pruneEnded(store: RateLimitStore): Promise<void> {
  return store.prune();
}

/**
 * On a person's erasure, the database's counters that name them ('checkout:<user id>') go. Redis's expire
 * with their window (a day at most), and e-mails in keys are hashed.
 */
export function forgetRateLimitsOf(db: DbOrTx, userId: string): Promise<void> {
  return repository.forgetPerson(db, userId);
}
