import {
  type AdminProductList,
  type Brand,
  chartGenderOf,
  type ProductList,
  type SizeSystem,
  sameSize,
  sizeKey,
  sizeNumber,
} from '@shop/contracts';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, productStock } from '../../db/schema';
import { type Buyer, newProduct, quickBuyers } from '../../test/buyers';
import { buy, send } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testShop } from '../../test/test-shop';
import { chartBook } from '../sizes';
import { addProducts } from './catalog.service';

/**
 * "In my size" (issue 39): `size` and `sizeSystem` on the shoppers' list and the staff's. Every answer is
 * compared with a plain filter worked out the other way round from the database and the charts: for each
 * size a product has a unit of, the foot it fits (its key moved by the product's shift, on the chart of its
 * brand and gender), and whether that foot is the size asked for in the system asked for.
 */

/** The catalogue cache on, as in the shop: a list of one size must never answer for another. */
const { app, staff } = testShop({ catalogue: true, staff: true, config: { catalogCacheSeconds: 60 } });

/** Products made for these tests, by name: what they are sized as and hold in stock. */
const PROBES = [
  { name: 'Probe Nike Ten', brand: 'nike', gender: ['men'], stock: { '9': 2, '10': 1 } },
  { name: 'Probe Adidas Ten', brand: 'adidas', gender: ['men'], stock: { '10': 3 } },
  // Runs half a size large: its 9.5 fits the foot of the chart's 10 (EU 44).
  { name: 'Probe Runs Large', brand: 'nike', gender: ['men'], stock: { '9.5': 2, '10': 0 }, sizeShift: 1 },
  // Its 10 is sold out: it has EU 44 in its sizes, not in stock.
  { name: 'Probe Sold Ten', brand: 'nike', gender: ['men'], stock: { '10': 0, '11': 3 } },
  { name: 'Probe Vans Women', brand: 'vans', gender: ['women'], stock: { '7': 1, '8': 1 } },
] as const;
const probeIds = new Map<string, string>();
let shopper: Buyer;

beforeAll(async () => {
  const created = await addProducts(
    app().db,
    PROBES.map(({ name, brand, gender, stock, ...rest }) =>
      newProduct(
        { name, brand, gender: [...gender], stock: { ...stock }, price: 120 },
        {
          slug: name.toLowerCase().replaceAll(' ', '-'),
          sizeShift: 'sizeShift' in rest ? rest.sizeShift : 0,
        },
      ),
    ),
  );
  for (const { name } of PROBES)
    probeIds.set(name, created.get(name.toLowerCase().replaceAll(' ', '-')) ?? '');
  [shopper] = (await quickBuyers(app(), 1, 'sized')) as [Buyer];
});

const probe = (name: (typeof PROBES)[number]['name']) => probeIds.get(name) ?? '';
const db = () => app().db;

interface Stocked {
  id: string;
  brand: Brand;
  genders: string[];
  sizeShift: number;
  archived: boolean;
  inStock: string[];
}

/** Every product, archived ones too, with the keys of its sizes that have a unit on sale. */
async function stocked(): Promise<Stocked[]> {
  const db = app().db;
  const products = await db
    .select({
      id: product.id,
      brand: product.brand,
      genders: product.genders,
      sizeShift: product.sizeShift,
      deletedAt: product.deletedAt,
    })
    .from(product);
  const units = await db
    .select({ productId: productStock.productId, size: productStock.size })
    .from(productStock)
    .where(gt(productStock.units, 0));
  return products.map(({ deletedAt, ...row }) => ({
    ...row,
    archived: deletedAt !== null,
    inStock: units.filter((unit) => unit.productId === row.id).map((unit) => sizeKey(unit.size)),
  }));
}

/** The plain filter: the products (archived too, when asked) one of whose sizes in stock fits the foot. */
async function fitting(system: SizeSystem, size: string, archived = false): Promise<Set<string>> {
  const charts = await chartBook(app().db);
  const wanted = sizeNumber(size);
  const found = (await stocked()).filter((item) => {
    if (item.archived && !archived) return false;
    const rows = charts.rows(item.brand, chartGenderOf(item.genders));
    return item.inStock.some((key) => {
      // A model running `shift` half sizes large fits, in a key, the foot of the chart's key that much larger.
      const foot = rows.find((row) => Number(row.key) === Number(key) + item.sizeShift / 2);
      return foot !== undefined && sameSize(sizeNumber(foot[system]), wanted);
    });
  });
  return new Set(found.map((item) => item.id));
}

