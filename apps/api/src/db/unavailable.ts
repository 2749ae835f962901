/**
 * PostgreSQL's codes for a server that ended the connection or will not take one now: a restart or
 * failover (`57P01` admin_shutdown, also `pg_terminate_backend`; `57P02` crash_shutdown; `57P03` starting
 * up or shutting down), every connection taken (`53300`), and the connection exceptions (class `08`).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** The network's: nothing listens, the connection broke, or the host cannot be found or reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The driver's own words (node-postgres and its pool give these errors no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /not queryable/, // a client whose connection broke, or that was closed
];

function unavailable(error: { code?: unknown; message?: unknown }): boolean {
  const { code, message } = error;
  if (typeof code === 'string' && (SERVER_CODES.has(code) || NETWORK_CODES.has(code) || /^08/.test(code)))
    return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error` (or an error it wraps: Drizzle puts the driver's in `cause`, Node's connection
 * attempts gather theirs in `errors`) says the database could not be reached or went away, rather than
 * refusing the statement: the request may succeed a few seconds later, so it is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    if (unavailable(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
