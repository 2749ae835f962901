import {
  shippingMethodBodySchema,
  shippingMethodParamsSchema,
  shippingMethodRemovalSchema,
  shippingMethodsQuerySchema,
  shippingMethodsSchema,
  staffShippingMethodSchema,
  staffShippingMethodsSchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission } from '../../plugins/session';
import * as shipping from './shipping.service';

/** The ways an order can travel: offered to buyers at checkout, managed by staff. */
export const shippingRoutes: FastifyPluginAsyncZod<{ deps: shipping.ShippingDeps }> = async (
  app,
  { deps },
) => {
  /** The acting admin (already checked before validation). */
  const actor = (request: FastifyRequest) => requirePermission(request, 'shipping.write');

  app.get(
    '/api/shipping-methods',
    {
      schema: {
        tags: ['shipping'],
        summary:
          'The shipping methods offered in `country` (a name or an ISO 3166 code, as a profile holds it), cheapest first; every offered one without it',
        querystring: shippingMethodsQuerySchema,
        response: { 200: shippingMethodsSchema, ...refusals(400) },
      },
    },
    async (request) => ({ methods: await shipping.offeredMethods(app.db, request.query.country) }),
  );

  app.get(
    '/api/admin/shipping-methods',
    {
      preValidation: permitted('shipping.write'),
      schema: {
        tags: ['shipping'],
        summary:
          "The staff's list of shipping methods (shipping.write): inactive ones included, cheapest first",
        response: { 200: staffShippingMethodsSchema, ...refusals(401, 403) },
      },
    },
    async () => ({ methods: await shipping.managedMethods(app.db) }),
  );

  app.post(
    '/api/shipping-methods',
    {
      preValidation: permitted('shipping.write'),
      schema: {
        tags: ['shipping'],
        summary: 'Add a shipping method (shipping.write); `countries` absent or empty: every country',
        body: shippingMethodBodySchema,
        response: { 201: staffShippingMethodSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const method = await shipping.createMethod(deps, await actor(request), request.body);
      return reply.code(201).send(method);
    },
  );

  app.put(
    '/api/shipping-methods/:id',
    {
      preValidation: permitted('shipping.write'),
      schema: {
        tags: ['shipping'],
        summary:
          'Change a shipping method (shipping.write); orders already placed keep what they were charged',
        params: shippingMethodParamsSchema,
        body: shippingMethodBodySchema,
        response: { 200: staffShippingMethodSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => shipping.updateMethod(deps, await actor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/shipping-methods/:id',
    {
      preValidation: permitted('shipping.write'),
      schema: {
        tags: ['shipping'],
        summary:
          'Delete a shipping method (shipping.write); one that orders name is archived instead (`archived: true`): no longer offered nor listed',
        params: shippingMethodParamsSchema,
        response: { 200: shippingMethodRemovalSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => shipping.removeMethod(deps, await actor(request), request.params.id),
  );
};
