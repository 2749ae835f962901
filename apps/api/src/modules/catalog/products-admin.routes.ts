import {
  adminProductListQuerySchema,
  adminProductListSchema,
  productCreateSchema,
  productIdParamsSchema,
  productModifySchema,
  productSchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireStepUp } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import * as admin from './products-admin.service';

/** The admin's side of the catalogue: create, change, archive and restore products, and list them all. */
export const productsAdminRoutes: FastifyPluginAsyncZod<{ deps: admin.ProductAdminDeps }> = async (
  app,
  { deps },
) => {
  /** The acting admin (already checked before validation). */
  const actor = async (request: FastifyRequest) => (await requirePermission(request, 'products.write')).id;

  app.get(
    '/api/products/admin',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['catalogue'],
        summary:
          "The admin's product list: the catalogue's filters and a size in stock (size, sizeSystem), archived products included and marked; newest added first unless orderBy says otherwise",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => admin.listAllProducts(deps, request.query),
  );

  app.get(
    '/api/products/export.csv',
    {
      preValidation: permitted('exports.read'),
      schema: {
        tags: ['catalogue'],
        summary: 'Every product as CSV (exports.read), archived ones included and marked, by name; streamed',
        produces: ['text/csv', 'application/json'],
        response: {
          200: csvResponse(
            'a header row, then one row per product: product_id, name, brand, price, categories, genders, color, collection, release_date, rating, archived (true/false), stock (units on sale per size, e.g. "9:3 9.5:0")',
          ),
          ...refusals(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.headers(csvHeaders(csvFileName('products')));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      await requireStepUp(request);
      await consumeForAccount(
        app.rateLimits,
        app.config.auth.rateLimitScale,
        'exports',
        (await requirePermission(request, 'exports.read')).id,
      );
      return reply.send(await admin.exportProducts(app.db));
    },
  );

  app.post(
    '/api/products/create',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['catalogue'],
        summary: 'Add a product (pictures uploaded first through POST /api/uploads/product)',
        body: productCreateSchema,
        response: { 201: productSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await admin.createProduct(deps, request.body, await actor(request)));
    },
  );

  app.put(
    '/api/products/modify/:id',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['catalogue'],
        summary: "Change a product's fields; stock sets the units of the sizes it names",
        params: productIdParamsSchema,
        body: productModifySchema,
        response: { 200: productSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => admin.modifyProduct(deps, request.params.id, request.body, await actor(request)),
  );

  app.delete(
    '/api/products/:id',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['catalogue'],
        summary: 'Archive a product: it leaves the catalogue, past orders keep it',
        params: productIdParamsSchema,
        response: { 204: z.null(), ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await admin.archiveProduct(deps, request.params.id, await actor(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/products/:id/restore',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['catalogue'],
        summary: 'Put an archived product back on sale, as it was',
        params: productIdParamsSchema,
        response: { 200: productSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => admin.restoreProduct(deps, request.params.id, await actor(request)),
  );
};
