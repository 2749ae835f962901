import { salesSizesQuerySchema, salesSizesSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireStepUp } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import { salesSizes } from './sales-sizes';
import { salesSizesCsv } from './sales-sizes-csv';

/** The Sales view's size table of a period (issue 39), as JSON and as the CSV export. */
export const salesSizesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/sales/sizes',
    {
      preValidation: permitted('sales.read'),
      schema: {
        tags: ['admin'],
        summary:
          "The owner's size table of the days [from, to] (sales.read; the CSV also exports.read): per model and size, pairs sold, sent back as too small or too large, exchanged up or down, and buyers' fit answers; the models whose size returns are above the shop's average first; `format=csv` for the file",
        querystring: salesSizesQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: {
          200: salesSizesSchema.or(
            csvResponse(
              "with format=csv, a header row, then one row per model and size in the table's order: product_id, product_name, brand, model_sold, model_size_returns, model_size_return_rate (a percentage; empty when none sold), above_average (yes or no), size, sold, size_returns, too_small, too_large, exchanged_up, exchanged_down, fit_small, fit_true, fit_large",
            ),
          ),
          ...refusals(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if (format === 'json') return salesSizes(app.db, from, to);
      // Every CSV is an export: the file needs exports.read besides the table's sales.read.
      const { id } = await requirePermission(request, 'exports.read');
      reply.headers(csvHeaders(`sales-sizes-${from}-to-${to}.csv`));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      await requireStepUp(request);
      await consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'exports', id);
      return reply.send(await salesSizesCsv(await salesSizes(app.db, from, to)));
    },
  );
};
