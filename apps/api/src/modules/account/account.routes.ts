import {
  adminUserListSchema,
  boughtListSchema,
  userEmailBodySchema,
  userIdParamsSchema,
  usersQuerySchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { isStaff, requirePermission, requireSelfOr, requireUser } from '../../plugins/session';
import { listUsers } from '../users';
import {
  type AccountDeps,
  deleteAccount,
  deleteUserAsAdmin,
  deleteUserByEmailAsAdmin,
  getBought,
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
          'Delete your account: reviews, favourites and alerts removed, signed out everywhere; orders kept without personal data',
        response: { 204: z.null(), ...refusals(401, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // A shop must keep someone who can run it: staff leave once an admin has made them a shopper.
      if (isStaff(user)) {
        throw new AppError(
          'CONFLICT',
          user.role === 'admin'
            ? 'An admin account cannot be deleted; ask another admin to make it a user first'
            : 'A staff account cannot be deleted; ask an admin to make it a user first',
        );
      }
      await deleteAccount(deps, user.id);
      return reply.code(204).send(null);
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
