import {
  adminUserListSchema,
  boughtListSchema,
  erasureOutcomeSchema,
  userEmailBodySchema,
  userIdParamsSchema,
  usersQuerySchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { requirePermission, requireSelfOr, requireStepUp, requireUser } from '../../plugins/session';
import { listUsers } from '../users';
import {
  type AccountDeps,
  deleteUserAsAdmin,
  deleteUserByEmailAsAdmin,
  eraseUserAsStaff,
  getBought,
  refuseStaffErasure,
  requestErasure,
} from './account.service';

export const accountRoutes: FastifyPluginAsyncZod<{ deps: AccountDeps }> = async (app, { deps }) => {
  app.get(
    '/api/users/bought/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          "Each product of the user's approved orders, newest purchase first, with their review of it (self, or staff with orders.read)",
        params: userIdParamsSchema,
        response: { 200: boughtListSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireSelfOr(request, request.params.id, 'orders.read');
      return getBought(app.db, request.params.id);
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "Erase your account's personal data (200 { erased: true }): reviews, favourites and alerts removed, signed out everywhere; orders, payments and returns kept as accounting records without your name, address or phone. Held (202 { heldUntil, reason }) while an order is open, a return in progress, or within the owner's hold after your last order; done by the shop once nothing holds it",
        response: { 200: erasureOutcomeSchema, 202: erasureOutcomeSchema, ...refusals(401, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // A shop must keep someone who can run it: staff leave once an admin has made them a shopper.
      refuseStaffErasure(user);
      const outcome = await requestErasure(deps, user.id, null);
      return reply.code('erased' in outcome ? 200 : 202).send(outcome);
    },
  );

  app.post(
    '/api/users/:id/erase',
    {
      schema: {
        tags: ['users'],
        summary:
          "Erase a shopper's personal data as DELETE /api/account does (users.write and a fresh second factor; never your own, never staff's): 200 { erased: true }, or 202 { heldUntil, reason } while held. Audited",
        params: userIdParamsSchema,
        response: {
          200: erasureOutcomeSchema,
          202: erasureOutcomeSchema,
          ...refusals(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await requirePermission(request, 'users.write');
      const staff = await requireStepUp(request);
      const outcome = await eraseUserAsStaff(deps, request.params.id, staff.id);
      return reply.code('erased' in outcome ? 200 : 202).send(outcome);
    },
  );

  const staffDeletion = {
    tags: ['users'],
    querystring: usersQuerySchema,
    response: { 200: adminUserListSchema, ...refusals(400, 401, 403, 404, 409) },
  };

  app.delete(
    '/api/users/:id',
    {
      schema: {
        ...staffDeletion,
        summary:
          "Delete a user's account (users.write; never your own or the last admin's): reviews and favourites go, orders stay without personal data; answers the users list",
        params: userIdParamsSchema,
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'users.write');
      await deleteUserAsAdmin(deps, request.params.id, admin.id);
      return listUsers(app.db, request.query);
    },
  );

  app.put(
    '/api/user-deleted',
    {
      schema: {
        ...staffDeletion,
        summary:
          'Delete the account with this e-mail (users.write), like DELETE /api/users/:id; answers the users list',
        body: userEmailBodySchema,
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'users.write');
      await deleteUserByEmailAsAdmin(deps, request.body.email, admin.id);
      return listUsers(app.db, request.query);
    },
  );
};
