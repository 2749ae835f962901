import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ORIGIN } from './accounts';

const BOUNDARY = 'product-picture';

/** A multipart body holding one file in the field "file", or several files (`files` times the same one). */
export function multipartFile(data: Buffer, type: string, filename = 'shoe.png', files = 1): Buffer {
  const part = (index: number) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${index}${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ];
  return Buffer.concat([
    ...Array.from({ length: files }, (_, index) => part(index)).flat(),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

export function uploadPicture(
  app: FastifyInstance,
  cookie: string | undefined,
  data: Buffer,
  type = 'image/png',
  files = 1,
) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads/product',
    payload: multipartFile(data, type, 'shoe.png', files),
    headers: {
      origin: ORIGIN,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** A plain PNG of the given size. */
export async function pngPicture(width = 800, height = 600): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

/** Uploads a picture as the admin and answers the three URLs for a product payload. */
export async function storedPictures(app: FastifyInstance, adminCookie: string) {
  const response = await uploadPicture(app, adminCookie, await pngPicture());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ card_picture: string; detail_picture: string; original_picture: string }>();
}
