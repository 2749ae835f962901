import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * The logger: JSON lines in production (for a log collector), the same lines made readable for a terminal
 * everywhere else. `silent` turns it off.
 */
export function loggerOptions(config: Pick<Config, 'env' | 'logLevel'>): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  if (config.env === 'production') return { level: config.logLevel };
  return {
    level: config.logLevel,
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
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms },
      `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
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
