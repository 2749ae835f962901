import { salesQuerySchema, salesReportSchema } from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { requireAdmin } from '../auth/session';
import { salesReport } from './sales.service';

/** The Sales view: paid orders per day and in total, best sellers and low stock over 30 or 90 days. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Checked before the query is validated: a guest or a shopper learns nothing about the parameters. */
  const adminOnly = async (request: FastifyRequest) => {
    await requireAdmin(request);
  };

  app.get(
    '/api/admin/sales',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Sales of the last 30 or 90 days (admin): paid orders per day (UTC, zero-filled) and in total, best sellers, low stock',
        querystring: salesQuerySchema,
        response: { 200: salesReportSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => salesReport(app.db, request.query.days),
  );
};
