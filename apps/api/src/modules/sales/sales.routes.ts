import {
  lowStockPageSchema,
  lowStockQuerySchema,
  salesQuerySchema,
  salesReportSchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { requireAdmin } from '../../plugins/session';
import { lowStockSizes, salesReport } from './sales.service';

/** The Sales view: paid orders per day and in total and best sellers over 30 or 90 days; the sizes running low. */
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
          'Sales of the last 30 or 90 days (admin): paid orders per day (UTC, zero-filled) and in total, best sellers',
        querystring: salesQuerySchema,
        response: { 200: salesReportSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => salesReport(app.db, request.query.days),
  );

  app.get(
    '/api/admin/sales/low-stock',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Sizes of products on sale with `threshold` units or fewer (admin), fewest first, 20 a page, with their total',
        querystring: lowStockQuerySchema,
        response: { 200: lowStockPageSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => lowStockSizes(app.db, request.query.page),
  );
};
