import { existsSync } from 'node:fs';
import { errorEnvelopeSchema } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../seed/catalogue';
import { pictureKey, writeProductPictures } from '../../seed/images';
import { type Buyer, quickAdmin } from '../../test/buyers';
import { pngPicture, uploadPicture } from '../../test/product-pictures';
import { createTestApp, type TestApp } from '../../test/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploads a product picture through `app` and answers the URL of its card size. */
async function uploadedCard(app: FastifyInstance, admin: Buyer): Promise<string> {
  const response = await uploadPicture(app, admin.cookie, await pngPicture());
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ card_picture: string }>().card_picture;
}

/** The answers to a missing picture: the shop's JSON 404, as for any missing file. */
async function expectNotFound(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(404);
  expect(errorEnvelopeSchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  expect(response.headers['cache-control'], url).not.toBe(IMMUTABLE);
}

describe('GET /uploads/*', () => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Buyer;
  let url: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await quickAdmin(app());
    url = await uploadedCard(app(), admin);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('serves a stored picture for a year, immutable, with its type, length and an ETag', async () => {
    const response = await app().inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['last-modified']).toMatch(/GMT$/);
    // WebP is compressed already: it goes out as stored.
    expect(response.headers['content-encoding']).toBeUndefined();
    const stored = await app().storage.get(url.replace('/uploads/', ''));
    expect(response.rawPayload.equals(stored?.data ?? Buffer.alloc(0))).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(stored?.data.length);
  });

  it('answers 304 without the picture when the ETag or the date matches', async () => {
    const { headers } = await app().inject({ method: 'GET', url });
    const etag = String(headers.etag);
    for (const conditions of [
      { 'if-none-match': etag },
      { 'if-none-match': `W/${etag}` },
      { 'if-none-match': `"other", ${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': String(headers['last-modified']) },
    ]) {
      const response = await app().inject({ method: 'GET', url, headers: conditions });
      expect(response.statusCode, JSON.stringify(conditions)).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
    const changed = await app().inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    const older = await app().inject({
      method: 'GET',
      url,
      headers: { 'if-modified-since': new Date(Date.now() - 86_400_000).toUTCString() },
    });
    expect(older.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app().inject({ method: 'HEAD', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.length).toBe(0);
  });

  it.each([
    '/uploads/avatars/none.webp',
    '/uploads/products/none/card.webp',
    '/uploads/',
    '/uploads/products',
    '/uploads/%2e%2e/package.json',
    '/uploads/products/..%2f..%2f..%2fpackage.json',
    '/uploads/.%2e/.%2e/package.json',
  ])('answers the JSON 404 for %s', async (missing) => {
    await expectNotFound(app(), missing);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.app.config.database });
  });

  afterAll(async () => {
    // The second runs on the first's database, which the first drops.
    await second?.close();
    await first?.close();
  });

  it('serves a picture uploaded through one instance from the other, with the same ETag', async () => {
    const admin = await quickAdmin(first.app);
    const url = await uploadedCard(first.app, admin);
    const fromFirst = await first.app.inject({ method: 'GET', url });
    const fromSecond = await second.app.inject({ method: 'GET', url });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers['cache-control']).toBe(IMMUTABLE);
    expect(fromSecond.headers['content-type']).toBe('image/webp');
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);
    const revalidated = await second.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(fromFirst.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    // The pictures are in the database: neither instance wrote to its disk.
    expect(existsSync(first.app.config.uploadsDir)).toBe(false);
    expect(existsSync(second.app.config.uploadsDir)).toBe(false);
    await expectNotFound(second.app, url.replace(/card\.webp$/, 'none.webp'));
  });

  it('accepts on one instance a picture uploaded through the other', async () => {
    const admin = await quickAdmin(first.app);
    const url = await uploadedCard(first.app, admin);
    expect(await second.app.storage.has(url.replace('/uploads/', ''))).toBe(true);
  });

  it('lets both instances draw the same seed picture at once, storing it once', async () => {
    const art = buildCatalogue()[0];
    if (!art) throw new Error('empty catalogue');
    // Both find the pictures missing and draw them; the later write of each key is a no-op, not an error.
    await Promise.all([
      writeProductPictures(first.app.storage, art),
      writeProductPictures(second.app.storage, art),
    ]);
    expect(await writeProductPictures(second.app.storage, art)).toBe(0);
    const url = `/uploads/${pictureKey(art.slug, 'card')}`;
    const fromFirst = await first.app.inject({ method: 'GET', url });
    const fromSecond = await second.app.inject({ method: 'GET', url });
    expect(fromFirst.statusCode).toBe(200);
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);
  });
});
