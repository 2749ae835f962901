import {
  orderIdParamsSchema,
  orderReturnSchema,
  returnBodySchema,
  returnIdParamsSchema,
  returnReceiveBodySchema,
  returnRefundPreviewSchema,
  returnRejectBodySchema,
  returnsQuerySchema,
  staffReturnsSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDocument } from '../../lib/document-page';
import { refusals } from '../../lib/refusals';
import {
  permitted,
  permittedAny,
  requireAnyPermission,
  requirePermission,
  requireUser,
} from '../../plugins/session';
import { receiveReturn, refundPreview } from './return-receipt.service';
import {
  approveReturn,
  cancelReturn,
  listReturns,
  openReturn,
  type ReturnDeps,
  rejectReturn,
  returnSlip,
} from './returns.service';

/** A printable HTML page in the OpenAPI document. */
const htmlPage = (description: string) =>
  z.string().meta({ type: 'string', description: `text/html; charset=utf-8: ${description}` });

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The buyer's: open and cancel a return, print its slip (staff print it too). */
function buyerRoutes(app: App, deps: ReturnDeps): void {
  app.post(
    '/api/orders/:id/returns',
    {
      schema: {
        tags: ['returns'],
        summary:
          "Open a return of the buyer's shipped order within RETURN_DAYS: lines and counts, each refunded or exchanged for another size (held at once), and a reason",
        params: orderIdParamsSchema,
        body: returnBodySchema,
        response: { 201: orderReturnSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const buyer = await requireUser(request);
      reply.status(201);
      return openReturn(deps, request.params.id, buyer, request.body);
    },
  );

  app.post(
    '/api/returns/:id/cancel',
    {
      schema: {
        tags: ['returns'],
        summary: "Cancel the buyer's own open return (requested or approved); its held sizes go back on sale",
        params: returnIdParamsSchema,
        response: { 200: orderReturnSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelReturn(deps, request.params.id, await requireUser(request)),
  );

  app.get(
    '/api/returns/:id/slip',
    {
      schema: {
        tags: ['returns'],
        summary: 'The printable return slip (HTML), for the return’s buyer or an admin',
        params: returnIdParamsSchema,
        produces: ['text/html', 'application/json'],
        response: {
          200: htmlPage('the return number, order number, lines, reason and where to send it'),
          ...refusals(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      return sendDocument(reply, await returnSlip(deps, request.params.id, await requireUser(request)));
    },
  );
}

/** The staff's: the list, decisions, the receipt and what it would refund. */
function staffRoutes(app: App, deps: ReturnDeps): void {
  app.get(
    '/api/returns',
    {
      preValidation: permittedAny('returns.decide', 'returns.receive'),
      schema: {
        tags: ['returns'],
        summary:
          'Returns newest first, optionally in one state, with their order number and buyer (returns.decide or returns.receive)',
        querystring: returnsQuerySchema,
        response: { 200: staffReturnsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAnyPermission(request, 'returns.decide', 'returns.receive');
      return listReturns(app.db, request.query);
    },
  );

  app.post(
    '/api/returns/:id/approve',
    {
      schema: {
        tags: ['returns'],
        summary: 'Approve a requested return (returns.decide): the buyer is told to send the pairs',
        params: returnIdParamsSchema,
        response: { 200: orderReturnSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      approveReturn(deps, request.params.id, await requirePermission(request, 'returns.decide')),
  );

  app.post(
    '/api/returns/:id/reject',
    {
      schema: {
        tags: ['returns'],
        summary:
          'Reject an open return with a message to the buyer (returns.decide); its held sizes go back on sale',
        params: returnIdParamsSchema,
        body: returnRejectBodySchema,
        response: { 200: orderReturnSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      rejectReturn(
        deps,
        request.params.id,
        await requirePermission(request, 'returns.decide'),
        request.body.message,
      ),
  );

  app.post(
    '/api/returns/:id/receive',
    {
      schema: {
        tags: ['returns'],
        summary:
          "Receive an approved return's parcel (returns.receive): every line named once with whether it goes back on sale; refunds the refund lines once through the provider and makes the exchange lines' replacement order",
        params: returnIdParamsSchema,
        body: returnReceiveBodySchema,
        response: { 200: orderReturnSchema, ...refusals(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) =>
      receiveReturn(
        deps,
        request.params.id,
        await requirePermission(request, 'returns.receive'),
        request.body,
      ),
  );

  app.get(
    '/api/returns/:id/refund-preview',
    {
      preValidation: permitted('returns.receive'),
      schema: {
        tags: ['returns'],
        summary:
          'What receiving an approved return would give back now and where, by tender (the provider that took the payment, store credit), before anyone confirms; nothing changes (returns.receive)',
        params: returnIdParamsSchema,
        response: { 200: returnRefundPreviewSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await requirePermission(request, 'returns.receive');
      return refundPreview(deps, request.params.id);
    },
  );
}

/** Returns and size exchanges (docs/decisions/0029): the buyer opens and cancels them, staff decide and receive. */
export const returnsRoutes: FastifyPluginAsyncZod<{ deps: ReturnDeps }> = async (app, { deps }) => {
  buyerRoutes(app, deps);
  staffRoutes(app, deps);
};
