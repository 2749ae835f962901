import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from '../config';
import { redactLogged, redactSecrets } from '../lib/redact';

/**
 * Nothing that opens an account or proves a payment reaches the log through a URL: reset and verification
 * tokens, an OpenID provider's code and state, a payment's token or session id (lib/redact.ts). The
 * request line and the page renderer redact the URL they log, Better Auth's lines are redacted where they
 * are handed over (auth.ts), and these catch the rest: every message (Fastify's own name the URL), every
 * error, and the request when Fastify logs it. Objects a caller logs on purpose are left as they are.
 */
const redaction: Pick<LoggerOptions, 'hooks' | 'serializers'> = {
  hooks: {
    logMethod(args, method) {
      const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg));
      return method.apply(this, redacted as Parameters<typeof method>);
    },
  },
  serializers: {
    err: (error: Error) => redactLogged(stdSerializers.err(error)),
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactSecrets(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};

/**
 * The logger: JSON lines in production (for a log collector), the same lines made readable for a terminal
 * everywhere else. `silent` turns it off. `stream` takes the JSON lines instead (tests read them).
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (stream) return { level: config.logLevel, stream, ...redaction };
  if (config.env === 'production') return { level: config.logLevel, ...redaction };
  return {
    level: config.logLevel,
    ...redaction,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,method,url,status,ms', singleLine: true },
    },
  };
}

/**
 * One line per request, written when the response is sent (Fastify's own request logging, turned off in
 * app.ts, writes two: one on arrival and one on completion). In a terminal the message says it all; the
 * JSON line also carries the same facts as fields.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // The request's own logger (it carries the request id) for everything the request runs.
  app.addHook('onRequest', (request, _reply, done) => {
    requestLogger.run(request.log, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const url = redactSecrets(request.url);
    request.log.info(
      { method: request.method, url, status: reply.statusCode, ms },
      `${request.method} ${url} ${reply.statusCode} ${ms} ms`,
    );
  });
}

const requestLogger = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * For services, which are handed one logger for the whole app: a line written while a request is served
 * carries that request's id (`reqId`), so a failed e-mail or payment call is found next to its request.
 * Outside a request (jobs, start-up) it is `base`.
 */
export function requestScopedLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, property) {
      const logger = requestLogger.getStore() ?? target;
      const value = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? value.bind(logger) : value;
    },
  });
}
