import {
  adminUserListSchema,
  favoriteBodySchema,
  userDashboardSchema,
  userEmailBodySchema,
  userIdParamsSchema,
  usersQuerySchema,
  userUpdateSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import {
  can,
  requirePermission,
  requireSelfOr,
  requireStepUp,
  requireUser,
  requireVerifiedUser,
} from '../../plugins/session';
import { requireStoredAvatar } from '../uploads';
import * as users from './users.service';

const dashboardResponse = {
  200: z.array(userDashboardSchema),
  ...refusals(400, 401, 403, 404, 409),
};

export const usersRoutes: FastifyPluginAsyncZod<{ deps: users.UserDeps }> = async (app, { deps }) => {
  app.get(
    '/api/users/dashboard/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          "A user's profile, role and its permissions, status and favourites (self, or staff with users.read); answers [dashboard]",
        params: userIdParamsSchema,
        response: dashboardResponse,
      },
    },
    async (request) => {
      await requireSelfOr(request, request.params.id, 'users.read');
      return [await users.getDashboard(deps, request.params.id)];
    },
  );

  app.put(
    '/api/users/update/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          "Update the profile fields (self, or staff with users.write); status (suspend/reactivate, users.write) and the role (users.roles: ['admin'], ['user'] or another staff role)",
        params: userIdParamsSchema,
        body: userUpdateSchema,
        response: dashboardResponse,
      },
    },
    async (request) => {
      const signedIn = await requireUser(request);
      // A role change may come from a member who cannot edit profiles: the service checks each part.
      const viewer = can(signedIn, 'users.roles')
        ? signedIn
        : await requireSelfOr(request, request.params.id, 'users.write');
      // A role change moves who may do what: it needs a fresh second factor (or the password).
      if (request.body.roles !== undefined && can(signedIn, 'users.roles')) await requireStepUp(request);
      if (request.body.image) await requireStoredAvatar(app.storage, request.body.image);
      return [await users.updateUser(deps, request.params.id, viewer, request.body)];
    },
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'The Users tab (users.read): users whose username or e-mail holds orderSearch.search, sorted by orderSearch.orderBy, one page',
        querystring: usersQuerySchema,
        response: { 200: adminUserListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      await requirePermission(request, 'users.read');
      return users.listUsers(app.db, request.query);
    },
  );

  const ownVerified = async (request: Parameters<typeof requireVerifiedUser>[0], userId: string) => {
    const user = await requireVerifiedUser(request);
    if (user.id !== userId) throw new AppError('FORBIDDEN', 'You can only change your own favourites');
  };

  const favouriteChanges = [
    { path: 'addFavorite', summary: 'Add a product to the favourites', change: users.addFavorite },
    { path: 'deleteFavorite', summary: 'Remove a product from the favourites', change: users.removeFavorite },
  ];
  for (const { path, summary, change } of favouriteChanges) {
    app.put(
      `/api/users/${path}/:id`,
      {
        schema: {
          tags: ['users'],
          summary: `${summary} (own account, verified e-mail)`,
          params: userIdParamsSchema,
          body: favoriteBodySchema,
          response: dashboardResponse,
        },
      },
      async (request) => {
        await ownVerified(request, request.params.id);
        return [await change(deps, request.params.id, request.body.favorite)];
      },
    );
  }

  app.put(
    '/api/user-suspended',
    {
      schema: {
        tags: ['users'],
        summary: 'Suspend the account with this e-mail (users.write): it cannot sign in and its sessions end',
        body: userEmailBodySchema,
        response: dashboardResponse,
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'users.write');
      return [await users.suspendByEmail(deps, request.body.email, admin.id)];
    },
  );
};
