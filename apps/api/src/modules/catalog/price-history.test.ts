import type { AdminProductList, Product, ProductList } from '@shop/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { product, productPriceHistory } from '../../db/schema';
import { type Buyer, quickAdmin } from '../../test/buyers';
import { storedPictures } from '../../test/product-pictures';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * The price history (EU Omnibus directive, Art. 6a): every price a product takes is kept, append-only,
 * whichever path writes it; cards, pages and the staff's list answer the prior price, the lowest of the 30
 * days before the current price took effect (prior-price.test.ts holds the rule's edge cases).
 */

const { app } = testShop({ config: { catalogCacheSeconds: 60 } });
let admin: Buyer;
let pictures: { card_picture: string; detail_picture: string; original_picture: string };
const BRAND = 'champion';
const WORD = 'zyxprior';
const DAY = 86_400_000;

beforeAll(async () => {
  admin = await quickAdmin(app(), 'prior-staff');
  pictures = await storedPictures(app(), admin.cookie);
});

let made = 0;
async function created(overrides: Record<string, unknown> = {}): Promise<Product> {
  made += 1;
  const response = await send(app(), 'POST', '/api/products/create', admin.cookie, {
    name: `Zyxprior Court ${made}`,
    brand: BRAND,
    category: ['basketball'],
    color: 'White',
    gender: 'women',
    stock: { '8': 2 },
    ...pictures,
    release_date: '2024-04-01',
    price: 100,
    description: '<p>A court shoe with a padded collar and a cupsole.</p>',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function modify(id: string, body: object): Promise<Product> {
  const response = await send(app(), 'PUT', `/api/products/modify/${id}`, admin.cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Product>();
}

async function card(id: string) {
  const response = await send(app(), 'GET', `/api/products?brand=${BRAND}&search=${WORD}&limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>().products.find((item) => item._id === id);
}

async function page(id: string) {
  const response = await send(app(), 'GET', `/api/products/details/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Product[]>()[0];
}

async function staffRow(id: string) {
  const response = await send(
    app(),
    'GET',
    `/api/products/admin?brand=${BRAND}&search=${WORD}&limit=50`,
    admin.cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminProductList>().products.find((item) => item._id === id);
}

/** The product's history rows, oldest first. */
function history(id: string) {
  return app()
    .db.select({ cents: productPriceHistory.priceCents, at: productPriceHistory.effectiveAt })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, id))
    .orderBy(asc(productPriceHistory.effectiveAt), asc(productPriceHistory.id));
}

describe('the price history and the prior price', () => {
  it('keeps the price a product is created with: no prior price yet', async () => {
    const made = await created({ price: 100, compareAtPrice: 140 });
    expect(made.priorPrice).toBeNull();
    const rows = await history(made._id);
    expect(rows.map((row) => row.cents)).toEqual([10_000]);
    expect(Math.abs((rows[0]?.at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect((await card(made._id))?.priorPrice).toBeNull();
    expect((await page(made._id))?.priorPrice).toBeNull();
    expect(await staffRow(made._id)).toMatchObject({ priorPrice: null, lowestPrice30d: 100 });
  });

  it('appends each price change, and answers the lowest earlier price everywhere', async () => {
    const made = await created({ price: 100 });
    expect((await modify(made._id, { price: 120 })).priorPrice).toBe(100);
    const saved = await modify(made._id, { price: 90, compareAtPrice: 120 });
    expect(saved).toMatchObject({ price: 90, compareAtPrice: 120, priorPrice: 100 });
    const rows = await history(made._id);
    expect(rows.map((row) => row.cents)).toEqual([10_000, 12_000, 9_000]);
    expect(rows.map((row) => row.at.getTime())).toEqual([...rows.map((row) => row.at.getTime())].sort());
    expect(await card(made._id)).toMatchObject({ price: 90, compareAtPrice: 120, priorPrice: 100 });
    expect(await page(made._id)).toMatchObject({ price: 90, compareAtPrice: 120, priorPrice: 100 });
    expect(await staffRow(made._id)).toMatchObject({ price: 90, priorPrice: 100, lowestPrice30d: 90 });
  });

  it('appends nothing when a change leaves the price as it was', async () => {
    const made = await created({ price: 100 });
    await modify(made._id, { price: 100, collection: 'Same price' });
    await modify(made._id, { compareAtPrice: 130 });
    expect((await history(made._id)).map((row) => row.cents)).toEqual([10_000]);
    expect(await card(made._id)).toMatchObject({ compareAtPrice: 130, priorPrice: null });
  });

  it('looks back 30 days from the current price, counting the price in effect when they began', async () => {
    const made = await created({ price: 100 });
    // Prices older than the product's row here, as if it had been on sale for months.
    const now = Date.now();
    await app()
      .db.insert(productPriceHistory)
      .values([
        { productId: made._id, priceCents: 5_000, effectiveAt: new Date(now - 100 * DAY) },
        { productId: made._id, priceCents: 15_000, effectiveAt: new Date(now - 40 * DAY) },
        { productId: made._id, priceCents: 13_000, effectiveAt: new Date(now - 10 * DAY) },
      ]);
    // A change that leaves the price raises the product's version: its card and page are read again.
    await modify(made._id, { collection: 'Backdated' });
    expect(await card(made._id)).toMatchObject({ price: 100, priorPrice: 130 });
    expect(await page(made._id)).toMatchObject({ priorPrice: 130 });
    expect(await staffRow(made._id)).toMatchObject({ priorPrice: 130, lowestPrice30d: 100 });
  });

  it('is written by the database whatever path changes a price, by hand too', async () => {
    const made = await created({ price: 100 });
    await app().db.update(product).set({ priceCents: 11_000 }).where(eq(product.id, made._id));
    expect((await history(made._id)).map((row) => row.cents)).toEqual([10_000, 11_000]);
    expect((await card(made._id))?.priorPrice).toBe(100);
    const [missing] = await app()
      .db.select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(product)
      .where(
        sql`NOT EXISTS (SELECT 1 FROM ${productPriceHistory} WHERE ${productPriceHistory.productId} = ${product.id})`,
      );
    // The seeded catalogue and every product the tests made have their price in the history.
    expect(missing?.count).toBe(0);
  });

  it('refuses to change or remove a price once kept; the rows go only with a product deleted outright', async () => {
    const made = await created({ price: 100 });
    const before = await history(made._id);
    const refused = [
      sql`UPDATE ${productPriceHistory} SET price_cents = 1 WHERE product_id = ${made._id}`,
      sql`UPDATE ${productPriceHistory} SET effective_at = now() - interval '1 year' WHERE product_id = ${made._id}`,
      sql`DELETE FROM ${productPriceHistory} WHERE product_id = ${made._id}`,
      sql`TRUNCATE ${productPriceHistory}`,
    ];
    for (const statement of refused) {
      const failure = await app()
        .db.execute(statement)
        .then(
          () => null,
          (error: Error) => error,
        );
      expect(String((failure?.cause as Error | undefined)?.message ?? failure?.message)).toMatch(
        /the price history is append-only: (UPDATE|DELETE|TRUNCATE) refused/,
      );
    }
    expect(await history(made._id)).toEqual(before);
    await app().db.delete(product).where(eq(product.id, made._id));
    expect(await history(made._id)).toEqual([]);
  });
});
