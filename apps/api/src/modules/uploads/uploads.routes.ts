import multipart from '@fastify/multipart';
import { productPicturesSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { requireAdmin, requireUser } from '../auth/session';
import {
  MAX_PRODUCT_PICTURE_BYTES,
  MAX_UPLOAD_BYTES,
  storeAvatar,
  storeProductPictures,
} from './uploads.service';

const tooLarge = (megabytes = 5) =>
  new AppError('PAYLOAD_TOO_LARGE', `The picture must be at most ${megabytes} MB`, {
    file: `is larger than ${megabytes} MB`,
  });

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });

  /** What to answer when the upload cannot be read; the parser's own errors (a part cut short) are a 400. */
  const unreadable = (error: unknown, megabytes = 5): unknown => {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) return tooLarge(megabytes);
    if ((error as { statusCode?: number }).statusCode) return error;
    return AppError.invalid('file', 'is not a complete multipart upload');
  };

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
      const file = await request.file().catch((error: unknown) => {
        throw unreadable(error);
      });
      if (!file) throw AppError.invalid('file', 'is required');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        throw unreadable(error);
      }
      if (file.file.truncated) throw tooLarge();
      return { url: await storeAvatar(app.storage, data) };
    },
  );

  app.post(
    '/api/uploads/product',
    {
      preValidation: async (request) => {
        await requireAdmin(request);
      },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload a product picture (multipart field "file", an image up to 10 MB); answers its three WebP sizes',
        consumes: ['multipart/form-data'],
        response: {
          200: productPicturesSchema,
          ...refusals(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const megabytes = MAX_PRODUCT_PICTURE_BYTES / 1024 / 1024;
      if (!request.isMultipart()) throw AppError.invalid('file', 'must be sent as multipart/form-data');
      const file = await request
        .file({ limits: { fileSize: MAX_PRODUCT_PICTURE_BYTES } })
        .catch((error: unknown) => {
          throw unreadable(error, megabytes);
        });
      if (!file) throw AppError.invalid('file', 'is required');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        throw unreadable(error, megabytes);
      }
      if (file.file.truncated) throw tooLarge(megabytes);
      return storeProductPictures(app.storage, data, file.mimetype);
    },
  );
};
