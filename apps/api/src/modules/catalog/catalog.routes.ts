import {
  featuredProductsSchema,
  productDetailSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListSchema,
} from '@shop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { refusals } from '../../lib/refusals';
import { cacheKey } from '../../lib/response-cache';
import * as catalog from './catalog.service';
import { entityTag, productPage } from './product-pages';
import type { SizeCharts } from './size-fits';

/**
 * What a product's page shows of its reviews, as the JSON of their array: the composition root answers it
 * from the reviews module (held in memory, forgotten by the facts that change reviews).
 */
export type PageReviews = (db: DbOrTx, productId: string) => Promise<string>;

/**
 * How a product fits (ProductFit) as JSON: the composition root answers it from the sizes module with the
 * reviews', returns' and orders' figures (held in memory, forgotten by the facts that change them).
 */
export type PageFit = (db: DbOrTx, productId: string) => Promise<string>;

export const catalogRoutes: FastifyPluginAsyncZod<{
  reviewsForPage: PageReviews;
  fitForPage: PageFit;
  sizeCharts: SizeCharts;
}> = async (app, { reviewsForPage, fitForPage, sizeCharts }) => {
  /**
   * Answers from the catalogue cache, or produces, checks against the schema, caches and answers.
   */
  async function cachedJson<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    produce: () => Promise<T>,
  ) {
    const body = await app.catalogCache.getOrProduce(key, async () =>
      JSON.stringify(schema.parse(await produce())),
    );
    return sharedJson(request, reply, body);
  }

  /**
   * Sends a catalogue answer, JSON already made. These answers are the same for everyone, so any cache may
   * keep them, but must ask again before each use (a price or a sold-out size shows at once): the ETag
   * lets an unchanged answer come back as a bodiless 304. The tag is weak because the bytes differ by
   * compression while the content is the same.
   */
  function sharedJson(request: FastifyRequest, reply: FastifyReply, body: string, etag = entityTag(body)) {
    reply.header('etag', etag).header('cache-control', 'public, no-cache');
    const known = request.headers['if-none-match'];
    if (known?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  }

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Catalogue page: filters, "In my size" (size, sizeSystem), sort (orderBy JSON), search and pagination',
        querystring: productListQuerySchema,
        response: { 200: productListSchema, ...refusals(400) },
      },
    },
    (request, reply) =>
      cachedJson(request, reply, cacheKey('products', request.query), productListSchema, () =>
        catalog.listProducts(app.db, request.query, sizeCharts),
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
    (request, reply) =>
      cachedJson(request, reply, 'featured', featuredProductsSchema, () =>
        catalog.getFeaturedProducts(app.db),
      ),
  );

  app.get(
    '/api/products/details/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "One product with its reviews, its sizes in every system (its brand's chart) and how buyers say it fits; answers an array whose first element is the product",
        params: productIdParamsSchema,
        response: { 200: z.array(productDetailSchema), ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { body, etag } = await productPage(app.db, id, {
        reviews: () => reviewsForPage(app.db, id),
        fit: () => fitForPage(app.db, id),
        charts: () => sizeCharts(app.db),
      });
      return sharedJson(request, reply, body, etag);
    },
  );
};
