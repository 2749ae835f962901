/** What a secret is written as in the log. */
const REDACTED = '[redacted]';

/**
 * Query parameters whose value opens an account or proves a sign-in or a payment: password-reset and
 * verification tokens, an OpenID provider's `code` and `state`, a payment's `token` or `session_id`, a
 * checkout reminder's link back to the cart (`recover`).
 */
const SECRET_PARAMETER =
  /^(?:code|state|otp|nonce|ticket|sig|signature|session_?id|key|api_?key|recover)$|token|secret|passw/i;
/** Fields of a logged object or error that hold the same kind of value (not `code`: errors have one). */
const SECRET_FIELD = /token|secret|passw|^state$|^session_?id$|signature|api_?key|^authorization$|^cookie$/i;
/** Paths whose next segment is the secret: a reset link, a test-mode payment page. */
const SECRET_SEGMENT = /(\/(?:reset-password|test-gateway(?:\/payments)?)\/)([^/?#&\s"'<>:;,)]+)/gi;
/**
 * The values a failed query was run with, as Drizzle writes them into its error's message (and so into the
 * stack): `Failed query: <sql>\nparams: <values>`, up to the stack's first frame. The values may be a
 * session token or a payment reference; the statement, with its `$1` placeholders, stays.
 */
const QUERY_PARAMETERS = /\n\s*params: [\s\S]*?(?=\n\s+at |$)/g;
/** Fields of a database error that hold its query's values: Drizzle's and PGlite's. */
const PARAMETER_FIELD = /^(?:params|parameters|queryOptions)$/;
/** `name=value` after the start of a query, a form body or a word. */
const PARAMETER = /(^|[?&;\s])([^=&?#;\s"'<>]+)=([^&#;\s"'<>]*)/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * `text` (a URL, a log message, an error's message) with every secret it carries replaced by
 * `[redacted]`: the values of SECRET_PARAMETER in a query or a form body (also inside another
 * parameter's encoded value, a `callbackURL` say) and the segment after `/reset-password/` or
 * `/test-gateway/`.
 */
export function redactSecrets(text: string): string {
  return redactNested(withoutQueryParameters(text), 2);
}

/** `text` (a database error's message or stack) without the values of the failed query it names. */
export function withoutQueryParameters(text: string): string {
  return text.includes('params: ') ? text.replace(QUERY_PARAMETERS, '') : text;
}

/** redactSecrets, looking `levels` deep into encoded values. */
function redactNested(text: string, levels: number): string {
  if (!/[=/]/.test(text)) return text;
  return text
    .replace(SECRET_SEGMENT, `$1${REDACTED}`)
    .replace(PARAMETER, (match, start: string, name: string, value: string) => {
      const plain = decoded(value);
      const secret =
        SECRET_PARAMETER.test(decoded(name).replace(/\[.*$/, '')) ||
        (levels > 0 && value !== '' && redactNested(plain, levels - 1) !== plain);
      return secret ? `${start}${name}=${REDACTED}` : match;
    });
}

/**
 * A logged value with its secrets redacted: strings by redactSecrets, the fields named like a secret, and
 * the fields that hold a failed query's values (left out, on an error's `cause` too), through objects,
 * arrays and errors a few levels deep (an error becomes a plain object with its type, message and stack;
 * an object that is changed becomes a plain copy). Dates and buffers are left as they
 * are. Answers the value itself when nothing changed.
 */
export function redactLogged(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (value instanceof Error) {
    return redactLogged({ ...value, type: value.name, message: value.message, stack: value.stack }, depth);
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => redactLogged(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function' || ArrayBuffer.isView(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    if (PARAMETER_FIELD.test(key) && item != null) {
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const redacted = SECRET_FIELD.test(key) && item != null ? REDACTED : redactLogged(item, depth + 1);
    if (redacted !== item) {
      copy ??= { ...value };
      copy[key] = redacted;
    }
  }
  return copy ?? value;
}
