import {
  accountSessionListSchema,
  sessionIdParamsSchema,
  sessionsEndedSchema,
  staffUserParamsSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireUser, sessionTokenFromCookie } from '../../plugins/session';
import * as sessions from './sessions.service';

/**
 * A person's sessions in the account area, and staff ending a member's. Better Auth's own
 * `/api/auth/list-sessions`, `/api/auth/revoke-session` and `/api/auth/revoke-other-sessions` stay as it
 * names them ("Sign out everywhere else" is the last).
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{ deps: sessions.SessionDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Your sessions, newest sign-in first: the device (browser and system), address, when signed in and last seen, and which is this one',
        response: { 200: accountSessionListSchema, ...refusals(401) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const token = sessionTokenFromCookie(
        request.headers.cookie,
        app.sessionCookieName,
        app.config.auth.secret,
      );
      return { sessions: await sessions.listSessions(app.db, user.id, token) };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out one of your sessions (another person’s is not found); it is refused at once',
        params: sessionIdParamsSchema,
        response: { 204: z.null(), ...refusals(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await sessions.endOwnSession(deps, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/staff/:userId/sessions',
    {
      preValidation: permitted('users.write'),
      schema: {
        tags: ['staff'],
        summary:
          "End every session of a member of staff (users.write): they are signed out everywhere at once; audited. A shopper's id is not found",
        params: staffUserParamsSchema,
        response: { 200: sessionsEndedSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'users.write');
      return { ended: await sessions.endStaffSessions(deps, admin, request.params.userId) };
    },
  );
};
