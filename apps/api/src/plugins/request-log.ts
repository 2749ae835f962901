import type { FastifyInstance, FastifyServerOptions } from 'fastify';
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
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms },
      `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`,
    );
  });
}
