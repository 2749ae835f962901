import {
  creditNoteParamsSchema,
  creditNotesSchema,
  orderIdParamsSchema,
  packingOrderSchema,
  shipmentBodySchema,
  shipmentParamsSchema,
  shipmentSchema,
  toShipQuerySchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDocument } from '../../lib/document-page';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireUser } from '../../plugins/session';
import {
  creditNote,
  creditNotes,
  type FulfilmentDeps,
  invoice,
  markDelivered,
  packingSlip,
  shipOrder,
  toShip,
} from './fulfilment.service';

/** A printable page: HTML whose one style element the page's own policy allows by its nonce. */
const htmlResponse = (what: string) =>
  z.string().meta({ type: 'string', description: `text/html; charset=utf-8: ${what}` });

type FulfilmentApp = Parameters<FastifyPluginAsyncZod<{ deps: FulfilmentDeps }>>[0];

/** A refund's credit notes: the order's list and each printable note (its buyer or an admin). */
function creditNoteRoutes(app: FulfilmentApp, deps: FulfilmentDeps): void {
  app.get(
    '/api/orders/:id/credit-notes',
    {
      schema: {
        tags: ['fulfilment'],
        summary:
          "The order's credit notes, one a refund, oldest first: number, amount and tax given back, date, and the printable note's url (its buyer or an admin)",
        params: orderIdParamsSchema,
        response: { 200: creditNotesSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => creditNotes(deps, request.params.id, await requireUser(request)),
  );

  app.get(
    '/api/orders/:id/credit-notes/:number',
    {
      schema: {
        tags: ['fulfilment'],
        summary:
          "One of the order's credit notes as a printable page (its buyer or an admin): the invoice it corrects, and per rate the net and tax credited",
        params: creditNoteParamsSchema,
        produces: ['text/html', 'application/json'],
        response: {
          200: htmlResponse(
            "the credit note, numbered in the shop's sequence, as a self-contained printable page",
          ),
          ...refusals(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await creditNote(deps, request.params.id, request.params.number, await requireUser(request)),
      ),
  );
}

/**
 * Staff ship and deliver orders; buyers and staff print invoices and credit notes; staff print packing slips.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{ deps: FulfilmentDeps }> = async (app, { deps }) => {
  app.get(
    '/api/fulfilment/to-ship',
    {
      preValidation: permitted('fulfilment.ship'),
      schema: {
        tags: ['fulfilment'],
        summary:
          "Paid orders not yet fully shipped, oldest first, with their address, lines, shipments and the shipping method's delivery estimate (fulfilment.ship)",
        querystring: toShipQuerySchema,
        response: { 200: z.array(packingOrderSchema), ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      await requirePermission(request, 'fulfilment.ship');
      return toShip(deps, request.query);
    },
  );

  app.post(
    '/api/orders/:id/shipments',
    {
      preValidation: permitted('fulfilment.ship'),
      schema: {
        tags: ['fulfilment'],
        summary:
          'Ship units of a paid order (fulfilment.ship): one parcel with its carrier and tracking number; each line at most what is left to ship (409 when it already left)',
        params: orderIdParamsSchema,
        body: shipmentBodySchema,
        response: { 201: shipmentSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'fulfilment.ship');
      return reply.status(201).send(await shipOrder(deps, request.params.id, request.body, staff));
    },
  );

  app.post(
    '/api/orders/:id/shipments/:shipmentId/delivered',
    {
      preValidation: permitted('fulfilment.ship'),
      schema: {
        tags: ['fulfilment'],
        summary:
          'Mark a parcel delivered, once (fulfilment.ship); the order is delivered when every unit shipped and every parcel arrived',
        params: shipmentParamsSchema,
        response: { 200: shipmentSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      markDelivered(
        deps,
        request.params.id,
        request.params.shipmentId,
        await requirePermission(request, 'fulfilment.ship'),
      ),
  );

  app.get(
    '/api/orders/:id/invoice',
    {
      schema: {
        tags: ['fulfilment'],
        summary: "The paid order's printable invoice (its buyer or an admin)",
        params: orderIdParamsSchema,
        produces: ['text/html', 'application/json'],
        response: {
          200: htmlResponse('the invoice, numbered after the order, as a self-contained printable page'),
          ...refusals(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await invoice(deps, request.params.id, await requireUser(request))),
  );

  creditNoteRoutes(app, deps);

  app.get(
    '/api/orders/:id/packing-slip',
    {
      preValidation: permitted('fulfilment.ship'),
      schema: {
        tags: ['fulfilment'],
        summary:
          "The paid order's printable packing slip (fulfilment.ship): the address, the shipping service paid for (method, price, estimate) and what is left to ship, no line prices",
        params: orderIdParamsSchema,
        produces: ['text/html', 'application/json'],
        response: {
          200: htmlResponse('the packing slip as a self-contained printable page'),
          ...refusals(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await requirePermission(request, 'fulfilment.ship');
      return sendDocument(reply, await packingSlip(deps, request.params.id));
    },
  );
};
