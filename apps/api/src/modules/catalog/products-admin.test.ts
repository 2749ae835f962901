import type { AdminProductList, Product, ProductList } from '@shop/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../db/schema';
import { type Buyer, quickAdmin, quickBuyers, stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { expectRefused, type Outsider, outsiders } from '../../test/outsiders';
import { storedPictures } from '../../test/product-pictures';
import { writeReview } from '../../test/reviews';
import { buy, send, stockOf } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app } = testShop({ config: { catalogCacheSeconds: 60 } });
let admin: Buyer;
let shopper: Buyer;
let strangers: Outsider[];
let pictures: { card_picture: string; detail_picture: string; original_picture: string };

beforeAll(async () => {
  // The catalogue cache on: every change must still reach shoppers on their very next request.
  admin = await quickAdmin(app());
  [shopper] = (await quickBuyers(app(), 1, 'shopper')) as [Buyer];
  strangers = [...(await outsiders(app())), { name: 'other', cookie: shopper.cookie }];
  pictures = await storedPictures(app(), admin.cookie);
});

const COLLECTION_CHARACTER = 'The collection contains an invalid character';

let made = 0;
function payload(overrides: Record<string, unknown> = {}) {
  made += 1;
  return {
    name: `Court Glide ${made}`,
    brand: 'nike',
    category: ['basketball'],
    color: 'Blue',
    gender: 'men',
    stock: { '9': 4, '9.5': 2 },
    ...pictures,
    release_date: '2024-03-15',
    price: 119.99,
    description: '<p>A light court shoe with a grippy sole for quick cuts.</p>',
    ...overrides,
  };
}

/** Calls as the admin, or as `as` (null: a guest). */
const caller = (as: string | null | undefined) => (as === undefined ? admin.cookie : (as ?? undefined));
const create = (body: object, as?: string | null) =>
  send(app(), 'POST', '/api/products/create', caller(as), body);
const modify = (id: string, body: object, as?: string | null) =>
  send(app(), 'PUT', `/api/products/modify/${id}`, caller(as), body);