async function list(query: string): Promise<ProductList> {
  const response = await send(app(), 'GET', `/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>();
}

/** Every page of a list, in order. */
async function everyPage(path: string, cookie?: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const response = await send(app(), 'GET', `${path}&limit=100&page=${page}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ProductList | AdminProductList>();
    ids.push(...body.products.map((item) => item._id));
    total = body.total;
    if (page >= body.pages) return { ids, total };
  }
}

const sorted = (ids: Iterable<string>) => [...ids].sort();
const byPrice = encodeURIComponent('{"price":1}');
const byName = encodeURIComponent('{"name":-1}');

const WANTED: [SizeSystem, string][] = [
  ['EU', '44'],
  ['EU', '42'],
  ['EU', '38'],
  ['EU', '44 2/3'],
  ['UK', '9'],
  ['UK', '5.5'],
  ['US', '10'],
  ['CM', '27'],
];

describe('GET /api/products?size=&sizeSystem=', () => {
  it.each(WANTED)(
    '%s %s: exactly the products with a fitting size in stock, across brands',
    async (system, size) => {
      const expected = await fitting(system, size);
      const { ids, total } = await everyPage(
        `/api/products?size=${encodeURIComponent(size)}&sizeSystem=${system}`,
      );
      expect(sorted(ids)).toEqual(sorted(expected));
      expect(total).toBe(expected.size);
      expect(expected.size).toBeGreaterThan(0);
    },
  );

  it('finds each brand its own key for one foot, a shifted model by its shift, and no size sold out', async () => {
    const { ids } = await everyPage('/api/products?size=44&sizeSystem=EU');
    expect(ids).toEqual(
      expect.arrayContaining([probe('Probe Nike Ten'), probe('Probe Adidas Ten'), probe('Probe Runs Large')]),
    );
    expect(ids).not.toContain(probe('Probe Sold Ten'));
    const brands = new Set(
      (await stocked()).filter((item) => ids.includes(item.id)).map((item) => item.brand),
    );
    expect(brands.size).toBeGreaterThan(2);
    // US is the system when none is said, and a US size is the key itself.
    expect(sorted((await everyPage('/api/products?size=9.5')).ids)).toEqual(
      sorted(await fitting('US', '9.5')),
    );
    expect((await everyPage('/api/products?size=9.5')).ids).not.toContain(probe('Probe Runs Large'));
    expect((await everyPage('/api/products?size=10')).ids).toContain(probe('Probe Runs Large'));
  });

  it('finds nothing for a size no chart knows', async () => {
    expect(await list('size=99&sizeSystem=EU')).toMatchObject({ products: [], total: 0, pages: 0 });
    expect(await list('size=0.5&sizeSystem=US&brand=nike')).toMatchObject({ products: [], total: 0 });
  });

  it('combines with a brand, a search, a sort and pages as the unsized list filtered by hand', async () => {
    const expected = await fitting('EU', '44');
    const cases = [
      `brand=nike&orderBy=${byPrice}`,
      `gender=men&orderBy=${byName}`,
      'search=probe',
      `search=probe&orderBy=${byPrice}`,
      'category=running',
    ];
    for (const query of cases) {
      const all = await everyPage(`/api/products?${query}`);
      const sized = await everyPage(`/api/products?${query}&size=44&sizeSystem=EU`);
      expect(sized.ids, query).toEqual(all.ids.filter((id) => expected.has(id)));
      expect(sized.total, query).toBe(sized.ids.length);
    }
    const search = await everyPage('/api/products?search=probe&size=44&sizeSystem=EU');
    expect(sorted(search.ids)).toEqual(
      sorted([probe('Probe Nike Ten'), probe('Probe Adidas Ten'), probe('Probe Runs Large')]),
    );
    const whole = (await list(`size=44&sizeSystem=EU&orderBy=${byPrice}&limit=100`)).products;
    const second = await list(`size=44&sizeSystem=EU&orderBy=${byPrice}&limit=3&page=2`);
    expect(second.products).toEqual(whole.slice(3, 6));
    expect(second.pages).toBe(Math.ceil(expected.size / 3));
  });

  it('keys the catalogue cache by the size and its system', async () => {
    const eu = await list('size=44&sizeSystem=EU&brand=nike');
    const us = await list('size=44&brand=nike');
    const uk = await list('size=44&sizeSystem=UK&brand=nike');
    expect(eu.total).toBeGreaterThan(0);
    expect(us).not.toEqual(eu);
    expect(uk).not.toEqual(eu);
    expect(await list('sizeSystem=EU&brand=nike&size=44')).toEqual(eu);
  });

  it('drops a product once the last unit of its fitting size is sold, and keeps one with units left', async () => {
    const query = 'size=44&sizeSystem=EU&search=probe';
    const before = (await list(query)).products.map((card) => card._id);
    expect(before).toContain(probe('Probe Nike Ten'));
    await buy(app(), shopper.cookie, {
      id: probe('Probe Nike Ten'),
      name: 'Probe Nike Ten',
      size: '10',
      price: 120,
      units: 1,
    });
    await buy(app(), shopper.cookie, {
      id: probe('Probe Adidas Ten'),
      name: 'Probe Adidas Ten',
      size: '10',
      price: 120,
      units: 3,
    });
    const after = (await list(query)).products.map((card) => card._id);
    expect(after).not.toContain(probe('Probe Nike Ten'));
    expect(after).toContain(probe('Probe Adidas Ten'));
    // Its size 9 is still in stock.
    expect((await list('size=9&search=probe')).products.map((card) => card._id)).toContain(
      probe('Probe Nike Ten'),
    );
    // Back in stock (by hand here: no fact clears the cache, so it is cleared too): it returns.
    await app()
      .db.update(productStock)
      .set({ units: 1 })
      .where(and(eq(productStock.productId, probe('Probe Nike Ten')), eq(productStock.size, 10)));
    await app().catalogCache.clear();
    expect((await list(query)).products.map((card) => card._id)).toContain(probe('Probe Nike Ten'));
  });

  describe('bad sizes answer 400 naming the field', () => {
    it.each([
      ['size=abc', 'size'],
      ['size=44&sizeSystem=XX', 'sizeSystem'],
      ['size=44.123', 'size'],
      ['size=-1', 'size'],
      ['size=44%202%2F5&sizeSystem=EU', 'size'],
      ['sizeSystem=eu&size=44', 'sizeSystem'],
    ])('%s', async (query, field) => {
      for (const path of ['/api/products', '/api/products/admin']) {
        const response = await send(app(), 'GET', `${path}?${query}`, staff().cookie);
        expect(response.statusCode, response.body).toBe(400);
        const { error } = response.json<{
          error: { code: string; message: string; fields: Record<string, string> };
        }>();
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(error.fields)).toEqual([field]);
        expect(error.message).toContain(field);
      }
    });
  });
});

