import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { requireUser } from '../auth/session';
import { localStorage } from './storage';
import { MAX_UPLOAD_BYTES, storeAvatar } from './uploads.service';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });
  const storage = localStorage(app.config.uploadsDir);

  app.post(
    '/api/uploads/avatar',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a profile picture (multipart field "file", an image up to 5 MB); answers its URL',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ url: z.string() }),
          ...refusals(400, 401, 413, 415),
        },
      },
    },
    async (request) => {
      await requireUser(request);
      if (!request.isMultipart()) throw AppError.invalid('file', 'must be sent as multipart/form-data');
      const file = await request.file();
      if (!file) throw AppError.invalid('file', 'is required');
      const data = await file.toBuffer();
      if (file.file.truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The picture must be at most 5 MB', {
          file: 'is larger than 5 MB',
        });
      return { url: await storeAvatar(storage, data) };
    },
  );
};
