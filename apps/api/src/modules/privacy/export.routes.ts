import {
  DATA_EXPORT_LINK_HOURS,
  dataExportArchiveQuerySchema,
  dataExportIdParamsSchema,
  dataExportStartedSchema,
  dataExportStatusSchema,
  userIdParamsSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../lib/refusals';
import { permitted, requireStepUp, requireUser } from '../../plugins/session';
import { archiveOf, exportAsStaff, exportOwnData, exportStatus, type PrivacyDeps } from './export.service';

/** The archive, as the API browser describes it (the handler sends its bytes; Fastify serialises no Buffer). */
const zipResponse = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({
    type: 'string',
    format: 'binary',
    description:
      'application/zip, an attachment: data.json (every table of your data), a CSV file per table that holds any, README.txt',
  });

/** "Download my data" (issue 40): ask for a copy, follow it, download it; staff ask for a person's. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ deps: PrivacyDeps }> = async (app, { deps }) => {
  app.post(
    '/api/account/export',
    {
      schema: {
        tags: ['accounts'],
        summary: `Ask for a copy of your data (202 { id }): prepared in the background as a ZIP, its link e-mailed to you and shown by GET /api/account/export/:id, valid ${DATA_EXPORT_LINK_HOURS} hours. One copy an hour (429)`,
        response: { 202: dataExportStartedSchema, ...refusals(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(202).send(await exportOwnData(deps, user.id));
    },
  );

  app.get(
    '/api/account/export/:id',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "A copy's state (preparing, ready, failed, expired) and, once ready, its link and when it expires: to whoever asked for it, not found for anyone else",
        params: dataExportIdParamsSchema,
        response: { 200: dataExportStatusSchema, ...refusals(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return exportStatus(deps, request.params.id, user.id);
    },
  );

  app.get(
    '/api/account/export/:id/archive',
    {
      schema: {
        tags: ['accounts'],
        summary: `The archive of a copy, with the token of its link (e-mailed, or in its state); not found once the link expired (${DATA_EXPORT_LINK_HOURS} hours) or with any other token`,
        params: dataExportIdParamsSchema,
        querystring: dataExportArchiveQuerySchema,
        produces: ['application/zip', 'application/json'],
        response: { 200: zipResponse, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const archive = await archiveOf(deps, request.params.id, request.query.token);
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${archive.fileName}"`,
          'cache-control': 'private, no-store',
        })
        .send(archive.bytes);
    },
  );

  app.post(
    '/api/users/:id/export',
    {
      preValidation: permitted('users.read'),
      schema: {
        tags: ['users'],
        summary:
          "Ask for a copy of a person's data as they would (users.read and a fresh second factor): 202 { id }, the link e-mailed to you. One copy of a person an hour (429). Audited",
        params: userIdParamsSchema,
        response: { 202: dataExportStartedSchema, ...refusals(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const staff = await requireStepUp(request);
      return reply.code(202).send(await exportAsStaff(deps, request.params.id, staff.id));
    },
  );
};
