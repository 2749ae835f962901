import { activityListSchema, activityQuerySchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { permitted } from '../../plugins/session';
import * as audit from './audit.service';

/** The Activity view: every staff action, who did it, when, and what changed. */
export const auditRoutes: FastifyPluginAsyncZod<{ contactsOf: audit.ContactsOf }> = async (
  app,
  { contactsOf },
) => {
  app.get(
    '/api/admin/activity',
    {
      preValidation: permitted('audit.read'),
      schema: {
        tags: ['admin'],
        summary:
          'Staff actions, newest first (audit.read): who, when, what, before and after; by staff member and kind',
        querystring: activityQuerySchema,
        response: { 200: activityListSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => audit.listActivity(app.db, contactsOf, request.query),
  );
};
