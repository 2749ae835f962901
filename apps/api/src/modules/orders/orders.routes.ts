import {
  orderIdParamsSchema,
  orderPaymentLinkSchema,
  orderSchema,
  ordersQuerySchema,
  orderUpdateBodySchema,
  successOrderBodySchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { requirePermission, requireStepUp, requireUser } from '../../plugins/session';
import type { OrderDeps } from './order-deps';
import { confirmLatest, paymentLink, requestState } from './order-payment';
import { refundOrder } from './order-refund';
import { getOrder, listOrders } from './order-views';

export const ordersRoutes: FastifyPluginAsyncZod<{ deps: OrderDeps }> = async (app, { deps }) => {
  app.get(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          "One page of the buyer's orders (newest first by default); every order for an admin (optionally one user's with _id); filtered by state and dates, and found by search (the order's number, the buyer's e-mail or name)",
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema), ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => listOrders(deps, deps.db, await requireUser(request), request.query),
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
    async (request) => getOrder(deps, deps.db, request.params.id, await requireUser(request)),
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

  app.post(
    '/api/orders/:id/refund',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Refund what is left of a paid order (orders.refund): store credit it spent goes back as credit, the rest through its provider; it becomes cancelled once and its pairs stay sold',
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...refusals(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'orders.refund');
      await requireStepUp(request);
      return refundOrder(deps, request.params.id, admin);
    },
  );
};
