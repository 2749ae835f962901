import { type AdminProductList, COUNT_LIMIT, type ProductList } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Buyer, quickAdmin } from '../../test/buyers';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The shoppers' list counts every match exactly (it answers from the listing index); the staff's list,
 * answered by the database, stops counting past COUNT_LIMIT matches and says so.
 */

let testApp: TestApp;
let admin: Buyer;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await quickAdmin(testApp.app, 'count');
  // COUNT_LIMIT + 5 plain products in one statement (the catalogue service would take far longer).
  await testApp.app.db.execute(sql`
    INSERT INTO product (slug, name, brand, price_cents, description, genders, categories, color,
      release_date, card_picture, detail_picture, original_picture, search_terms, search_body)
    SELECT 'count-' || n, 'Count Runner ' || n, CASE WHEN n <= 20 THEN 'gucci' ELSE 'nike' END,
      10000 + n, '<p>A plain runner.</p>', ARRAY['men'], ARRAY['running'], 'Black', DATE '2024-01-01',
      '/uploads/products/count/card.webp', '/uploads/products/count/detail.webp',
      '/uploads/products/count/original.webp', 'count runner ' || n, 'a plain runner'
    FROM generate_series(1, ${COUNT_LIMIT + 5}) AS n`);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

async function list(query: string): Promise<ProductList> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>();
}

async function staffList(query: string): Promise<AdminProductList> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/products/admin${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminProductList>();
}

const ALL = COUNT_LIMIT + 5;

describe("counting the matches of the shoppers' list", () => {
  it('counts every match exactly, past COUNT_LIMIT too', async () => {
    const body = await list('?limit=12');
    expect(body).toMatchObject({ total: ALL, totalExact: true, pages: Math.ceil(ALL / 12) });
    expect(body.products).toHaveLength(12);
  });

  it('answers the last page, past what used to be counted', async () => {
    const body = await list(`?page=${Math.ceil(ALL / 12)}&orderBy=${encodeURIComponent('{"price":1}')}`);
    expect(body.products.map((p) => p.name)).toEqual(
      Array.from({ length: ALL % 12 || 12 }, (_, i) => `Count Runner ${ALL - (ALL % 12 || 12) + i + 1}`),
    );
  });

  it('counts a filter and a search exactly', async () => {
    expect(await list('?brand=gucci')).toMatchObject({ total: 20, totalExact: true, pages: 2 });
    expect(await list('?search=runner')).toMatchObject({ total: ALL, totalExact: true });
  });
});

describe("counting the matches of the staff's list", () => {
  it('stops at COUNT_LIMIT and says the total is not exact', async () => {
    const body = await staffList('?limit=12');
    expect(body).toMatchObject({ total: COUNT_LIMIT, totalExact: false, pages: Math.ceil(COUNT_LIMIT / 12) });
    expect(body.products).toHaveLength(12);
  });

  it('counts exactly below it', async () => {
    expect(await staffList('?brand=gucci')).toMatchObject({ total: 20, totalExact: true, pages: 2 });
  });

  it('says so past the last counted page too', async () => {
    const body = await staffList(`?page=${Math.ceil(COUNT_LIMIT / 12) + 5}`);
    expect(body).toMatchObject({ products: [], total: COUNT_LIMIT, totalExact: false });
  });

  it('bounds a search the same way', async () => {
    expect(await staffList('?search=runner')).toMatchObject({ total: COUNT_LIMIT, totalExact: false });
  });
});
