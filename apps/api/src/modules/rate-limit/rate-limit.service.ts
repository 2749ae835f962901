import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import type { RateLimitStore } from './rate-limit.store';

export interface RateLimitRule {
  /** Hits allowed in the window. */
  max: number;
  windowSeconds: number;
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
