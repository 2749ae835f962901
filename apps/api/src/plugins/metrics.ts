import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { statementsSent } from '../db/client';
import { AppError } from '../lib/app-error';
import { fromThisMachine } from '../lib/this-machine';
import { checkDependencies } from '../modules/health';
import { QUEUES, type QueueName } from '../modules/jobs';

/** What a checkout request came to, by its answer. */
function checkoutOutcome(status: number): string {
  if (status < 300) return 'created';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status < 500) return 'refused';
  return 'error';
}

/**
 * Prometheus metrics at `/metrics` (prom-client): request duration by route and status, checkouts by
 * outcome, the job queue's depth and failures, the catalogue cache's hits and misses, and the process's
 * own figures. Each instance answers for itself; Prometheus adds them up. Only a scraper may read them:
 * without METRICS_TOKEN one at this machine (the outbox's rule, lib/this-machine.ts: a reverse proxy on
 * the machine does not make its visitors local), with it anywhere with `Authorization: Bearer <token>`.
 */
export function registerMetrics(app: FastifyInstance, token: string | null): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const checkouts = new Counter({
    name: 'shop_checkouts_total',
    help: 'Checkout requests by outcome (created, conflict, rate_limited, refused, error)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Counter({
    name: 'shop_db_statements_total',
    help: 'Statements sent to the database (transactions included; not the job queue’s)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(statementsSent());
    },
  });
  const cache = app.catalogCache;
  new Counter({
    name: 'shop_catalog_cache_requests_total',
    help: 'Catalogue answers served from the cache (hit) or produced (miss)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, cache.hits);
      this.inc({ result: 'miss' }, cache.misses);
    },
  });
  const queueNames = Object.keys(QUEUES) as QueueName[];
  const queueGauge = (
    name: string,
    help: string,
    value: (count: { due: number; failed: number }) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        // While the database cannot be read these are left out (shop_dependency_up says why), so the
        // scrape still answers.
        const counts = await app.jobs.counts().catch(() => null);
        this.reset();
        if (counts) for (const queue of queueNames) this.set({ queue }, value(counts[queue]));
      },
    });
  queueGauge(
    'shop_jobs_due',
    'Jobs due and not finished (waiting, retrying or running), by queue',
    (count) => count.due,
  );
  queueGauge(
    'shop_jobs_failed',
    'Jobs that failed for good (no retry left), kept a week, by queue',
    (count) => count.failed,
  );

  new Gauge({
    name: 'shop_dependency_up',
    help: 'Whether a dependency answers (1) or not (0): database, queue, and redis when the shop uses it',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const dependencies = await checkDependencies(app);
      for (const [dependency, state] of Object.entries(dependencies))
        if (state !== 'not used') this.set({ dependency }, state === 'ok' ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (route === '/api/checkouts' && request.method === 'POST')
      checkouts.inc({ outcome: checkoutOutcome(status) });
  });

  const allowed = (request: FastifyRequest) => {
    if (!token) return fromThisMachine(request, app.config.trustProxy);
    const sent = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Answered as if there were nothing here, so the address tells a stranger nothing.
    if (!allowed(request)) throw new AppError('NOT_FOUND', `No route for GET ${request.url}`);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
