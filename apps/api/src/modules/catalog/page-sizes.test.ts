import { randomBytes } from 'node:crypto';
import {
  type Brand,
  type Gender,
  type ProductDetail,
  productDetailSchema,
  rowForKey,
  type SizeChart,
} from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueWritesOf } from '../../db/client';
import { sizeChart } from '../../db/schema';
import { newProduct } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from './catalog.repository';

/**
 * A product's page lists its sizes in every system: each key of its stock, labelled by the chart of its
 * brand and gender (its shift does not move a label), and whether a unit is left.
 */
const shop = testShop({ staff: 'page-sizes' });
const app = () => shop.app();

async function shoe(brand: Brand, gender: Gender[], stock: Record<string, number>, sizeShift = 0) {
  const name = `Size Page ${brand} ${randomBytes(3).toString('hex')}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');
  const created = await insertProducts(app().db, [
    newProduct({ name, brand, gender, price: 90, stock }, { slug, sizeShift }),
  ]);
  return created.get(slug) ?? '';
}

async function page(id: string): Promise<ProductDetail> {
  const response = await send(app(), 'GET', `/api/products/details/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  const [found] = response.json<unknown[]>();
  return productDetailSchema.parse(found);
}

async function chartRows(brand: Brand, gender: 'men' | 'women') {
  const response = await send(app(), 'GET', `/api/size-charts?brand=${brand}&gender=${gender}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SizeChart>().rows;
}

describe('the sizes on a product page', () => {
  it('labels a men’s and a women’s product of two brands from their own charts, in size order', async () => {
    const stock = { '10': 3, '8': 0, '9.5': 1, '10.5': 2 };
    const cases = [
      ['nike', ['men'], 'men', { UK: '9', EU: '44', CM: '28', JP: '280' }],
      ['nike', ['women'], 'women', { UK: '7.5', EU: '42', CM: '27', JP: '270' }],
      ['adidas', ['men'], 'men', { UK: '9.5', EU: '44', CM: '28', JP: '280' }],
      ['adidas', ['women'], 'women', { UK: '8.5', EU: '42 2/3', CM: '27', JP: '270' }],
      // A product for men and women is sized on the men's chart.
      ['adidas', ['men', 'women'], 'men', { UK: '9.5', EU: '44', CM: '28', JP: '280' }],
    ] as const;
    for (const [brand, genders, chart, ten] of cases) {
      const { sizes, stock: units } = await page(await shoe(brand, [...genders], stock));
      const rows = await chartRows(brand, chart);
      expect(sizes.map((size) => size.key)).toEqual(['8', '9.5', '10', '10.5']);
      expect(sizes.find((size) => size.key === '10')).toEqual({
        key: '10',
        US: '10',
        ...ten,
        available: true,
      });
      for (const size of sizes) {
        const row = rowForKey(rows, size.key);
        expect(size).toEqual({
          key: size.key,
          US: row?.US,
          UK: row?.UK,
          EU: row?.EU,
          CM: row?.CM,
          JP: row?.JP,
          available: (units[size.key] ?? 0) > 0,
        });
      }
      expect(sizes.find((size) => size.key === '8')?.available).toBe(false);
    }
  });

  it('keeps the chart’s labels for a model that runs large, and says null where the chart has no such key', async () => {
    const rows = await chartRows('nike', 'men');
    const missing = ['18', '17.5', '3'].find((key) => !rowForKey(rows, key)) ?? '';
    const { sizes } = await page(await shoe('nike', ['men'], { '10': 1, [missing]: 2 }, 1));
    expect(sizes.find((size) => size.key === '10')).toMatchObject({ UK: '9', EU: '44' });
    expect(sizes.find((size) => size.key === missing)).toEqual({
      key: missing,
      US: missing,
      UK: null,
      EU: null,
      CM: null,
      JP: null,
      available: true,
    });
  });

  it('follows a chart staff change at once, with a new entity tag', async () => {
    const id = await shoe('vans', ['men'], { '10': 1 });
    const before = await send(app(), 'GET', `/api/products/details/${id}`);
    // The 10 becomes what the 10.5 is in EU (a chart may repeat a size, never go down).
    const published = await chartRows('vans', 'men');
    const next = published[published.findIndex((row) => row.key === '10') + 1]?.EU ?? '';
    const rows = published.map((row) => (row.key === '10' ? { ...row, EU: next } : row));
    const changed = await send(app(), 'PUT', '/api/size-charts/vans/men', shop.staff().cookie, {
      rows,
      source: 'Measured in the shop',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await app().inject({
      method: 'GET',
      url: `/api/products/details/${id}`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<ProductDetail[]>()[0]?.sizes[0]?.EU).toBe(next);
    const same = await app().inject({
      method: 'GET',
      url: `/api/products/details/${id}`,
      headers: { 'if-none-match': after.headers.etag as string },
    });
    expect(same.statusCode).toBe(304);
  });

  it('follows a chart another instance changed within seconds (PostgreSQL)', async () => {
    if (catalogueWritesOf(app().db) !== undefined) return; // Embedded: this process is the only writer.
    const id = await shoe('gucci', ['women'], { '8': 1 });
    const before = (await page(id)).sizes[0];
    const rows = (await chartRows('gucci', 'women')).map((row) =>
      row.key === '8' ? { ...row, CM: '25.9' } : row,
    );
    await app()
      .db.insert(sizeChart)
      .values({ brand: 'gucci', gender: 'women', rows, source: 'Another instance' })
      .onConflictDoUpdate({ target: [sizeChart.brand, sizeChart.gender], set: { rows } });
    expect(before?.CM).not.toBe('25.9');
    const started = Date.now();
    let seen = before?.CM;
    while (seen !== '25.9' && Date.now() - started < 6_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = (await page(id)).sizes[0]?.CM;
    }
    expect(seen).toBe('25.9');
    expect(Date.now() - started).toBeLessThan(5_000);
    await app()
      .db.delete(sizeChart)
      .where(and(eq(sizeChart.brand, 'gucci'), eq(sizeChart.gender, 'women')));
  });
});
