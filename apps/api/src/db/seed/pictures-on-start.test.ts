import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildCatalogue } from './catalogue';
import { PICTURE_VARIANTS, pictureKey } from './images';
import { drawPicturesAfterStart } from './pictures-on-start';

let testApp: TestApp;
const app = () => testApp.app;
const [art, other] = buildCatalogue();

beforeAll(async () => {
  testApp = await createTestApp();
  // As on start; the background drawing waits for `listen`, which `inject` never calls.
  if (art && other) drawPicturesAfterStart(app(), [art, other]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('drawPicturesAfterStart', () => {
  it('draws a product picture somebody asks for before its turn, into the storage', async () => {
    const slug = art?.slug ?? '';
    for (const variant of PICTURE_VARIANTS)
      expect(await app().storage.has(pictureKey(slug, variant.name))).toBe(false);
    const response = await app().inject({ method: 'GET', url: `/uploads/${pictureKey(slug, 'detail')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    for (const variant of PICTURE_VARIANTS)
      expect(await app().storage.has(pictureKey(slug, variant.name))).toBe(true);
    // Only the product asked for.
    expect(await app().storage.has(pictureKey(other?.slug ?? '', 'card'))).toBe(false);
  });
});
