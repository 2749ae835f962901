import {
  featuredProductsSchema,
  productDetailSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListSchema,
} from '@shop/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../lib/refusals';
import { cacheKey } from '../../lib/response-cache';
import { reviewsOfProduct } from '../reviews/reviews.service';
import * as catalog from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Answers from the catalogue cache, or produces, checks against the schema, caches and answers. */
  async function cachedJson<T>(
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    produce: () => Promise<T>,
  ) {
    const body = await app.catalogCache.getOrProduce(key, async () =>
      JSON.stringify(schema.parse(await produce())),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Catalogue page: filters, sort (orderBy JSON), search and pagination',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, ...refusals(400) },
      },
    },
    (request, reply) =>
      cachedJson(reply, cacheKey('products', request.query), productListSchema, () =>
        catalog.listProducts(app.db, request.query),
      ),
  );

  app.get(
    '/api/products/featured',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The landing page promo shoe and the two banner shoes',
        response: { 200: featuredProductsSchema },
      },
    },
    (_request, reply) =>
      cachedJson(reply, 'featured', featuredProductsSchema, () => catalog.getFeaturedProducts(app.db)),
  );

  app.get(
    '/api/products/details/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its reviews; answers an array whose first element is the product',
        params: productIdParamsSchema,
        response: { 200: z.array(productDetailSchema), ...refusals(400, 404) },
      },
    },
    async (request) => {
      const product = await catalog.getProduct(app.db, request.params.id);
      return [{ ...product, reviews: await reviewsOfProduct(app.db, product._id) }];
    },
  );
};
