import { livenessSchema, readinessSchema } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** How long a dependency may take to answer before the instance counts as not ready. */
const CHECK_TIMEOUT_MS = 2_000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (touches nothing else); restart the instance if it does not',
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database, Redis (when used) and the job queue answer; 503 takes the instance out of the load balancer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis, queue] = await Promise.all([
        check(() => app.db.execute(sql`select 1`)),
        app.redis ? check(() => (app.redis as NonNullable<typeof app.redis>).ping()) : ('not used' as const),
        check(() => app.jobs.counts()),
      ]);
      const ready = database === 'ok' && redis !== 'failed' && queue === 'ok';
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'unavailable', database, redis, queue });
    },
  );
};
