import { Readable } from 'node:stream';
import {
  dropBodySchema,
  dropChallengeSchema,
  dropEntryBodySchema,
  dropEntryCreatedSchema,
  dropEntrySizeBodySchema,
  dropNotifySchema,
  dropParamsSchema,
  dropSchema,
  dropsQuerySchema,
  dropsSchema,
  myDropEntrySchema,
  myDropsSchema,
  queueStatusSchema,
  staffDropEntriesSchema,
  staffDropsSchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import {
  permitted,
  requireHeldUser,
  requirePermission,
  requireStepUp,
  requireUser,
  requireVerifiedUser,
} from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import type { DropDeps } from './drop-deps';
import { challengeFor, changeEntrySize, enterDraw, myEntry, withdrawEntry } from './drop-entries';
import { drawNow } from './drop-results';
import { joinRoom, roomStatus } from './drop-room';
import {
  createDrop,
  currentDrops,
  exportEntries,
  getDrop,
  notifyStatus,
  setNotify,
  staffDrops,
  staffEntries,
  updateDrop,
} from './drops.service';
import { myDrops } from './my-drops';

type App = Parameters<FastifyPluginAsyncZod>[0];

const signedIn = async (request: FastifyRequest) => {
  await requireUser(request);
};
/** A poll's guard: the session as this instance holds it (a crowd's polls read no database). */
const signedInHeld = async (request: FastifyRequest) => {
  await requireHeldUser(request);
};
const verified = async (request: FastifyRequest) => {
  await requireVerifiedUser(request);
};
const params = dropParamsSchema;

/** What anyone may read: upcoming and live drops, and a drop with its proof once drawn. */
function publicRoutes(app: App): void {
  app.get(
    '/api/drops',
    {
      schema: {
        tags: ['drops'],
        summary: "Upcoming and live drops, soonest release first (`productId`: that product's only)",
        querystring: dropsQuerySchema,
        response: { 200: dropsSchema, ...refusals(400) },
      },
    },
    async (request) => ({ drops: await currentDrops(app.db, request.query.productId) }),
  );

  app.get(
    '/api/drops/:id',
    {
      schema: {
        tags: ['drops'],
        summary:
          'A drop; once drawn, its seed, every entry id per size and the winners per size in drawn order, so anyone can recompute the draw',
        params,
        response: { 200: dropSchema, ...refusals(400, 404) },
      },
    },
    (request) => getDrop(app.db, request.params.id),
  );
}

/** The staff's drops: schedule, change, draw now, and the entries. */
function staffRoutes(app: App, deps: DropDeps): void {
  app.get(
    '/api/admin/drops',
    {
      preValidation: permitted('drops.write'),
      schema: {
        tags: ['drops'],
        summary: "The staff's list of drops (drops.write): every one, newest release first",
        response: { 200: staffDropsSchema, ...refusals(401, 403) },
      },
    },
    async () => ({ drops: await staffDrops(app.db) }),
  );

  app.post(
    '/api/drops',
    {
      preValidation: permitted('drops.write'),
      schema: {
        tags: ['drops'],
        summary:
          "Schedule a product's release (drops.write): a draw (its commitment published at once) or first come through a waiting room",
        body: dropBodySchema,
        response: { 201: dropSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const drop = await createDrop(deps, await requirePermission(request, 'drops.write'), request.body);
      return reply.code(201).send(drop);
    },
  );

  app.put(
    '/api/drops/:id',
    {
      preValidation: permitted('drops.write'),
      schema: {
        tags: ['drops'],
        summary: 'Change a drop (drops.write), until its entry or waiting room opens',
        params,
        body: dropBodySchema,
        response: { 200: dropSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateDrop(deps, await requirePermission(request, 'drops.write'), request.params.id, request.body),
  );

  app.post(
    '/api/drops/:id/draw',
    {
      preValidation: permitted('drops.write'),
      schema: {
        tags: ['drops'],
        summary:
          'Draw now (drops.write), once the entry has closed; the shop also draws by itself at the close',
        params,
        response: { 200: dropSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => drawNow(deps, (await requirePermission(request, 'drops.write')).id, request.params.id),
  );

  app.get(
    '/api/drops/:id/entries',
    {
      preValidation: permitted('drops.write'),
      schema: {
        tags: ['drops'],
        summary:
          "A drop's entries with their entrants (drops.write); with `Accept: text/csv` (also exports.read), a CSV file of entries and winners (counts against the staff member's 10 exports a minute): entry, size, status, rank, winner, username, email, hold_until, order, paid, entered_at",
        params,
        produces: ['application/json', 'text/csv'],
        response: {
          200: staffDropEntriesSchema.or(
            csvResponse(
              'entry, size, status, rank, winner, username, email, hold_until, order, paid, entered_at',
            ),
          ),
          ...refusals(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      if (!request.headers.accept?.includes('text/csv'))
        return { entries: await staffEntries(app.db, request.params.id) };
      // Every CSV is an export: the file needs exports.read besides drops.write.
      const admin = await requirePermission(request, 'exports.read');
      reply.headers(csvHeaders(csvFileName(`drop-${request.params.id.slice(0, 8)}-entries`)));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      await requireStepUp(request);
      await consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'exports', admin.id);
      return reply.send(Readable.from([await exportEntries(deps, admin, request.params.id)]));
    },
  );
}

/** Notify me, and the proof of work a draw's entry costs. */
function shopperRoutes(app: App, deps: DropDeps): void {
  app.get(
    '/api/drops/:id/notify',
    {
      preValidation: signedIn,
      schema: {
        tags: ['drops'],
        summary: 'Whether the signed-in shopper asked to be e-mailed when the drop opens',
        params,
        response: { 200: dropNotifySchema, ...refusals(400, 401, 404) },
      },
    },
    async (request) => ({
      notify: await notifyStatus(app.db, request.params.id, (await requireUser(request)).id),
    }),
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/drops/:id/notify',
      preValidation: signedIn,
      schema: {
        tags: ['drops'],
        summary: on
          ? 'Notify me: one e-mail when the entry (a draw) or the waiting room (first come) opens'
          : 'Stop the e-mail about this drop',
        params,
        response: { 200: dropNotifySchema, ...refusals(400, 401, 404) },
      },
      handler: async (request) => ({
        notify: await setNotify(app.db, request.params.id, (await requireUser(request)).id, on),
      }),
    });
  }

  app.get(
    '/api/drops/:id/challenge',
    {
      preValidation: verified,
      schema: {
        tags: ['drops'],
        summary:
          "A proof-of-work challenge for entering the draw (ALTCHA's first protocol): find the number whose SHA-256 with the salt is the challenge; refused (409) when another account already entered from the same shipping address or phone number",
        params,
        response: { 200: dropChallengeSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => challengeFor(deps, await requireVerifiedUser(request), request.params.id),
  );
}

/** A shopper's entry in a draw: enter, see it, change its size, withdraw; and all their drops. */
function entryRoutes(app: App, deps: DropDeps): void {
  app.get(
    '/api/drops/me',
    {
      preValidation: signedIn,
      schema: {
        tags: ['drops'],
        summary:
          "The signed-in shopper's drops, newest release first: each draw entry with its outcome (and its number on the waiting list when not picked), each waiting-room place with where it stands",
        response: { 200: myDropsSchema, ...refusals(401) },
      },
    },
    async (request) => ({ drops: await myDrops(deps, await requireUser(request)) }),
  );

  app.post(
    '/api/drops/:id/entries',
    {
      preValidation: verified,
      schema: {
        tags: ['drops'],
        summary:
          'Enter the draw in a size, with a solved challenge: one entry per person, per shipping address and per phone number',
        params,
        body: dropEntryBodySchema,
        response: { 201: dropEntryCreatedSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await enterDraw(
        deps,
        await requireVerifiedUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(entry);
    },
  );

  app.get(
    '/api/drops/:id/entries/me',
    {
      preValidation: signedIn,
      schema: {
        tags: ['drops'],
        summary: "The signed-in shopper's entry: its size, and after the draw whether it won",
        params,
        response: { 200: myDropEntrySchema, ...refusals(400, 401, 404, 409) },
      },
    },
    async (request) => myEntry(app.db, await requireUser(request), request.params.id),
  );

  app.put(
    '/api/drops/:id/entries/me',
    {
      preValidation: signedIn,
      schema: {
        tags: ['drops'],
        summary: "Change the signed-in shopper's entry to another size, before the entry closes",
        params,
        body: dropEntrySizeBodySchema,
        response: { 200: myDropEntrySchema, ...refusals(400, 401, 404, 409) },
      },
    },
    async (request) =>
      changeEntrySize(deps, await requireUser(request), request.params.id, request.body.size),
  );

  app.delete(
    '/api/drops/:id/entries/me',
    {
      preValidation: signedIn,
      schema: {
        tags: ['drops'],
        summary: "Withdraw the signed-in shopper's entry, before the entry closes",
        params,
        response: { 204: z.null(), ...refusals(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await withdrawEntry(deps, await requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** A shopper's place in a first-come drop's waiting room. */
function queueRoutes(app: App, deps: DropDeps): void {
  app.post(
    '/api/drops/:id/queue',
    {
      preValidation: verified,
      schema: {
        tags: ['drops'],
        summary:
          "Join a first-come drop's waiting room (from its pre-queue's opening); one place per person, so joining again keeps it",
        params,
        response: { 200: queueStatusSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => joinRoom(deps, await requireVerifiedUser(request), request.params.id),
  );

  app.get(
    '/api/drops/:id/queue/me',
    {
      preValidation: signedInHeld,
      schema: {
        tags: ['drops'],
        summary:
          'Your place in the waiting room and an estimate that only goes down, or, when your turn has come, an admission token for the checkout',
        params,
        response: { 200: queueStatusSchema, ...refusals(400, 401, 404, 409) },
      },
    },
    async (request) => roomStatus(deps, await requireHeldUser(request), request.params.id),
  );
}

/** Fair drops: scheduled releases by draw or through a waiting room (docs/decisions/0030). */
export const dropsRoutes: FastifyPluginAsyncZod<{ deps: DropDeps }> = async (app, { deps }) => {
  publicRoutes(app);
  staffRoutes(app, deps);
  shopperRoutes(app, deps);
  entryRoutes(app, deps);
  queueRoutes(app, deps);
};
