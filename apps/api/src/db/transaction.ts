import type { Db, Tx } from './client';

/** PostgreSQL's codes for a transaction that lost a race and may simply be run again. */
const RETRYABLE_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/**
 * True when the error (or the driver error it wraps: Drizzle puts the pg error in `cause`) says the
 * transaction was rolled back because of a concurrent one, so running it again can succeed.
 */
export function isRetryable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** First back-off in milliseconds; doubles with each retry, with full jitter. */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in a transaction, and runs it again (after a short random pause, so the rivals do not collide
 * once more in step) when PostgreSQL aborted it for a deadlock or a serialization failure. `fn` must only
 * touch the database, or be safe to repeat: a rolled-back attempt leaves no trace there.
 */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  { attempts = 5, baseDelayMs = 10 }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
