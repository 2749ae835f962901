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
  requireAdmin,
  requireSelfOrAdmin,
  type requireUser,
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
        summary: "A user's profile, role, status and favourites (self or admin); answers [dashboard]",
        params: userIdParamsSchema,
        response: dashboardResponse,
      },
    },
    async (request) => {
      await requireSelfOrAdmin(request, request.params.id);
      return [await users.getDashboard(deps, request.params.id)];
    },
  );

  app.put(
    '/api/users/update/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Update the profile fields (self or admin); status (suspend/reactivate) and roles (admin switch) only from an admin',
        params: userIdParamsSchema,
        body: userUpdateSchema,
        response: dashboardResponse,
      },
    },
    async (request) => {
      const viewer = await requireSelfOrAdmin(request, request.params.id);
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
          'The Users tab (admin): users whose username or e-mail holds orderSearch.search, sorted by orderSearch.orderBy, one page',
        querystring: usersQuerySchema,
        response: { 200: adminUserListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return users.listUsers(app.db, request.query);
    },
  );

  const ownVerified = async (request: Parameters<typeof requireUser>[0], userId: string) => {
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
        summary: 'Suspend the account with this e-mail (admin): it cannot sign in and its sessions end',
        body: userEmailBodySchema,
        response: dashboardResponse,
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return [await users.suspendByEmail(deps, request.body.email, admin.id)];
    },
  );
};
