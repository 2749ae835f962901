import { randomUUID } from 'node:crypto';
import { errorEnvelopeSchema } from '@shop/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp } from '../../test/accounts';
import { servedPicture, storedKeys } from '../../test/stored-files';
import { testShop } from '../../test/test-shop';

const { app } = testShop();
let shopper: Awaited<ReturnType<typeof signUp>>;

/** A multipart/form-data body with one file part (or `files`), as a browser's FormData would send it. */
function multipart(file: Buffer, filename: string, type: string, files = 1) {
  const boundary = `----shop${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const part = [Buffer.from(head), file, Buffer.from('\r\n')];
  return {
    payload: Buffer.concat([
      ...Array.from({ length: files }, () => part).flat(),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(file: Buffer, filename: string, type: string, cookie?: string, files = 1) {
  const body = multipart(file, filename, type, files);
  return app().inject({
    method: 'POST',
    url: '/api/uploads/avatar',
    payload: body.payload,
    headers: { ...body.headers, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

function setImage(image: string, cookie: string, userId = shopper.id) {
  return app().inject({
    method: 'PUT',
    url: `/api/users/update/${userId}`,
    payload: { image },
    headers: { origin: ORIGIN, cookie },
  });
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff5a1f' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  shopper = await signUp(app());
});

describe('POST /api/uploads/avatar', () => {
  it('re-encodes a picture to a square WebP stored by the shop', async () => {
    const response = await upload(await png(), 'me.png', 'image/png', shopper.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const meta = await sharp(await servedPicture(app(), url)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('refuses a guest, a file that is not a picture and a file over 5 MB, storing nothing', async () => {
    const before = await storedKeys(app(), 'avatars');
    expect((await upload(await png(), 'me.png', 'image/png')).statusCode).toBe(401);
    const script = await upload(
      Buffer.from('<script>alert(1)</script>'),
      'x.png',
      'image/png',
      shopper.cookie,
    );
    expect(script.statusCode).toBe(415);
    expect(errorEnvelopeSchema.parse(script.json()).error.fields).toEqual({ file: 'must be an image' });
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.png', 'image/png', shopper.cookie);
    expect(big.statusCode).toBe(413);
    expect(errorEnvelopeSchema.parse(big.json()).error.fields).toEqual({ file: 'is larger than 5 MB' });
    expect(await storedKeys(app(), 'avatars')).toEqual(before);
  });

  it('refuses two pictures in one request with 400 naming `file`, storing nothing', async () => {
    const before = await storedKeys(app(), 'avatars');
    const response = await upload(await png(), 'me.png', 'image/png', shopper.cookie, 2);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).error.fields).toEqual({
      file: 'must be one picture: send one file per upload',
    });
    expect(await storedKeys(app(), 'avatars')).toEqual(before);
  });
});

describe('the profile picture path', () => {
  it('accepts a picture this shop stored', async () => {
    const { url } = (await upload(await png(), 'me.png', 'image/png', shopper.cookie)).json<{
      url: string;
    }>();
    const response = await setImage(url, shopper.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<[{ image: string }]>()[0].image).toBe(url);
  });

  it.each([
    '/uploads/../../api/dev/outbox',
    '/uploads/avatars/../../api/dev/outbox',
    '/uploads/products/air-jordan-1-mid-xq/card.webp',
    'https://evil.example/me.png',
    `/uploads/avatars/${randomUUID()}.webp`,
  ])('refuses %s and keeps the stored picture', async (image) => {
    const before = await app().inject({
      method: 'GET',
      url: `/api/users/dashboard/${shopper.id}`,
      headers: { cookie: shopper.cookie },
    });
    const response = await setImage(image, shopper.cookie);
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).error.fields).toHaveProperty('image');
    const after = await app().inject({
      method: 'GET',
      url: `/api/users/dashboard/${shopper.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(after.json<[{ image: string }]>()[0].image).toBe(before.json<[{ image: string }]>()[0].image);
  });
});
