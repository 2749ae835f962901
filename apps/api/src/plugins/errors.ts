import type { ErrorEnvelope } from '@shop/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

/** One error shape for the whole API: `{ error: { code, message, fields? } }`. Bad input is never a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send(envelope(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'value';
        fields[field] ??= issue.message ?? 'is invalid';
      }
      const where = PART_NAMES[error.validationContext ?? ''] ?? 'request';
      const summary = Object.entries(fields)
        .map(([field, reason]) => `${field} ${reason}`)
        .join('; ');
      return reply.status(400).send(envelope('VALIDATION_ERROR', `Invalid ${where}: ${summary}`, fields));
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
