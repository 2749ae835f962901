import { orderIdParamsSchema, orderSchema, ordersExportQuerySchema } from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFileName, csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { requireAdmin } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import { exportOrders, type OrderDeps, refundOrder } from './orders.service';

/** The staff's order routes: the CSV export and refunds. */
export const staffOrdersRoutes: FastifyPluginAsyncZod<{ deps: OrderDeps }> = async (app, { deps }) => {
  /** Checked before the query is validated: a guest or a shopper learns nothing about the filters. */
  const adminOnly = async (request: FastifyRequest) => {
    await requireAdmin(request);
  };

  // A static path: the router prefers it to /api/orders/:id whatever the order of registration.
  app.get(
    '/api/orders/export.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['orders'],
        summary:
          "Every order matching the admin list's filters as CSV (admin), one row per order line, oldest first; streamed",
        querystring: ordersExportQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: {
          200: csvResponse(
            'a header row, then one row per order line: order_id, date (ISO), state, provider, customer_username, customer_email, product_id, product_name, brand, size, count, unit_price, line_total, order_total, fulfilment, shipped_at (the first shipment, ISO), carrier and tracking (every shipment, separated by "; ")',
          ),
          ...refusals(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.headers(csvHeaders(csvFileName('orders')));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      const { id } = await requireAdmin(request);
      await consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'exports', id);
      return reply.send(await exportOrders(app.db, request.query));
    },
  );

  app.post(
    '/api/orders/:id/refund',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Refund a paid order through its provider (admin): it becomes cancelled once; its pairs stay sold',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...refusals(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => refundOrder(deps, request.params.id, await requireAdmin(request)),
  );
};
