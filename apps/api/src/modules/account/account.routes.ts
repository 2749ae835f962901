import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { requireUser } from '../auth/session';
import { deleteAccount } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, catalogCache: app.catalogCache };

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
      // A shop must keep someone who can run it: staff leave once another admin has made them a shopper.
      if (user.role === 'admin') {
        throw new AppError(
          'CONFLICT',
          'An admin account cannot be deleted; ask another admin to make it a user first',
        );
      }
      await deleteAccount(deps, user.id);
      return reply.code(204).send(null);
    },
  );
};
