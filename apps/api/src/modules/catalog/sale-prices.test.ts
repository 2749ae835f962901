import {
  type AdminProductList,
  COMPARE_AT_ABOVE_PRICE,
  type Product,
  type ProductList,
} from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema';
import { type Buyer, quickAdmin } from '../../test/buyers';
import { csvRecords } from '../../test/csv';
import { storedPictures } from '../../test/product-pictures';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { getProducts } from './catalog.service';

/**
 * Sale prices: the compare-at price on every product the API shows, the staff's rule that it lies above
 * the price (a 400 naming the field, never the database's check), and `onSale` on the shoppers' list (the
 * listing index) and on the staff's list (the database), both following each change.
 */

const { app } = testShop({ config: { catalogCacheSeconds: 60 } });
let admin: Buyer;
let pictures: { card_picture: string; detail_picture: string; original_picture: string };
/** Every product of this file is of this brand and has this word in its name: lists asking for both see only them. */
const BRAND = 'gucci';
const WORD = 'zyxsale';

beforeAll(async () => {
  // The catalogue cache on: a change must still reach the shoppers' next list.
  admin = await quickAdmin(app(), 'sale-staff');
  pictures = await storedPictures(app(), admin.cookie);
});

let made = 0;
function payload(overrides: Record<string, unknown> = {}) {
  made += 1;
  return {
    name: `Zyxsale Glide ${made}`,
    brand: BRAND,
    category: ['running'],
    color: 'Blue',
    gender: 'men',
    stock: { '9': 4 },
    ...pictures,
    release_date: '2024-03-15',
    price: 100,
    description: '<p>A light running shoe with a grippy sole for quick cuts.</p>',
    ...overrides,
  };
}

const create = (body: object) => send(app(), 'POST', '/api/products/create', admin.cookie, body);
const modify = (id: string, body: object) =>
  send(app(), 'PUT', `/api/products/modify/${id}`, admin.cookie, body);

