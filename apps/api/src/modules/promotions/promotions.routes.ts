import { Readable } from 'node:stream';
import {
  promotionCheckBodySchema,
  promotionCheckSchema,
  promotionCreateSchema,
  promotionIdParamsSchema,
  promotionListSchema,
  promotionSchema,
  promotionsQuerySchema,
  promotionUpdateSchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFileName, csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { currentUser, permitted, requirePermission, requireStepUp } from '../../plugins/session';
import { consume, consumeForAccount, type RateLimitStore } from '../rate-limit';
import * as promotions from './promotions.service';

/** Codes one visitor may try in a window: plenty for a shopper, too few to guess codes. */
const CHECKS_PER_VISITOR = { max: 30, windowSeconds: 10 * 60 };

export interface PromotionRouteDeps extends promotions.PromotionDeps {
  rateLimits: RateLimitStore;
  rateLimitScale: number;
}

/** Discount codes: staff manage them; shoppers check one against their cart. */
export const promotionRoutes: FastifyPluginAsyncZod<{ deps: PromotionRouteDeps }> = async (app, { deps }) => {
  /** The member changing promotions (already checked before validation). */
  const editor = (request: FastifyRequest) => requirePermission(request, 'promotions.write');

  app.get(
    '/api/promotions',
    {
      preValidation: permitted('promotions.write'),
      schema: {
        tags: ['promotions'],
        summary:
          "The staff's promotions, newest first (promotions.write): by default all but the archived; `state` and `search` (a part of the code) narrow them; each with its uses and what it took off paid orders",
        querystring: promotionsQuerySchema,
        response: { 200: promotionListSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => promotions.listPromotions(app.db, request.query),
  );

  app.get(
    '/api/promotions/export.csv',
    {
      preValidation: permitted('exports.read'),
      schema: {
        tags: ['promotions'],
        summary:
          'The promotions the filters match as a CSV file, with their figures (exports.read); audited; counts against the staff member’s 10 exports a minute',
        querystring: promotionsQuerySchema.omit({ page: true }),
        produces: ['text/csv', 'application/json'],
        response: {
          200: csvResponse(promotions.EXPORT_COLUMNS.join(', ')),
          ...refusals(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.headers(csvHeaders(csvFileName('promotions')));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      const admin = await requirePermission(request, 'exports.read');
      await requireStepUp(request);
      await consumeForAccount(deps.rateLimits, deps.rateLimitScale, 'exports', admin.id);
      const csv = await promotions.exportPromotions(deps, admin, request.query);
      return reply.send(Readable.from([csv]));
    },
  );

  app.get(
    '/api/promotions/:id',
    {
      preValidation: permitted('promotions.write'),
      schema: {
        tags: ['promotions'],
        summary: 'One promotion with its uses and what it took off paid orders (promotions.write)',
        params: promotionIdParamsSchema,
        response: { 200: promotionSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => promotions.getPromotion(app.db, request.params.id),
  );

  app.post(
    '/api/promotions',
    {
      preValidation: permitted('promotions.write'),
      schema: {
        tags: ['promotions'],
        summary:
          'Create a discount code (promotions.write): a percentage or amount off the order or its eligible lines, or free shipping, with its dates, minimum and caps',
        body: promotionCreateSchema,
        response: { 201: promotionSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await promotions.createPromotion(deps, await editor(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/promotions/:id',
    {
      preValidation: permitted('promotions.write'),
      schema: {
        tags: ['promotions'],
        summary:
          "Change a promotion's terms, or pause, resume or archive it with `status` (promotions.write); orders already placed keep their discount",
        params: promotionIdParamsSchema,
        body: promotionUpdateSchema,
        response: { 200: promotionSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      promotions.updatePromotion(deps, await editor(request), request.params.id, request.body),
  );

  app.post(
    '/api/promotions/check',
    {
      schema: {
        tags: ['promotions'],
        summary:
          "What a discount code takes off these cart lines at today's prices, line by line, or a 4xx naming the reason (PROMOTION_NOT_FOUND, PROMOTION_INACTIVE, PROMOTION_NOT_STARTED, PROMOTION_EXPIRED, PROMOTION_USED_UP, PROMOTION_ALREADY_USED, PROMOTION_BELOW_MINIMUM, PROMOTION_NOT_ELIGIBLE); a signed-in shopper's own uses count. Nothing is held",
        body: promotionCheckBodySchema,
        response: { 200: promotionCheckSchema, ...refusals(400, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const viewer = await currentUser(request);
      await consume(deps.rateLimits, `promotion-check:${viewer?.id ?? request.ip}`, {
        ...CHECKS_PER_VISITOR,
        max: Math.ceil(CHECKS_PER_VISITOR.max * deps.rateLimitScale),
      });
      return promotions.checkCode(app.db, request.body, viewer?.id);
    },
  );
};
