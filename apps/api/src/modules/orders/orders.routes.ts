import {
  orderIdParamsSchema,
  orderPaymentLinkSchema,
  orderSchema,
  ordersExportQuerySchema,
  ordersQuerySchema,
  orderUpdateBodySchema,
  successOrderBodySchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { csvFileName, csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { requireAdmin, requireUser } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import {
  confirmLatest,
  exportOrders,
  getOrder,
  listOrders,
  type OrderDeps,
  paymentLink,
  refundOrder,
  requestState,
} from './orders.service';

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: OrderDeps }> = async (app, { deps }) => {
  app.get(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          "One page of the buyer's orders (newest first by default); every order for an admin (optionally one user's with _id); filtered by state and dates",
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema), ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => listOrders(app.db, await requireUser(request), request.query),
  );

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
            'a header row, then one row per order line: order_id, date (ISO), state, provider, customer_username, customer_email, product_id, product_name, brand, size, count, unit_price, line_total, order_total',
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

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order, for its buyer or an admin',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getOrder(app.db, request.params.id, await requireUser(request)),
  );

  app.put(
    '/api/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Ask to approve (verified with the provider first: an unpaid order stays pending) or cancel (units return) an order',
        params: orderIdParamsSchema,
        body: orderUpdateBodySchema,
        response: { 200: orderSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      requestState(deps, request.params.id, request.body.voucher.state, await requireUser(request)),
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

  app.post(
    '/api/orders/:id/pay',
    {
      schema: {
        tags: ['orders'],
        summary: "The payment page of the buyer's own pending order, to pay it after all",
        params: orderIdParamsSchema,
        response: { 200: orderPaymentLinkSchema, ...refusals(400, 401, 404, 409, 502, 503) },
      },
    },
    async (request) => paymentLink(deps, request.params.id, await requireUser(request)),
  );

  app.put(
    '/api/success-order',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Back from paying: confirms the buyer's latest pending order with its provider; answers [order]",
        body: successOrderBodySchema,
        response: { 200: z.array(orderSchema), ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      if (request.body.user.uid && request.body.user.uid !== viewer.id) {
        throw new AppError('FORBIDDEN', 'You can only confirm your own orders');
      }
      return [await confirmLatest(deps, viewer)];
    },
  );
};
