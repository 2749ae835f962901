import {
  BRANDS,
  CATEGORIES,
  GENDERS,
  type Product,
  type ProductList,
  type ProductSummary,
} from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema';
import { buildCatalogue, type SeedProduct } from '../../seed/catalogue';
import { seedDatabase } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
const catalogue: SeedProduct[] = buildCatalogue();

async function list(query: string): Promise<ProductList> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>();
}

/** Every product of a query, fetched 100 at a time. */
async function listAll(query: string): Promise<ProductList['products']> {
  const separator = query ? '&' : '?';
  const first = await list(`${query}${separator}limit=100`);
  const rest = [];
  for (let page = 2; page <= first.pages; page += 1) {
    rest.push(...(await list(`${query}${separator}limit=100&page=${page}`)).products);
  }
  return [...first.products, ...rest];
}

/** The seeded product a list entry is (lists answer cards; the seed holds the rest). */
function seedOf(entry: ProductSummary): SeedProduct {
  const found = catalogue.find((candidate) => candidate.name === entry.name);
  if (!found) throw new Error(`${entry.name} is not in the seeded catalogue`);
  return found;
}

async function badRequest(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe('VALIDATION_ERROR');
  return body.error;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedDatabase(testApp.app.db, testApp.app.config, { pictures: false });
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/products', () => {
  it('answers the first page of 12 with the pagination metadata', async () => {
    const body = await list('');
    expect(body.products).toHaveLength(12);
    expect(body.total).toBe(catalogue.length);
    expect(body.page).toBe(1);
    expect(body.pages).toBe(Math.ceil(catalogue.length / 12));
  });

  it('answers each product as its card: no description, no stock (those come with its page)', async () => {
    const body = await list('?search=Air%20Jordan%201%20Mid%20XQ&limit=1');
    expect(body.products[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Air Jordan 1 Mid XQ',
      brand: 'nike',
      price: 189.99,
      compareAtPrice: null,
      priorPrice: null,
      rating: 5,
      card_picture: '/uploads/products/air-jordan-1-mid-xq/card.webp',
    });
    expect(body.totalExact).toBe(true);
  });

  it("answers a product's page in the spec shape, price in dollars and stock per size", async () => {
    const [summary] = (await list('?search=Air%20Jordan%201%20Mid%20XQ&limit=1')).products;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/products/details/${summary?._id}`,
    });
    const [product] = response.json<Product[]>();
    expect(product).toMatchObject({
      name: 'Air Jordan 1 Mid XQ',
      brand: 'nike',
      price: 189.99,
      rating: 5,
      gender: ['men'],
      category: ['basketball', 'lifestyle'],
      color: 'Red',
      collection: 'Jordan Heritage',
      release_date: '2007-03-24',
      card_picture: '/uploads/products/air-jordan-1-mid-xq/card.webp',
      detail_picture: '/uploads/products/air-jordan-1-mid-xq/detail.webp',
      original_picture: '/uploads/products/air-jordan-1-mid-xq/original.webp',
    });
    expect(product?.stock).toMatchObject({ '7': 2, '7.5': 0, '10.5': 1 });
  });

  it('pages through the catalogue without repeating or losing a product', async () => {
    const seen = new Set<string>();
    const pages = Math.ceil(catalogue.length / 12);
    for (let page = 1; page <= pages; page += 1) {
      const body = await list(`?page=${page}`);
      expect(body.page).toBe(page);
      for (const product of body.products) seen.add(product._id);
    }
    expect(seen.size).toBe(catalogue.length);
  });

  it('answers an empty page past the last one, with the real total', async () => {
    const body = await list('?page=999');
    expect(body.products).toEqual([]);
    expect(body.total).toBe(catalogue.length);
    expect(body.pages).toBe(Math.ceil(catalogue.length / 12));
  });

  it('honours limit up to 100', async () => {
    const body = await list('?limit=100');
    expect(body.products).toHaveLength(100);
    expect(body.pages).toBe(Math.ceil(catalogue.length / 100));
  });

  it.each(CATEGORIES)('filters by category %s', async (category) => {
    const expected = catalogue.filter((p) => p.categories.includes(category)).length;
    const body = await list(`?category=${category}&limit=100`);
    expect(body.total).toBe(expected);
    expect(body.products.every((p) => seedOf(p).categories.includes(category))).toBe(true);
  });

  it.each(GENDERS)('filters by gender %s', async (gender) => {
    const expected = catalogue.filter((p) => p.genders.includes(gender)).length;
    const body = await list(`?gender=${gender}&limit=100`);
    expect(body.total).toBe(expected);
    expect(body.products.every((p) => seedOf(p).genders.includes(gender))).toBe(true);
  });

  it.each(BRANDS)('filters by brand %s', async (brand) => {
    const expected = catalogue.filter((p) => p.brand === brand).length;
    const body = await list(`?brand=${brand}&limit=100`);
    expect(body.total).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(8);
    expect(body.products.every((p) => p.brand === brand)).toBe(true);
  });

  it.each([0, 1, 2, 3, 4, 5])('filters by rating %i', async (rating) => {
    const expected = catalogue.filter((p) => p.rating === rating).length;
    const body = await list(`?rating=${rating}&limit=100`);
    expect(body.total).toBe(expected);
    expect(body.products.every((p) => p.rating === rating)).toBe(true);
  });

  it('filters by price range, both ends included', async () => {
    const expected = catalogue.filter((p) => p.priceCents >= 5300 && p.priceCents <= 6300);
    const body = await list('?priceMin=53&priceMax=63&limit=100');
    expect(body.total).toBe(expected.length);
    expect(body.products.map((p) => p.price)).toEqual(expect.arrayContaining([53, 63]));
    expect(body.products.every((p) => p.price >= 53 && p.price <= 63)).toBe(true);
  });

  it('filters by priceMin alone and priceMax alone', async () => {
    const min = await list('?priceMin=500&limit=100');
    expect(min.total).toBe(catalogue.filter((p) => p.priceCents >= 50000).length);
    const max = await list('?priceMax=60.5&limit=100');
    expect(max.total).toBe(catalogue.filter((p) => p.priceCents <= 6050).length);
  });

  it('combines every filter', async () => {
    const matches = (p: SeedProduct) =>
      p.categories.includes('lifestyle') &&
      p.genders.includes('women') &&
      p.brand === 'converse' &&
      p.priceCents >= 5000 &&
      p.priceCents <= 15000;
    const body = await list(
      '?category=lifestyle&gender=women&brand=converse&priceMin=50&priceMax=150&limit=100',
    );
    expect(body.total).toBe(catalogue.filter(matches).length);
    expect(body.total).toBeGreaterThan(0);
    const withRating = catalogue.find(matches);
    const rated = await list(
      `?category=lifestyle&gender=women&brand=converse&priceMin=50&priceMax=150&rating=${withRating?.rating}`,
    );
    expect(rated.total).toBe(catalogue.filter((p) => matches(p) && p.rating === withRating?.rating).length);
  });

  it('answers an empty list when nothing matches', async () => {
    const body = await list('?brand=gucci&priceMax=50');
    expect(body).toEqual({ products: [], total: 0, totalExact: true, page: 1, pages: 0 });
  });

  it('sorts by name A-Z and Z-A, ignoring case', async () => {
    const byName = (a: string, b: string) => {
      const [x, y] = [a.toLowerCase(), b.toLowerCase()];
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const expected = catalogue.map((p) => p.name).sort(byName);
    const az = (await listAll(`?orderBy=${encodeURIComponent('{"name":1}')}`)).map((p) => p.name);
    expect(az).toEqual(expected);
    const za = (await listAll(`?orderBy=${encodeURIComponent('{"name":-1}')}`)).map((p) => p.name);
    expect(za).toEqual([...expected].reverse());
  });

  it('sorts by price both ways, combined with a filter', async () => {
    const asc = (await list(`?brand=nike&limit=100&orderBy=${encodeURIComponent('{"price":1}')}`)).products;
    expect(asc.map((p) => p.price)).toEqual([...asc.map((p) => p.price)].sort((a, b) => a - b));
    const desc = (await list(`?brand=nike&limit=100&orderBy=${encodeURIComponent('{"price":-1}')}`)).products;
    expect(desc.map((p) => p.price)).toEqual([...asc.map((p) => p.price)].sort((a, b) => b - a));
  });

  describe('search', () => {
    it('finds the Jordans despite a typo ("jordn")', async () => {
      const body = await list('?search=jordn&limit=100');
      const jordans = catalogue.filter((p) => p.name.includes('Jordan'));
      expect(body.total).toBeGreaterThanOrEqual(jordans.length);
      expect(
        body.products.slice(0, jordans.length).every((p) => p.name.includes('Jordan')),
        'the Jordans rank first',
      ).toBe(true);
    });

    it('finds adidas despite a typo ("addidas")', async () => {
      const body = await list('?search=addidas&limit=100');
      const adidas = catalogue.filter((p) => p.brand === 'adidas').length;
      expect(body.total).toBe(adidas);
      expect(body.products.every((p) => p.brand === 'adidas')).toBe(true);
    });

    it('corrects a swapped, dropped or doubled letter, and leaves a far-off word alone', async () => {
      for (const [typo, word] of [
        ['bleu', 'blue'],
        ['smaba', 'samba'],
        ['pegsaus', 'pegasus'],
        ['balck', 'black'],
      ]) {
        const corrected = await list(`?search=${typo}&limit=100`);
        const right = await list(`?search=${word}&limit=100`);
        expect(right.total, word).toBeGreaterThan(0);
        // Every product of the word it meant (a typo one edit from two words, 'balck', finds both).
        expect(
          corrected.products.map((p) => p._id),
          typo,
        ).toEqual(expect.arrayContaining(right.products.map((p) => p._id)));
      }
      expect((await list('?search=harpsichord')).total).toBe(0);
    });

    it('matches words of the description, stemmed', async () => {
      const body = await list('?search=waffles&limit=100');
      expect(body.total).toBeGreaterThan(0);
      expect(body.products.every((p) => seedOf(p).description.toLowerCase().includes('waffle'))).toBe(true);
    });

    it('matches colour and category words', async () => {
      const red = await list('?search=red&limit=100');
      expect(red.total).toBeGreaterThan(0);
      expect(red.products.filter((p) => seedOf(p).color === 'Red').length).toBeGreaterThanOrEqual(
        catalogue.filter((p) => p.color === 'Red').length,
      );
      const skate = await list('?search=skateboarding&limit=100');
      expect(skate.products.filter((p) => seedOf(p).categories.includes('skateboarding')).length).toBe(
        catalogue.filter((p) => p.categories.includes('skateboarding')).length,
      );
    });

    it('ranks the closest name first', async () => {
      const body = await list('?search=air%20max%2090');
      expect(body.products[0]?.name).toMatch(/^Air Max 90/);
    });

    it('combines with filters and sort', async () => {
      const body = await list(
        `?search=jordan&gender=men&orderBy=${encodeURIComponent('{"price":1}')}&limit=100`,
      );
      expect(body.total).toBeGreaterThan(0);
      expect(body.products.every((p) => seedOf(p).genders.includes('men'))).toBe(true);
      const prices = body.products.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it('finds nothing for gibberish and treats query syntax as text', async () => {
      expect((await list('?search=zzqqxxv')).total).toBe(0);
      // No word at all, or one longer than any the catalogue holds: nothing, never the whole catalogue.
      expect((await list(`?search=${encodeURIComponent('!!! -- ""')}`)).total).toBe(0);
      expect((await list(`?search=${'q'.repeat(60)}`)).total).toBe(0);
      const quoted = await list(
        `?search=${encodeURIComponent('"air max" -jordan OR \'; drop table product; --')}`,
      );
      expect(quoted.page).toBe(1);
      expect(await testApp.app.db.$count(product)).toBe(catalogue.length);
    });

    it('ignores an empty search', async () => {
      expect((await list('?search=')).total).toBe(catalogue.length);
      expect((await list('?search=%20%20')).total).toBe(catalogue.length);
    });
  });

  describe('bad input answers 400 naming the field', () => {
    it.each([
      ['/api/products?brand=reebok', 'brand'],
      ['/api/products?category=hiking', 'category'],
      ['/api/products?gender=kids', 'gender'],
      ['/api/products?rating=6', 'rating'],
      ['/api/products?rating=-1', 'rating'],
      ['/api/products?rating=2.5', 'rating'],
      ['/api/products?priceMin=abc', 'priceMin'],
      ['/api/products?priceMax=-5', 'priceMax'],
      ['/api/products?priceMin=100&priceMax=50', 'priceMin'],
      ['/api/products?page=0', 'page'],
      ['/api/products?page=abc', 'page'],
      ['/api/products?limit=0', 'limit'],
      ['/api/products?limit=101', 'limit'],
      ['/api/products?orderBy=name', 'orderBy'],
      [`/api/products?orderBy=${encodeURIComponent('{"name":2}')}`, 'orderBy'],
      [`/api/products?orderBy=${encodeURIComponent('{"stock":1}')}`, 'orderBy'],
      [`/api/products?search=${'a'.repeat(101)}`, 'search'],
    ])('%s', async (url, field) => {
      const error = await badRequest(url);
      expect(Object.keys(error.fields)).toContain(field);
      expect(error.message).toContain(field);
    });

    it('names every bad field at once', async () => {
      const error = await badRequest('/api/products?brand=reebok&priceMin=abc&page=0');
      expect(Object.keys(error.fields).sort()).toEqual(['brand', 'page', 'priceMin']);
    });
  });
});

describe('GET /api/products/details/:id', () => {
  it('answers an array whose first element is the product', async () => {
    const [first] = (await list('?limit=1')).products;
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/details/${first?._id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<unknown[]>();
    expect(Array.isArray(body)).toBe(true);
    const reviews = await testApp.app.inject({ method: 'GET', url: `/api/reviews/product/${first?._id}` });
    expect(body[0]).toMatchObject({ ...first, reviews: reviews.json() });
    expect(body[0]).toHaveProperty('description');
    expect(body[0]).toHaveProperty('stock');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/products/details/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Product not found' } });
  });

  it('answers 400 for a malformed id', async () => {
    const error = await badRequest('/api/products/details/not-an-id');
    expect(error.fields).toEqual({ id: 'must be a product id' });
  });

  it('hides soft-deleted products from the list and the details', async () => {
    const [first] = (await list('?limit=1')).products;
    await testApp.app.db.execute(sql`update product set deleted_at = now() where id = ${first?._id}`);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/products/details/${first?._id}` });
    expect(response.statusCode).toBe(404);
    expect((await list('')).total).toBe(catalogue.length - 1);
    await testApp.app.db.execute(sql`update product set deleted_at = null where id = ${first?._id}`);
  });
});

describe('GET /api/products/featured', () => {
  it('answers the promo shoe and the two banner shoes priced 53 and 63', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/products/featured' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ promo: { name: string }; banners: { price: number }[] }>();
    expect(body.promo.name).toBe('Air Jordan 1 Mid XQ');
    expect(body.banners.map((p) => p.price)).toEqual([53, 63]);
  });
});