const archive = (id: string, as?: string | null) => send(app(), 'DELETE', `/api/products/${id}`, caller(as));
const list = async (query: string) => {
  const response = await send(app(), 'GET', `/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>().products;
};
const details = (id: string) => send(app(), 'GET', `/api/products/details/${id}`);
const productCount = async () => (await app().db.select({ n: count() }).from(product))[0]?.n ?? 0;

async function created(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await create(payload(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

describe('who may change the catalogue', () => {
  it('refuses a guest and a suspended account (401) and any non-admin (403); nothing changes', async () => {
    const [target] = await stockedProducts(app(), ['Guarded Runner'], 3);
    const id = target ?? '';
    const before = await productCount();
    for (const stranger of strangers) {
      const as = stranger.cookie ?? null;
      expectRefused(stranger, await create(payload(), as));
      expectRefused(stranger, await create({ name: '<bad>' }, as));
      expectRefused(stranger, await modify(id, { price: 1 }, as));
      expectRefused(stranger, await archive(id, as));
      expectRefused(stranger, await send(app(), 'GET', '/api/products/admin', stranger.cookie));
      if (stranger.name !== 'guest' && stranger.name !== 'suspended') {
        expect((await modify(id, { price: 1 }, as)).statusCode).toBe(403);
      }
    }
    expect(await productCount()).toBe(before);
    const [row] = await app().db.select().from(product).where(eq(product.id, id));
    expect(row?.priceCents).toBe(10000);
    expect(row?.deletedAt).toBeNull();
  });
});

describe('POST /api/products/create', () => {
  it('answers 201 with the product as the detail page shows it, found by search', async () => {
    const body = payload({
      name: 'Zephyr  Vortex   Low',
      description: '<p onclick="x()">Soft  foam and a snug knit upper.</p><script>bad()</script>',
    });
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json<Product>();
    expect(made).toMatchObject({
      name: 'Zephyr Vortex Low',
      brand: 'nike',
      price: 119.99,
      gender: ['men'],
      category: ['basketball'],
      color: 'Blue',
      release_date: '2024-03-15',
      rating: 0,
      stock: { '9': 4, '9.5': 2 },
      ...pictures,
    });
    expect(made.description).not.toMatch(/script|onclick/);
    const [detail] = (await details(made._id)).json<Product[]>();
    expect(detail).toMatchObject({ ...made, reviews: [] });
    expect((await list('search=zephyr vortex')).map((item) => item._id)).toContain(made._id);
  });

  it('takes a collection by the name rules (double spaces ignored), or none', async () => {
    expect(await created({ collection: '  Summer   Court  ' })).toMatchObject({ collection: 'Summer Court' });
    expect(await created({ collection: '' })).toMatchObject({ collection: '' });
    expect(await created()).toMatchObject({ collection: '' });
  });

  it('accepts gender as a one-element list and category as a single value', async () => {
    const made = await created({ gender: ['women'], category: 'running', price: '89.5' });
    expect(made).toMatchObject({ gender: ['women'], category: ['running'], price: 89.5 });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['name', { name: 'ab' }, 'Must be between 3 and 50 characters in length'],
    ['name', { name: 'x'.repeat(51) }, 'Must be between 3 and 50 characters in length'],
    ['name', { name: 'Air <Max>' }, 'The name contains an invalid character'],
    ['name', { name: 'Air @ Max' }, 'The name contains an invalid character'],
    ['name', { name: 'Air\\Max' }, 'The name contains an invalid character'],
    ['collection', { collection: 'SB' }, 'Must be between 3 and 50 characters in length'],
    ['collection', { collection: 'x'.repeat(51) }, 'Must be between 3 and 50 characters in length'],
    ['collection', { collection: '<img src=x onerror=alert(1)>' }, COLLECTION_CHARACTER],
    ['collection', { collection: '=HYPERLINK("http://evil.example")' }, COLLECTION_CHARACTER],
    ['collection', { collection: 'Summer @ Home' }, COLLECTION_CHARACTER],
    ['collection', { collection: 'Retro/Run' }, COLLECTION_CHARACTER],
    ['collection', { collection: 'Retro{Run}' }, COLLECTION_CHARACTER],
    ['collection', { collection: 42 }, 'Must be between 3 and 50 characters in length'],
    ['brand', { brand: 'ni{ke' }, 'Invalid character'],
    ['brand', { brand: 'puma' }, 'choose a brand'],
    ['description', { description: 'Too short.' }, 'Must be between 30 and 1020 characters in length'],
    ['description', { description: 'x'.repeat(1021) }, 'Must be between 30 and 1020 characters in length'],
    ['color', { color: 'Purple' }, 'choose a color'],
    ['release_date', { release_date: '1899-12-31' }, 'Invalid Date'],
    ['release_date', { release_date: '2101-01-01' }, 'Invalid Date'],
    ['release_date', { release_date: '2024-02-30' }, 'Invalid Date'],
    ['price', { price: 0 }, 'Invalid response'],
    ['price', { price: -5 }, 'Invalid response'],
    ['price', { price: 10.999 }, 'Invalid response'],
    ['price', { price: 'cheap' }, 'Invalid response'],
    ['price', { price: 1e12 }, 'Invalid response'],
    ['gender', { gender: 'none' }, 'choose a gender'],
    ['category', { category: [] }, 'Select almost 1 category'],
    ['category', { category: ['running', 'other'] }, 'Select almost 1 category'],
    ['category', { category: ['none'] }, 'Select almost 1 category'],
    ['stock', { stock: {} }, 'Select almost 1 size'],
    ['stock.9', { stock: { '9': -1 } }, 'stock cannot be less than 0'],
    ['stock', { stock: { '9': 3, '9.5': 0 } }, 'All the sizes must have an stock most of 0'],
    ['stock.9', { stock: { '9': 1.5 } }, 'stock cannot be less than 0'],
    ['stock.18.5', { stock: { '18.5': 1 } }, 'Sizes go from 3.5 to 18 in half steps'],
    ['stock.3', { stock: { '3': 1 } }, 'Sizes go from 3.5 to 18 in half steps'],
    ['stock.9.25', { stock: { '9.25': 1 } }, 'Sizes go from 3.5 to 18 in half steps'],
    ['card_picture', { card_picture: 'https://evil.example/card.webp' }, 'Upload an image'],
    ['card_picture', { card_picture: '/uploads/products/../../secret/card.webp' }, 'Upload an image'],
    ['detail_picture', { detail_picture: '/uploads/avatars/x/detail.webp' }, 'Upload an image'],
    ['original_picture', { original_picture: undefined }, 'Upload an image'],
    [
      'card_picture',
      { card_picture: '/uploads/products/never-stored/card.webp' },
      'must be a picture uploaded to the shop',
    ],
  ];

  it.each(refusals)(
    'refuses a bad %s (400 naming it) and creates nothing: %j',
    async (field, overrides, message) => {
      const before = await productCount();
      const response = await create(payload(overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields[field], response.body).toBe(message);
      expect(await productCount()).toBe(before);
    },
  );
});

describe('PUT /api/products/modify/:id', () => {
  it('shows a new price on the very next list and detail request, with the cache on', async () => {
    const made = await created({ name: 'Price Probe Runner' });
    const search = 'search=price probe runner';
    expect((await list(search)).find((item) => item._id === made._id)?.price).toBe(119.99);
    const changed = await modify(made._id, { price: 99.5, name: 'Price  Probe Runner II' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Product>()).toMatchObject({
      price: 99.5,
      name: 'Price Probe Runner II',
      stock: made.stock,
    });
    expect((await list(search)).find((item) => item._id === made._id)?.price).toBe(99.5);
    expect((await details(made._id)).json<Product[]>()[0]?.price).toBe(99.5);
  });

  it('sanitises a new description and refuses a bad field without changing anything', async () => {
    const made = await created();
    const sanitised = await modify(made._id, {
      description: '<p>Fresh words <img src=x onerror="a()"> for this shoe.</p>',
    });
    expect(sanitised.json<Product>().description).not.toMatch(/onerror/);
    for (const body of [
      { price: 1.001 },
      { color: 'Pink' },
      { stock: { '9': -2 } },
      { name: 'ok', price: 50 },
      {},
    ]) {
      const response = await modify(made._id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}).length, response.body).toBeGreaterThan(0);
    }
    const [detail] = (await details(made._id)).json<Product[]>();
    expect(detail).toMatchObject({ price: made.price, color: made.color, stock: made.stock });
  });

  it('sells a size out (0 units) with a price change in one save; a negative count is refused by its size', async () => {
    const made = await created({ name: 'Sellout Runner', stock: { '9': 4, '9.5': 2 } });
    // The edit form's rule is 'stock per size not below 0': a size already at 0 does not block other changes.
    const soldOut = await modify(made._id, { stock: { '9.5': 0 } });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    const changed = await modify(made._id, { price: 89.9, stock: { '9': 0 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Product>()).toMatchObject({ price: 89.9, stock: { '9': 0, '9.5': 0 } });
    expect(await stockOf(app(), made._id, 9)).toEqual({ units: 0, reserved: 0 });
    expect(await stockOf(app(), made._id, 9.5)).toEqual({ units: 0, reserved: 0 });
    expect((await details(made._id)).json<Product[]>()[0]).toMatchObject({
      price: 89.9,
      stock: { '9': 0, '9.5': 0 },
    });

    const refused = await modify(made._id, { price: 50, stock: { '9': 3, '9.5': -1 } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'stock.9.5': 'stock cannot be less than 0' });
    expect(await stockOf(app(), made._id, 9)).toEqual({ units: 0, reserved: 0 });
    expect(await stockOf(app(), made._id, 9.5)).toEqual({ units: 0, reserved: 0 });
    const [row] = await app()
      .db.select({ priceCents: product.priceCents })
      .from(product)
      .where(eq(product.id, made._id));
    expect(row?.priceCents).toBe(8990);
  });

  it('refuses a collection against the name rules, 400 naming it, and keeps the stored one', async () => {
    const made = await created({ collection: 'Court Classics' });
    for (const collection of ['ab', 'x'.repeat(51), 'Court <b>Classics</b>', '@SUM(1+1)', 'a\\b']) {
      const response = await modify(made._id, { collection });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().error.fields), response.body).toEqual(['collection']);
    }
    const [detail] = (await details(made._id)).json<Product[]>();
    expect(detail?.collection).toBe('Court Classics');
    const renamed = await modify(made._id, { collection: 'Court  Heritage' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await details(made._id)).json<Product[]>()[0]?.collection).toBe('Court Heritage');
  });

  it('keeps how the model fits against its brand chart, in half sizes; refuses a shift past two sizes', async () => {
    const made = await created();
    expect(made.sizeShift).toBe(0);
    const shifted = await modify(made._id, { sizeShift: 1 });
    expect(shifted.statusCode, shifted.body).toBe(200);
    expect((await details(made._id)).json<Product[]>()[0]?.sizeShift).toBe(1);
    const [row] = await app()
      .db.select({ sizeShift: product.sizeShift })
      .from(product)
      .where(eq(product.id, made._id));
    expect(row?.sizeShift).toBe(1);
    for (const sizeShift of [5, -5, 0.5, '1']) {
      const refused = await modify(made._id, { sizeShift });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['sizeShift']);
    }
    expect((await created({ sizeShift: -2 })).sizeShift).toBe(-2);
  });

  it('keeps a GTIN with a valid check digit (spaces and hyphens dropped), clears it with an empty field, refuses a bad one', async () => {
    const made = await created({ gtin: '4006381 333931' });
    expect(made.gtin).toBe('4006381333931');
    const gtinOf = async () =>
      (await app().db.select({ gtin: product.gtin }).from(product).where(eq(product.id, made._id)))[0]?.gtin;
    for (const [gtin, stored] of [
      ['0360-0029-1452', '036000291452'],
      ['96385074', '96385074'],
      ['10012345678902', '10012345678902'],
      ['', null],
    ] as const) {
      const saved = await modify(made._id, { gtin });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Product>().gtin).toBe(stored);
      expect(await gtinOf()).toBe(stored);
    }
    for (const gtin of ['4006381333932', '12345', 'ABCDEFGHIJKLM', 4006381333931, '400638133393112']) {
      const refused = await modify(made._id, { gtin });
      expect(refused.statusCode, String(gtin)).toBe(400);
      expect(refused.json().error.fields).toEqual({
        gtin: 'must be a GTIN of 8, 12, 13 or 14 digits with a valid check digit',
      });
    }
    expect(await gtinOf()).toBeNull();
    const bad = await create(payload({ gtin: '4006381333930' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['gtin']);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await modify('00000000-0000-4000-8000-000000000000', { price: 10 })).statusCode).toBe(404);
  });

  it('sets the sellable units of a size and leaves the units pending orders hold reserved', async () => {
    const [id = ''] = await stockedProducts(app(), ['Held Runner'], 2);
    const started = await send(app(), 'POST', '/api/checkouts', shopper.cookie, {
      products: [{ id, size: '9', count: 1 }],
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await stockOf(app(), id, 9)).toEqual({ units: 1, reserved: 1 });
    const changed = await modify(id, { stock: { '9': 5, '10': 3 } });
    expect(changed.json<Product>().stock).toEqual({ '9': 5, '10': 3 });
    expect(await stockOf(app(), id, 9)).toEqual({ units: 5, reserved: 1 });
    expect(await stockOf(app(), id, 10)).toEqual({ units: 3, reserved: 0 });
    const [detail] = (await details(id)).json<Product[]>();
    expect(detail?.stock).toEqual({ '9': 5, '10': 3 });
  });

  it('takes changes sent at once one after the other, never failing', async () => {
    const made = await created();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((units) =>
        modify(made._id, { stock: { '9': units, '10': units }, price: 50 + units }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [detail] = (await details(made._id)).json<Product[]>();
    expect(detail?.stock['9']).toBe(detail?.stock['10']);
    expect(detail?.price).toBe(50 + (detail?.stock['9'] ?? 0));
  });

  it('tells a shopper waiting for a sold-out size once, when staff raise its stock', async () => {
    const [id = ''] = await stockedProducts(app(), ['Awaited Runner'], 0);
    const [waiter] = (await quickBuyers(app(), 1, 'waiter')) as [Buyer];
    const asked = await send(app(), 'POST', '/api/stock-alerts', waiter.cookie, { productId: id, size: '9' });
    expect(asked.statusCode, asked.body).toBe(201);
    const mails = async () =>
      (await deliveredMail(app())).filter((mail) => mail.links.includes(`${app().config.siteUrl}/home/${id}`))
        .length;
    expect((await modify(id, { stock: { '10': 2 } })).statusCode).toBe(200);
    expect(await mails()).toBe(0);
    expect((await modify(id, { stock: { '9': 3 } })).statusCode).toBe(200);
    expect(await mails()).toBe(1);
    expect((await modify(id, { stock: { '9': 6 } })).statusCode).toBe(200);
    expect((await modify(id, { stock: { '9': 0 } })).statusCode).toBe(200);
    expect((await modify(id, { stock: { '9': 1 } })).statusCode).toBe(200);
    expect(await mails()).toBe(1);
  });
});

describe("GET /api/products/admin: the staff's order", () => {
  const staffList = async (query: string) => {
    const response = await send(app(), 'GET', `/api/products/admin?limit=100&${query}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminProductList>().products;
  };
  const orderBy = (value: object) => `orderBy=${encodeURIComponent(JSON.stringify(value))}`;

  it('puts the product just created first, however old its release date', async () => {
    await created({ name: 'Order Probe Modern', release_date: '2030-06-01' });
    const vintage = await created({ name: 'Order Probe Vintage', release_date: '1985-04-01' });
    expect((await staffList(''))[0]?._id).toBe(vintage._id);
    expect((await staffList(orderBy({ created: -1 })))[0]?._id).toBe(vintage._id);
    // A search sorted by when products were added, newest first.
    expect((await staffList(`search=order probe&${orderBy({ created: -1 })}`)).map((p) => p.name)).toEqual([
      'Order Probe Vintage',
      'Order Probe Modern',
    ]);
    expect((await staffList(`search=order probe&${orderBy({ created: 1 })}`)).map((p) => p.name)).toEqual([
      'Order Probe Modern',
      'Order Probe Vintage',
    ]);

    // The release date is its own order.
    const released = await staffList(orderBy({ release_date: -1 }));
    expect(released[0]?.name).toBe('Order Probe Modern');
    const days = released.map((item) => item.release_date);
    expect(days).toEqual([...days].sort().reverse());
    expect(released.at(-1)?.name).toBe('Order Probe Vintage');
  });

  it('breaks ties of the time added by id, so pages neither repeat nor skip a product', async () => {
    const tied = await Promise.all([1, 2, 3].map(() => created()));
    await app()
      .db.update(product)
      .set({ createdAt: new Date('2001-01-01T00:00:00Z') })
      .where(
        inArray(
          product.id,
          tied.map((item) => item._id),
        ),
      );
    const ids = tied.map((item) => item._id).sort();
    const oldest = orderBy({ created: 1 });
    expect((await staffList(oldest)).slice(0, 3).map((item) => item._id)).toEqual(ids);
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) => {
        const response = await send(
          app(),
          'GET',
          `/api/products/admin?limit=1&page=${page}&${oldest}`,
          admin.cookie,
        );
        return response.json<AdminProductList>().products.map((item) => item._id);
      }),
    );
    expect(pages.flat()).toEqual(ids);
  });

  it("refuses an order it does not know, and the shoppers' list keeps its own orders", async () => {
    const refused = await send(app(), 'GET', `/api/products/admin?${orderBy({ rating: -1 })}`, admin.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      orderBy: 'must sort by name, price, created or release_date with 1 or -1',
    });
    const shoppers = await send(app(), 'GET', `/api/products?${orderBy({ created: -1 })}`);
    expect(shoppers.statusCode).toBe(400);
    expect(shoppers.json().error.fields).toEqual({ orderBy: 'must sort by name or price with 1 or -1' });
  });
});

