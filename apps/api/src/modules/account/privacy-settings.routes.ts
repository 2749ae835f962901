import { privacySettingsBodySchema, privacySettingsSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { requirePermission } from '../../plugins/session';
import { type AccountDeps, privacySettingsOf, savePrivacySettings } from './account.service';

/** The owner's privacy settings: the hold on erasures. */
export const privacySettingsRoutes: FastifyPluginAsyncZod<{ deps: AccountDeps }> = async (app, { deps }) => {
  app.get(
    '/api/settings/privacy',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The owner's hold on erasures: days after a person's last order during which it waits (settings.write)",
        response: { 200: privacySettingsSchema, ...refusals(401, 403) },
      },
    },
    async (request) => {
      await requirePermission(request, 'settings.write');
      return privacySettingsOf(deps.db);
    },
  );

  app.put(
    '/api/settings/privacy',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set the hold on erasures (settings.write): 0 to 3650 days after the last order. Audited',
        body: privacySettingsBodySchema,
        response: { 200: privacySettingsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'settings.write');
      return savePrivacySettings(deps, request.body, staff.id);
    },
  );
};
