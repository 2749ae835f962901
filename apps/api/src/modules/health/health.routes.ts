import { livenessSchema, readinessSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDependencies, readiness } from './health.service';

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
          'Readiness: 200 while the database and the job queue answer (`degraded` when Redis does not); 503 takes the instance out of the load balancer',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const dependencies = await checkDependencies(app);
      const status = readiness(dependencies);
      return reply.code(status === 'unavailable' ? 503 : 200).send({ status, ...dependencies });
    },
  );
};
