import {
  invitationAcceptedSchema,
  invitationBodySchema,
  invitationSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  staffListSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireUser } from '../../plugins/session';
import * as team from './team.service';

/** The staff list, invitations by e-mail, and the invitee's landing page and acceptance. */
export const teamRoutes: FastifyPluginAsyncZod<{ deps: team.TeamDeps }> = async (app, { deps }) => {
  app.get(
    '/api/staff',
    {
      preValidation: permitted('users.read'),
      schema: {
        tags: ['staff'],
        summary:
          'The staff (users.read): every account whose role is not a shopper’s, with its role, whether it has a second factor and its last sign-in',
        response: { 200: staffListSchema, ...refusals(401, 403) },
      },
    },
    async () => ({ members: await team.listStaff(app.db) }),
  );

  app.post(
    '/api/staff/invitations',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['staff'],
        summary:
          'Invite someone to join the staff with a role (users.roles): they are e-mailed a link that works once, for 72 hours; audited',
        body: invitationBodySchema,
        response: { 201: invitationSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = await requirePermission(request, 'users.roles');
      return reply.code(201).send(await team.invite(deps, admin, request.body));
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags: ['staff'],
        summary: "An invitation's e-mail address, role and expiry, and whether it can still be accepted",
        params: invitationTokenParamsSchema,
        response: { 200: invitationViewSchema, ...refusals(400, 404) },
      },
    },
    async (request) => team.viewInvitation(app.db, request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Accept an invitation, signed in with its e-mail address: the account takes its role; it works once, until it expires; audited',
        params: invitationTokenParamsSchema,
        response: { 200: invitationAcceptedSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return team.accept(deps, user, request.params.token);
    },
  );
};
