import {
  productIdParamsSchema,
  reviewCreateSchema,
  reviewDeleteSchema,
  reviewIdParamsSchema,
  reviewListSchema,
  reviewSchema,
  reviewUpdateSchema,
  userIdParamsSchema,
  userReviewListSchema,
  userReviewSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { currentUser, requirePermission, requireSelfOr, requireVerifiedUser } from '../../plugins/session';
import * as reviews from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod<{ deps: reviews.ReviewDeps }> = async (app, { deps }) => {
  app.get(
    '/api/reviews/product/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's reviews, newest first",
        params: productIdParamsSchema,
        response: { 200: reviewListSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => reviews.listProductReviews(app.db, request.params.id, await currentUser(request)),
  );

  app.post(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Review a product you bought (verified e-mail; one review per product)',
        body: reviewCreateSchema,
        response: { 201: userReviewSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const author = await requireVerifiedUser(request);
      return reply.code(201).send(await reviews.createReview(deps, author.id, request.body));
    },
  );

  app.put(
    '/api/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Change the rating and comment of your own review (verified e-mail)',
        params: reviewIdParamsSchema,
        body: reviewUpdateSchema,
        response: { 200: reviewSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const author = await requireVerifiedUser(request);
      return reviews.updateReview(deps, author.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/reviews/product/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "Delete reviews of a product (products.write); answers the product's remaining reviews",
        params: productIdParamsSchema,
        body: reviewDeleteSchema,
        response: { 200: reviewListSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'products.write');
      return reviews.deleteProductReviews(deps, request.params.id, request.body._idReviews, admin.id);
    },
  );

  app.get(
    '/api/reviews/user/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: "A user's reviews with their products (self, or staff with users.read)",
        params: userIdParamsSchema,
        response: { 200: userReviewListSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requireSelfOr(request, request.params.id, 'users.read');
      return reviews.listUserReviews(app.db, request.params.id);
    },
  );

  app.delete(
    '/api/reviews/user/:id',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "Delete reviews of a user (self, or staff with products.write); answers the user's remaining reviews",
        params: userIdParamsSchema,
        body: reviewDeleteSchema,
        response: { 200: userReviewListSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await requireSelfOr(request, request.params.id, 'products.write');
      const staffId = viewer.id === request.params.id ? undefined : viewer.id;
      return reviews.deleteUserReviews(deps, request.params.id, request.body._idReviews, staffId);
    },
  );
};