it('documents size and sizeSystem on both lists in the OpenAPI document', async () => {
  const response = await send(app(), 'GET', '/api/docs/json');
  expect(response.statusCode).toBe(200);
  type Parameter = { name: string; in: string; schema?: { enum?: string[]; default?: string } };
  const paths = response.json<{ paths: Record<string, { get: { parameters: Parameter[] } }> }>().paths;
  for (const path of ['/api/products', '/api/products/admin']) {
    const parameters = paths[path]?.get.parameters ?? [];
    const named = (name: string) => parameters.find((parameter) => parameter.name === name);
    expect(named('size'), path).toMatchObject({ in: 'query' });
    expect(named('sizeSystem'), path).toMatchObject({
      in: 'query',
      schema: { enum: ['US', 'UK', 'EU', 'CM', 'JP'], default: 'US' },
    });
  }
});

describe('GET /api/products/admin?size=&sizeSystem=', () => {
  it('keeps the products with a fitting size in stock, archived ones too, with the other filters', async () => {
    const admin = staff().cookie;
    const archived = probe('Probe Adidas Ten');
    const archive = await send(app(), 'DELETE', `/api/products/${archived}`, admin);
    expect(archive.statusCode, archive.body).toBeLessThan(300);
    for (const [system, size] of WANTED) {
      const path = `/api/products/admin?size=${encodeURIComponent(size)}&sizeSystem=${system}`;
      const { ids, total } = await everyPage(path, admin);
      const expected = await fitting(system, size, true);
      expect(sorted(ids), `${system} ${size}`).toEqual(sorted(expected));
      expect(total).toBe(expected.size);
    }
    expect((await everyPage('/api/products/admin?size=44&sizeSystem=EU', admin)).ids).toContain(archived);
    expect((await everyPage('/api/products?size=44&sizeSystem=EU')).ids).not.toContain(archived);
    const expected = await fitting('UK', '9', true);
    for (const query of [`brand=nike&orderBy=${byPrice}`, 'search=probe', `gender=women&orderBy=${byName}`]) {
      const all = await everyPage(`/api/products/admin?${query}`, admin);
      const sized = await everyPage(`/api/products/admin?${query}&size=9&sizeSystem=UK`, admin);
      expect(sized.ids, query).toEqual(all.ids.filter((id) => expected.has(id)));
    }
    expect((await everyPage('/api/products/admin?size=99&sizeSystem=EU', admin)).total).toBe(0);
  });

  it("sets the tax category of the staff list's sized products only (a size no chart knows: none)", async () => {
    const admin = staff().cookie;
    const put = async (query: string) => {
      const response = await send(app(), 'PUT', `/api/products/tax-category?${query}`, admin, {
        taxCategory: 'reduced',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ updated: number; matched: number }>();
    };
    expect(await put('size=99&sizeSystem=EU')).toEqual({ updated: 0, matched: 0 });
    const sized = await everyPage('/api/products/admin?search=probe&size=44&sizeSystem=EU', admin);
    expect(sized.total).toBeGreaterThan(0);
    expect(await put('search=probe&size=44&sizeSystem=EU')).toEqual({
      updated: sized.total,
      matched: sized.total,
    });
    const reduced = await db()
      .select({ id: product.id })
      .from(product)
      .where(eq(product.taxCategory, 'reduced'));
    expect(sorted(reduced.map((row) => row.id))).toEqual(sorted(sized.ids));
  });
});

/**
 * Two instances of the shop on one PostgreSQL database (and one Redis when the tests have one), each with
 * the shop's own catalogue cache: the last unit of a size sold through one leaves the other's "In my size"
 * within 5 s.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a size sold out on another instance', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? null;
  // Without Redis, instances do not hear each other's facts: their caches must not outlive the 5 s.
  const shared = { redisUrl, catalogCacheSeconds: redisUrl ? 5 : 0 };
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp(shared);
    second = await createTestApp({ ...shared, database: first.app.config.database });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('leaves the second instance within 5 s of the last unit sold through the first', async () => {
    const created = await addProducts(first.app.db, [
      newProduct({
        name: 'Last Ten',
        brand: 'nike',
        gender: ['men'],
        stock: { '10': 1, '11': 4 },
        price: 90,
      }),
      newProduct({ name: 'Two Tens', brand: 'nike', gender: ['men'], stock: { '10': 2 }, price: 95 }),
    ]);
    const last = created.get('last-ten') ?? '';
    const two = created.get('two-tens') ?? '';
    const sized = async () => {
      const response = await second.app.inject({ method: 'GET', url: '/api/products?size=44&sizeSystem=EU' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ProductList>().products.map((card) => card._id);
    };
    expect(sorted(await sized())).toEqual(sorted([last, two]));
    const [buyer] = (await quickBuyers(first.app, 1, 'far')) as [Buyer];
    await buy(first.app, buyer.cookie, { id: two, name: 'Two Tens', size: '10', price: 95, units: 2 });
    await buy(first.app, buyer.cookie, { id: last, name: 'Last Ten', size: '10', price: 90, units: 1 });
    const sold = Date.now();
    let seen = await sized();
    while (seen.includes(last) && Date.now() - sold < 6_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await sized();
    }
    expect(Date.now() - sold).toBeLessThan(5_000);
    expect(seen).toEqual([two]);
    // Its other size is still found.
    const eleven = await second.app.inject({ method: 'GET', url: '/api/products?size=11' });
    expect(eleven.json<ProductList>().products.map((card) => card._id)).toContain(last);
  });
});
