import { randomUUID } from 'node:crypto';
import { creditGrantBodySchema, creditQuerySchema, creditSchema, userIdParamsSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireSelfOr, requireStepUp } from '../../plugins/session';
import * as credit from './credit.service';

/** An account's store credit: its owner and staff read it; staff grant or take back. */
export const creditRoutes: FastifyPluginAsyncZod<{ deps: credit.CreditDeps }> = async (app, { deps }) => {
  app.get(
    '/api/users/:id/credit',
    {
      schema: {
        tags: ['credit'],
        summary:
          "An account's store credit balance and its ledger, newest first, one page (the owner or staff)",
        params: userIdParamsSchema,
        querystring: creditQuerySchema,
        response: { 200: creditSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      await requireSelfOr(request, request.params.id, 'users.read');
      return credit.creditOf(app.db, request.params.id, request.query.page);
    },
  );

  app.post(
    '/api/users/:id/credit',
    {
      preValidation: permitted('credit.grant'),
      schema: {
        tags: ['credit'],
        summary:
          'Grant store credit (a positive amount) or take some back (negative, never below zero), with the reason the owner reads (credit.grant, up to the limit per grant of the staff settings); the owner is e-mailed. An `Idempotency-Key` header makes a retry add nothing',
        params: userIdParamsSchema,
        body: creditGrantBodySchema,
        response: { 201: creditSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const admin = await requirePermission(request, 'credit.grant');
      await requireStepUp(request);
      const header = request.headers['idempotency-key'];
      const key =
        typeof header === 'string' && header.length > 0 && header.length <= 100
          ? `grant:${admin.id}:${header}`
          : `grant:${randomUUID()}`;
      const body = await credit.grantCredit(deps, admin, request.params.id, request.body, key);
      return reply.code(201).send(body);
    },
  );
};
