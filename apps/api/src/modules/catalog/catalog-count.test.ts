import { COUNT_LIMIT, type ProductList } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Past COUNT_LIMIT matches a list stops counting and says so; below it the count is exact. */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
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

describe('counting the matches of a list', () => {
  it('stops at COUNT_LIMIT and says the total is not exact', async () => {
    const body = await list('?limit=12');
    expect(body).toMatchObject({ total: COUNT_LIMIT, totalExact: false, pages: Math.ceil(COUNT_LIMIT / 12) });
    expect(body.products).toHaveLength(12);
  });

  it('counts exactly below it', async () => {
    const body = await list('?brand=gucci');
    expect(body).toMatchObject({ total: 20, totalExact: true, pages: 2 });
  });

  it('says so past the last counted page too', async () => {
    const body = await list(`?page=${Math.ceil(COUNT_LIMIT / 12) + 5}`);
    expect(body).toMatchObject({ products: [], total: COUNT_LIMIT, totalExact: false });
  });

  it('bounds a search the same way', async () => {
    const body = await list('?search=runner');
    expect(body).toMatchObject({ total: COUNT_LIMIT, totalExact: false });
  });
});