describe('DELETE /api/products/:id', () => {
  it('archives: gone from the catalogue, search and detail, kept by orders, the Bought tab and the admin list', async () => {
    const made = await created({ name: 'Farewell Sprinter', stock: { '9': 5 } });
    const orderId = await buy(app(), shopper.cookie, {
      id: made._id,
      name: made.name,
      size: '9',
      price: made.price,
      units: 5,
    });
    expect((await list('search=farewell sprinter')).map((item) => item._id)).toContain(made._id);
    const removed = await archive(made._id);
    expect(removed.statusCode, removed.body).toBe(204);

    expect((await list('search=farewell sprinter')).map((item) => item._id)).not.toContain(made._id);
    expect((await list('brand=nike&limit=100')).map((item) => item._id)).not.toContain(made._id);
    expect((await details(made._id)).statusCode).toBe(404);

    const order = await send(app(), 'GET', `/api/orders/${orderId}`, shopper.cookie);
    expect(order.json().products.map((line: { id: string }) => line.id)).toContain(made._id);
    const bought = await send(app(), 'GET', `/api/users/bought/${shopper.id}`, shopper.cookie);
    expect(bought.json().map((entry: { product: { _id: string } }) => entry.product._id)).toContain(made._id);

    const adminList = await send(app(), 'GET', '/api/products/admin?search=farewell sprinter', admin.cookie);
    expect(adminList.statusCode, adminList.body).toBe(200);
    const entry = adminList.json<AdminProductList>().products.find((item) => item._id === made._id);
    expect(entry).toMatchObject({ name: 'Farewell Sprinter', archived: true });

    const everything = await send(app(), 'GET', '/api/products/admin?limit=100', admin.cookie);
    expect(everything.statusCode, everything.body).toBe(200);
    expect(everything.json<AdminProductList>().products.map((item) => item._id)).toContain(made._id);

    expect((await archive(made._id)).statusCode).toBe(404);
  });

  it('lets staff change an archived product, which stays archived and tells no waiting shopper until restored', async () => {
    const made = await created({ name: 'Dormant Trainer', stock: { '9': 1 } });
    const [waiter] = (await quickBuyers(app(), 1, 'dormant')) as [Buyer];
    expect((await modify(made._id, { stock: { '9': 0 } })).statusCode).toBe(200);
    const asked = await send(app(), 'POST', '/api/stock-alerts', waiter.cookie, {
      productId: made._id,
      size: '9',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await archive(made._id)).statusCode).toBe(204);

    const changed = await modify(made._id, { price: 10, stock: { '9': 4 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Product>()).toMatchObject({ price: 10, stock: { '9': 4 } });
    expect((await details(made._id)).statusCode).toBe(404);
    const mails = async () =>
      (await deliveredMail(app())).filter((mail) =>
        mail.links.includes(`${app().config.siteUrl}/home/${made._id}`),
      ).length;
    expect(await mails()).toBe(0);

    // Back on sale with size 9 in stock: the waiting shopper hears of it, once.
    const back = await send(app(), 'POST', `/api/products/${made._id}/restore`, admin.cookie);
    expect(back.statusCode, back.body).toBe(200);
    expect(await mails()).toBe(1);
  });
  it('takes an archived product off the landing page', async () => {
    const made = await created({ name: 'Banner Runner' });
    await app().db.update(product).set({ featuredSlot: 3 }).where(eq(product.id, made._id));
    await app().catalogCache.clear();
    const featured = async () =>
      (await send(app(), 'GET', '/api/products/featured')).json<{ banners: Product[] }>().banners;
    expect((await featured()).map((item) => item._id)).toContain(made._id);
    expect((await archive(made._id)).statusCode).toBe(204);
    expect((await featured()).map((item) => item._id)).not.toContain(made._id);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await archive('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await archive('not-an-id')).statusCode).toBe(400);
  });
});

describe('POST /api/products/:id/restore', () => {
  const restore = (id: string, as?: string | null) =>
    send(app(), 'POST', `/api/products/${id}/restore`, caller(as));

  it('puts an archived product back on sale as it was, once; a second restore is a 409', async () => {
    const made = await created({ name: 'Comeback Racer', stock: { '9': 3 } });
    expect((await archive(made._id)).statusCode).toBe(204);
    for (const stranger of strangers) {
      expectRefused(stranger, await restore(made._id, stranger.cookie ?? null));
    }
    expect((await details(made._id)).statusCode).toBe(404);

    const back = await restore(made._id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Product>()).toMatchObject({ _id: made._id, name: 'Comeback Racer', stock: { '9': 3 } });
    expect((await details(made._id)).statusCode).toBe(200);
    expect((await list('search=comeback racer')).map((item) => item._id)).toContain(made._id);

    const again = await restore(made._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    expect((await restore('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('reviews of an archived product', () => {
  it('are read and deleted by staff only; shoppers get 404', async () => {
    const made = await created({ name: 'Moderated Mule', stock: { '9': 2 } });
    await buy(app(), shopper.cookie, {
      id: made._id,
      name: made.name,
      size: '9',
      price: made.price,
      units: 2,
    });
    await writeReview(app(), shopper, made._id, { rating: 1, description: 'Fell apart in a week.' });
    expect((await archive(made._id)).statusCode).toBe(204);

    expect((await send(app(), 'GET', `/api/reviews/product/${made._id}`)).statusCode).toBe(404);
    expect((await send(app(), 'GET', `/api/reviews/product/${made._id}`, shopper.cookie)).statusCode).toBe(
      404,
    );
    const staffView = await send(app(), 'GET', `/api/reviews/product/${made._id}`, admin.cookie);
    expect(staffView.statusCode, staffView.body).toBe(200);
    const [review] = staffView.json<{ _id: string }[]>();
    expect(review).toBeDefined();
    const removed = await send(app(), 'DELETE', `/api/reviews/product/${made._id}`, admin.cookie, {
      _idReviews: [review?._id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([]);
  });
});
