import { beforeAll, describe, expect, it } from 'vitest';
import { type Buyer, quickBuyers } from '../../test/buyers';
import { csvRecords, parseCsv } from '../../test/csv';
import { expectRefused, outsiders } from '../../test/outsiders';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from './catalog.repository';
import type { NewProduct } from './new-product';
import { PRODUCT_EXPORT_HEADER } from './products-admin.service';

const { app, staff: admin } = testShop({ staff: true });
let shopper: Buyer;
let ids: Map<string, string>;

const sneaker = (slug: string, overrides: Partial<NewProduct>): NewProduct => ({
  slug,
  name: slug,
  brand: 'nike',
  priceCents: 12_999,
  description: '<p>Made for the test.</p>',
  genders: ['men'],
  categories: ['running'],
  color: 'Red',
  collection: 'Test',
  releaseDate: '2024-01-01',
  cardPicture: '/uploads/x/card.webp',
  detailPicture: '/uploads/x/detail.webp',
  originalPicture: '/uploads/x/original.webp',
  stock: { '9': 1 },
  ...overrides,
});

beforeAll(async () => {
  [shopper] = (await quickBuyers(app(), 1, 'shopper')) as [Buyer];
  ids = await insertProducts(app().db, [
    sneaker('alpha', {
      name: 'Alpha Runner',
      genders: ['men', 'women'],
      categories: ['running', 'basketball'],
      stock: { '10': 0, '9': 3, '9.5': 0, '10.5': 12 },
    }),
    sneaker('bravo', { name: '=cmd|" /C calc"!A0', brand: 'vans', priceCents: 5_000, collection: 'a, "b"' }),
    sneaker('charlie', { name: 'Charlie Gone', priceCents: 100, stock: {} }),
    // Written straight to the database: a full-width = and a blank before @, which spreadsheets run too.
    sneaker('delta', { name: '\uFF1DHYPERLINK("http://evil.example","x")', collection: ' @SUM(1+1)' }),
  ]);
  const archived = await send(app(), 'DELETE', `/api/products/${ids.get('charlie')}`, admin().cookie);
  expect(archived.statusCode, archived.body).toBe(204);
});

const exportCsv = (...as: [string?]) =>
  send(app(), 'GET', '/api/products/export.csv', as.length > 0 ? as[0] : admin().cookie);

describe('GET /api/products/export.csv', () => {
  it('lists every product by name, archived ones marked, with the units of each size', async () => {
    const response = await exportCsv();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="products-${today}.csv"`);
    expect(parseCsv(response.body)[0]).toEqual([...PRODUCT_EXPORT_HEADER]);
    const records = csvRecords(response.body);
    // By name (in the database's collation, which decides where '=' goes).
    expect(records.map((record) => record.name).filter((name) => !name?.startsWith("'"))).toEqual([
      'Alpha Runner',
      'Charlie Gone',
    ]);
    const byId = new Map(records.map((record) => [record.product_id, record]));
    expect(byId.size).toBe(4);
    expect(byId.get(ids.get('alpha'))).toEqual({
      product_id: ids.get('alpha'),
      name: 'Alpha Runner',
      brand: 'nike',
      price: '129.99',
      compare_at_price: '',
      categories: 'running basketball',
      genders: 'men women',
      color: 'Red',
      collection: 'Test',
      release_date: '2024-01-01',
      rating: '0',
      archived: 'false',
      stock: '9:3 9.5:0 10:0 10.5:12',
    });
    expect(byId.get(ids.get('bravo'))).toMatchObject({
      name: `'=cmd|" /C calc"!A0`,
      brand: 'vans',
      price: '50.00',
      collection: 'a, "b"',
      archived: 'false',
    });
    expect(byId.get(ids.get('charlie'))).toMatchObject({ price: '1.00', archived: 'true', stock: '' });
    expect(byId.get(ids.get('delta'))).toMatchObject({
      name: `'\uFF1DHYPERLINK("http://evil.example","x")`,
      collection: "' @SUM(1+1)",
    });
    expect(response.body).toContain(`"'=cmd|"" /C calc""!A0"`);
  });

  it('pages through a catalogue bigger than one batch without repeating or skipping a product', async () => {
    const many = await insertProducts(
      app().db,
      Array.from({ length: 1_203 }, (_, index) => sneaker(`bulk-${index}`, { name: `Bulk ${index % 10}` })),
    );
    const records = csvRecords((await exportCsv()).body);
    expect(records).toHaveLength(4 + 1_203);
    expect(new Set(records.map((record) => record.product_id)).size).toBe(4 + many.size);
  });

  it('answers only an admin: a guest 401, anyone else 403', async () => {
    for (const outsider of [
      ...(await outsiders(app())),
      { name: 'other' as const, cookie: shopper.cookie },
    ]) {
      expectRefused(outsider, await exportCsv(outsider.cookie));
    }
  });
});
