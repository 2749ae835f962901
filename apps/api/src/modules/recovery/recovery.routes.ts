import {
  abandonedCheckoutsPageSchema,
  abandonedCheckoutsQuerySchema,
  cartRecoverQuerySchema,
  cartRecoverySchema,
  recoverySettingsBodySchema,
  recoverySettingsSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { requirePermission, requireUser } from '../../plugins/session';
import {
  abandonedCheckouts,
  type RecoveryDeps,
  recoverySettingsOf,
  restoreCart,
  saveRecoverySettings,
} from './recovery.service';

/** Checkout recovery (issue 40): the reminder's link back to the cart, the staff's list and the owner's settings. */
export const recoveryRoutes: FastifyPluginAsyncZod<{ deps: RecoveryDeps }> = async (app, { deps }) => {
  app.get(
    '/api/cart/recover',
    {
      schema: {
        tags: ['cart'],
        summary:
          "A checkout reminder's link: the signed-in person's abandoned cart at today's prices, and what is no longer to be had (their own link only, 7 days)",
        querystring: cartRecoverQuerySchema,
        response: { 200: cartRecoverySchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const person = await requireUser(request);
      return restoreCart(deps, person.id, request.query.token);
    },
  );

  app.get(
    '/api/admin/abandoned-checkouts',
    {
      schema: {
        tags: ['sales'],
        summary:
          'Abandoned checkouts of the last 90 days, newest first: who, what, the reminders sent, and the orders bought after one (orders.read)',
        querystring: abandonedCheckoutsQuerySchema,
        response: { 200: abandonedCheckoutsPageSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      await requirePermission(request, 'orders.read');
      return abandonedCheckouts(deps.db, request.query.page);
    },
  );

  app.get(
    '/api/settings/recovery',
    {
      schema: {
        tags: ['sales'],
        summary:
          'Reminders of abandoned checkouts: on or off, their delays, the soft opt-in (settings.write)',
        response: { 200: recoverySettingsSchema, ...refusals(401, 403) },
      },
    },
    async (request) => {
      await requirePermission(request, 'settings.write');
      return recoverySettingsOf(deps.db);
    },
  );

  app.put(
    '/api/settings/recovery',
    {
      schema: {
        tags: ['sales'],
        summary:
          'Set the reminders of abandoned checkouts (settings.write): enabled, one or two delays in minutes (at least 1), the soft opt-in. Audited',
        body: recoverySettingsBodySchema,
        response: { 200: recoverySettingsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'settings.write');
      return saveRecoverySettings(deps, request.body, staff.id);
    },
  );
};
