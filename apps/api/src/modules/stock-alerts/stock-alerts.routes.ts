import {
  STOCK_ALERT_MESSAGES,
  stockAlertCreateSchema,
  stockAlertIdParamsSchema,
  stockAlertListSchema,
  stockAlertSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../lib/refusals';
import { requireUser, requireVerifiedUser } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import * as alerts from './stock-alerts.service';

/** Back-in-stock alerts: a shopper's own, and nobody else's. */
export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stock-alerts',
    {
      schema: {
        tags: ['stock alerts'],
        summary: 'Your open back-in-stock alerts, newest first',
        response: { 200: stockAlertListSchema, ...refusals(401) },
      },
    },
    async (request) => alerts.listAlerts(app.db, (await requireUser(request)).id),
  );

  app.post(
    '/api/stock-alerts',
    {
      schema: {
        tags: ['stock alerts'],
        summary: `${STOCK_ALERT_MESSAGES.NOTIFY_ME}: one e-mail when this sold-out size is back (verified e-mail)`,
        body: stockAlertCreateSchema,
        response: { 201: stockAlertSchema, ...refusals(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireVerifiedUser(request);
      await consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'stockAlerts', user.id);
      return reply.code(201).send(await alerts.createAlert(app.db, user.id, request.body));
    },
  );

  app.delete(
    '/api/stock-alerts/:id',
    {
      schema: {
        tags: ['stock alerts'],
        summary: 'Stop waiting for a size: removes one of your alerts',
        params: stockAlertIdParamsSchema,
        response: { 204: z.null(), ...refusals(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await alerts.deleteAlert(app.db, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
