import type { Socket } from 'node:net';
import { AUTH_MESSAGES, type ErrorEnvelope } from '@shop/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/app-error';

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

function envelope(code: string, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** What a unique constraint protects, by its name: the field a client must change, and how to say so. */
const UNIQUE_FIELDS: Record<string, () => AppError> = {
  user_email_unique: () =>
    new AppError('EMAIL_IN_USE', AUTH_MESSAGES.EMAIL_IN_USE, { email: AUTH_MESSAGES.EMAIL_IN_USE }),
  user_username_unique: () =>
    new AppError('USERNAME_TAKEN', AUTH_MESSAGES.USERNAME_TAKEN, { username: 'is already taken' }),
  review_one_per_user_and_product: () =>
    new AppError('CONFLICT', 'This product already has your review', { _idProduct: 'is already reviewed' }),
};

const INVALID_VALUE_CODES = new Set([
  '22P02', // invalid_text_representation
  '22021', // character_not_in_repertoire (a NUL byte in text)
  '22P05', // untranslatable_character
  '22003', // numeric_value_out_of_range
]);
const RACE_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

interface DatabaseErrorFields {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error behind `error` (Drizzle wraps the driver's error in `cause`), if it is one we map. */
function databaseError(error: unknown): DatabaseErrorFields | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code } = current as { code?: unknown };
    if (
      typeof code === 'string' &&
      (code === '23505' || RACE_CODES.has(code) || INVALID_VALUE_CODES.has(code))
    )
      return current as DatabaseErrorFields;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A safety net for database refusals that the code before them should have prevented (the cause is
 * still fixed where it happens): a unique violation is a 409 naming the field, a lost race a 409 to
 * retry, a value the database cannot store a 400. Never a 500.
 */
function fromDatabaseError(found: DatabaseErrorFields): AppError {
  if (found.code === '23505') {
    const known = found.constraint ? UNIQUE_FIELDS[found.constraint] : undefined;
    if (known) return known();
    // "Key (username)=(x) already exists." names the column(s).
    const field = /^Key \(([^)]+)\)=/.exec(found.detail ?? '')?.[1] ?? 'value';
    return new AppError('CONFLICT', `This ${field} is already taken`, { [field]: 'is already taken' });
  }
  if (RACE_CODES.has(found.code))
    return new AppError('CONFLICT', 'Another request changed the same data at the same moment; try again');
  return new AppError('VALIDATION_ERROR', 'A value of this request cannot be stored');
}

/** Seconds a client is asked to wait while the database cannot be reached (a restart takes a few). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * One error shape for the whole API: `{ error: { code, message, fields? } }`. Bad input is never a 500, and
 * neither is a database that cannot be reached for the moment: that is a 503 to retry.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(envelope(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const at = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A key the schema does not take (`roles` in a profile, say) is named itself.
        const keys = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : null;
        if (Array.isArray(keys)) {
          for (const key of keys) fields[at ? `${at}.${String(key)}` : String(key)] ??= 'cannot be set here';
          continue;
        }
        fields[at || 'value'] ??= issue.message ?? 'is invalid';
      }
      const where = PART_NAMES[error.validationContext ?? ''] ?? 'request';
      const summary = Object.entries(fields)
        .map(([field, reason]) => `${field} ${reason}`)
        .join('; ');
      return reply.status(400).send(envelope('VALIDATION_ERROR', `Invalid ${where}: ${summary}`, fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(
          envelope(
            'SERVICE_UNAVAILABLE',
            'The shop cannot reach its database just now; please try again in a few seconds',
          ),
        );
    }
    const database = databaseError(error);
    if (database) {
      request.log.warn({ err: error }, 'database refused the request');
      const mapped = fromDatabaseError(database);
      return reply.status(mapped.status).send(envelope(mapped.code, mapped.message, mapped.fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'VALIDATION_ERROR';
      return reply.status(status).send(envelope(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(envelope('INTERNAL_ERROR', 'Something went wrong on our side, please try again'));
  });
}

/**
 * Fastify's `frameworkErrors`: refusals the router makes before any route or hook runs (a path that is not
 * valid percent-encoding, a path parameter past `maxParamLength`), in the shop's envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const reason =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'has a part that is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'is not valid percent-encoding'
        : 'cannot be routed';
  reply
    .status(400)
    .header('cache-control', 'private, no-store')
    .send(envelope('VALIDATION_ERROR', `The path ${reason}`, { path: reason }));
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'VALIDATION_ERROR',
    message: 'The request took too long to arrive',
  },
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it (headers
 * too large, a malformed request line, a timeout). Answers the envelope straight on the socket, as
 * Node's own handler would answer its bare status line, then closes the connection.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    code: 'VALIDATION_ERROR',
    message: 'The request is not valid HTTP',
  };
  if (socket.writable) {
    const body = JSON.stringify(envelope(known.code, known.message));
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: private, no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
