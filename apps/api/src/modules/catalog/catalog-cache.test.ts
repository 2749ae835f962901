import type { ProductList } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { product } from '../../db/schema';
import { seedDatabase } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ catalogCacheSeconds: 60 });
  await seedDatabase(testApp.app.db, testApp.app.config, { pictures: false });
});

afterAll(async () => {
  await testApp?.close();
});

const list = async (url: string) => {
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<ProductList>();
};

it('reuses a catalogue page until a write clears the cache', async () => {
  const first = await list('/api/products?brand=vans&page=1');
  const target = first.products[0];
  await testApp.app.db
    .update(product)
    .set({ name: 'Renamed Shoe' })
    .where(eq(product.id, target?._id ?? ''));

  // Same query, parameters in another order: served from the cache, the rename not seen yet.
  expect(await list('/api/products?page=1&brand=vans')).toEqual(first);

  await testApp.app.catalogCache.clear();
  const fresh = await list('/api/products?brand=vans&page=1');
  expect(fresh.products.map((p) => p.name)).toContain('Renamed Shoe');
});

it('lets any cache keep a catalogue page, asking again each time: unchanged, a bodiless 304', async () => {
  const url = '/api/products?brand=nike&page=1';
  const first = await testApp.app.inject({ method: 'GET', url });
  expect(first.headers['cache-control']).toBe('public, no-cache');
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^W\/"[\w-]+"$/);

  const again = await testApp.app.inject({
    method: 'GET',
    url,
    headers: { 'if-none-match': `"other", ${etag}` },
  });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  expect(again.headers.etag).toBe(etag);

  // Changed: the full answer under a new tag, even to the old one.
  const [shoe] = first.json<ProductList>().products;
  await testApp.app.db
    .update(product)
    .set({ name: 'Nike Renamed' })
    .where(eq(product.id, shoe?._id ?? ''));
  await testApp.app.catalogCache.clear();
  const changed = await testApp.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers.etag).not.toBe(etag);
  expect(changed.json<ProductList>().products.map((p) => p.name)).toContain('Nike Renamed');

  const featured = await testApp.app.inject({ method: 'GET', url: '/api/products/featured' });
  expect(featured.headers['cache-control']).toBe('public, no-cache');
  expect(featured.headers.etag).toMatch(/^W\//);
});

it('never caches a product page, which stays exact', async () => {
  const [first] = (await list('/api/products?brand=gucci')).products;
  await testApp.app.db
    .update(product)
    .set({ name: 'Gucci Renamed' })
    .where(eq(product.id, first?._id ?? ''));
  const details = await testApp.app.inject({ method: 'GET', url: `/api/products/details/${first?._id}` });
  expect(details.json<{ name: string }[]>()[0]?.name).toBe('Gucci Renamed');
  expect((await list('/api/products?brand=gucci')).products[0]?.name).toBe(first?.name);
});
