import multipart, { type MultipartFile } from '@fastify/multipart';
import { productPicturesSchema } from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { refusals } from '../../lib/refusals';
import { requirePermission, requireUser } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import {
  MAX_PRODUCT_PICTURE_BYTES,
  MAX_UPLOAD_BYTES,
  storeAvatar,
  storeProductPictures,
} from './uploads.service';

const tooLarge = (megabytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The picture must be at most ${megabytes} MB`, {
    file: `is larger than ${megabytes} MB`,
  });

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });
  const { PartsLimitError, FilesLimitError, FieldsLimitError, RequestFileTooLargeError } =
    app.multipartErrors;

  /** What to answer when the upload cannot be read; the parser's own errors (a part cut short) are a 400. */
  const unreadable = (error: unknown, megabytes: number): unknown => {
    if (error instanceof RequestFileTooLargeError) return tooLarge(megabytes);
    if ((error as { statusCode?: number }).statusCode) return error;
    return AppError.invalid('file', 'is not a complete multipart upload');
  };

  /**
   * The one picture of an upload (multipart field "file"), read whole. A second part (another file, or a
   * field after it) is refused: one request stores one picture.
   */
  async function onePicture(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
    const megabytes = maxBytes / 1024 / 1024;
    if (!request.isMultipart()) throw AppError.invalid('file', 'must be sent as multipart/form-data');
    const parts = request.parts({ limits: { fileSize: maxBytes } });
    let file: MultipartFile | undefined;
    let more: boolean;
    try {
      const first = await parts.next();
      if (first.done || first.value.type !== 'file') throw AppError.invalid('file', 'is required');
      file = first.value;
      await file.toBuffer();
      if (file.file.truncated) throw tooLarge(megabytes);
      more = !(await parts.next()).done;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const second = [PartsLimitError, FilesLimitError, FieldsLimitError].some(
        (kind) => error instanceof kind,
      );
      if (!(file && second)) throw unreadable(error, megabytes);
      more = true;
    }
    if (more) throw AppError.invalid('file', 'must be one picture: send one file per upload');
    return file;
  }

  /** Counts one upload of the signed-in account; past the limit, a 429 before the file is read. */
  const countUpload = (userId: string) =>
    consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'uploads', userId);

  app.post(
    '/api/uploads/avatar',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a profile picture (multipart field "file", one image up to 5 MB); answers its URL',
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ url: z.string() }),
          ...refusals(400, 401, 413, 415, 429),
        },
      },
    },
    async (request) => {
      await countUpload((await requireUser(request)).id);
      const file = await onePicture(request, MAX_UPLOAD_BYTES);
      return { url: await storeAvatar(app.storage, await file.toBuffer()) };
    },
  );

  app.post(
    '/api/uploads/product',
    {
      preValidation: async (request) => {
        await countUpload((await requirePermission(request, 'products.write')).id);
      },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload a product picture (multipart field "file", one image up to 10 MB); answers its three WebP sizes',
        consumes: ['multipart/form-data'],
        response: {
          200: productPicturesSchema,
          ...refusals(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const file = await onePicture(request, MAX_PRODUCT_PICTURE_BYTES);
      return storeProductPictures(app.storage, await file.toBuffer(), file.mimetype);
    },
  );
};