async function created(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await create(payload(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function shoppersList(query: string): Promise<ProductList> {
  const response = await send(app(), 'GET', `/api/products?brand=${BRAND}&search=${WORD}&limit=50&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>();
}

async function staffList(query: string): Promise<AdminProductList> {
  const response = await send(
    app(),
    'GET',
    `/api/products/admin?brand=${BRAND}&search=${WORD}&limit=50&${query}`,
    admin.cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminProductList>();
}

const ids = (list: { products: { _id: string }[] }) => list.products.map((item) => item._id).sort();

/** The ids on sale in the shoppers' list and in the staff's, each sorted. */
async function onSaleIds() {
  return { shoppers: ids(await shoppersList('onSale=true')), staff: ids(await staffList('onSale=true')) };
}

function expectCompareAtRefused(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    error: {
      code: 'VALIDATION_ERROR',
      fields: { compareAtPrice: COMPARE_AT_ABOVE_PRICE },
    },
  });
}

describe('the compare-at price', () => {
  it('is kept on create and shown on the detail, the cards, the staff list, favourites and the CSV', async () => {
    const sale = await created({ price: 80, compareAtPrice: 120 });
    expect(sale.compareAtPrice).toBe(120);
    const plain = await created({ price: 90 });
    expect(plain.compareAtPrice).toBeNull();
    const emptyField = await created({ price: 90, compareAtPrice: '' });
    expect(emptyField.compareAtPrice).toBeNull();

    const detail = await send(app(), 'GET', `/api/products/details/${sale._id}`);
    expect(detail.json()[0]).toMatchObject({ _id: sale._id, price: 80, compareAtPrice: 120 });
    const card = (await shoppersList('')).products.find((item) => item._id === sale._id);
    expect(card).toMatchObject({ price: 80, compareAtPrice: 120 });
    const plainCard = (await shoppersList('')).products.find((item) => item._id === plain._id);
    expect(plainCard?.compareAtPrice).toBeNull();
    const staffRow = (await staffList('')).products.find((item) => item._id === sale._id);
    expect(staffRow).toMatchObject({ compareAtPrice: 120, archived: false });
    // Favourites' cards are the catalogue's products.
    const [favourite] = await getProducts(app().db, [sale._id]);
    expect(favourite?.compareAtPrice).toBe(120);

    const csv = await send(app(), 'GET', '/api/products/export.csv', admin.cookie);
    expect(csv.statusCode).toBe(200);
    const records = csvRecords(csv.body);
    expect(records.find((row) => row.product_id === sale._id)?.compare_at_price).toBe('120.00');
    expect(records.find((row) => row.product_id === plain._id)?.compare_at_price).toBe('');
  });

  it('refuses on create a compare-at price not above the price, naming the field', async () => {
    for (const compareAtPrice of [100, 99.99, 50]) {
      expectCompareAtRefused(await create(payload({ price: 100, compareAtPrice })));
    }
  });

  it('refuses on modify a compare-at price not above the price the product will have', async () => {
    const item = await created({ price: 100, compareAtPrice: 150 });
    // Only the price, up to (or past) the compare-at price.
    expectCompareAtRefused(await modify(item._id, { price: 150 }));
    expectCompareAtRefused(await modify(item._id, { price: 200 }));
    // Only the compare-at price, down to (or below) the price.
    expectCompareAtRefused(await modify(item._id, { compareAtPrice: 100 }));
    expectCompareAtRefused(await modify(item._id, { compareAtPrice: 60 }));
    // Both, wrongly together.
    expectCompareAtRefused(await modify(item._id, { price: 130, compareAtPrice: 120 }));
    const [row] = await app().db.select().from(product).where(eq(product.id, item._id));
    expect(row).toMatchObject({ priceCents: 10_000, compareAtPriceCents: 15_000 });

    // Both, rightly together; then the price alone below it; then cleared, and any price goes.
    const both = await modify(item._id, { price: 170, compareAtPrice: 200 });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ price: 170, compareAtPrice: 200 });
    const cheaper = await modify(item._id, { price: 140 });
    expect(cheaper.json()).toMatchObject({ price: 140, compareAtPrice: 200 });
    const cleared = await modify(item._id, { compareAtPrice: null });
    expect(cleared.json()).toMatchObject({ price: 140, compareAtPrice: null });
    const dearer = await modify(item._id, { price: 300 });
    expect(dearer.json()).toMatchObject({ price: 300, compareAtPrice: null });
    const emptied = await modify(item._id, { compareAtPrice: '' });
    expect(emptied.json()).toMatchObject({ price: 300, compareAtPrice: null });
  });
});

describe('onSale', () => {
  it('lists only products whose compare-at price is above their price, shoppers and staff alike', async () => {
    const sale = await created({ price: 70, compareAtPrice: 90 });
    const plain = await created({ price: 70 });
    const { shoppers, staff } = await onSaleIds();
    expect(shoppers).toContain(sale._id);
    expect(shoppers).not.toContain(plain._id);
    expect(staff).toContain(sale._id);
    expect(staff).not.toContain(plain._id);
    const all = await shoppersList('onSale=false');
    expect(ids(all)).toEqual(expect.arrayContaining([sale._id, plain._id]));
    // With the other filters and a sort, and its count exact.
    const narrowed = await shoppersList(
      `onSale=true&priceMax=75&orderBy=${encodeURIComponent('{"price":1}')}`,
    );
    expect(
      narrowed.products.every((item) => item.compareAtPrice !== null && item.compareAtPrice > item.price),
    ).toBe(true);
    expect(narrowed.total).toBe(narrowed.products.length);
    expect(ids(narrowed)).toContain(sale._id);
    const refused = await send(app(), 'GET', '/api/products?onSale=maybe');
    expect(refused.statusCode).toBe(400);
  });

  it('follows each change: a product put on sale joins the list, one cleared or archived leaves it', async () => {
    const item = await created({ price: 60 });
    expect((await onSaleIds()).shoppers).not.toContain(item._id);

    expect((await modify(item._id, { compareAtPrice: 80 })).statusCode).toBe(200);
    let now = await onSaleIds();
    expect(now.shoppers).toContain(item._id);
    expect(now.staff).toContain(item._id);
    const card = (await shoppersList('onSale=true')).products.find((row) => row._id === item._id);
    expect(card).toMatchObject({ price: 60, compareAtPrice: 80 });

    // A price change keeps it on sale and its card current.
    expect((await modify(item._id, { price: 55 })).statusCode).toBe(200);
    const cheaper = (await shoppersList('onSale=true')).products.find((row) => row._id === item._id);
    expect(cheaper).toMatchObject({ price: 55, compareAtPrice: 80 });

    expect((await modify(item._id, { compareAtPrice: null })).statusCode).toBe(200);
    now = await onSaleIds();
    expect(now.shoppers).not.toContain(item._id);
    expect(now.staff).not.toContain(item._id);

    expect((await modify(item._id, { compareAtPrice: 99 })).statusCode).toBe(200);
    expect((await onSaleIds()).shoppers).toContain(item._id);
    expect((await send(app(), 'DELETE', `/api/products/${item._id}`, admin.cookie)).statusCode).toBe(204);
    now = await onSaleIds();
    expect(now.shoppers).not.toContain(item._id);
    // The staff's list keeps archived products, marked.
    expect(now.staff).toContain(item._id);
  });
});
