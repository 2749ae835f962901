import type { ProductList } from '@shop/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersion, product } from '../../db/schema';
import { seedDatabase } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The shoppers' list answers from the in-memory listing, which reads what changed before every list: a
 * change written by anybody (another instance, or SQL by hand) is in the very next list.
 */

let testApp: TestApp;
const db = () => testApp.app.db;

beforeAll(async () => {
  testApp = await createTestApp();
  await seedDatabase(db(), testApp.app.config, { pictures: false });
});

afterAll(async () => {
  await testApp?.close();
});

async function list(query: string): Promise<ProductList> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/products${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductList>();
}

const byPrice = `orderBy=${encodeURIComponent('{"price":1}')}`;

describe('the listing follows every change to the catalogue', () => {
  it('a new price moves the product in the price order at once', async () => {
    const [cheapest] = (await list(`?${byPrice}`)).products;
    const [priciest] = (await list(`?orderBy=${encodeURIComponent('{"price":-1}')}`)).products;
    await db()
      .update(product)
      .set({ priceCents: 1 })
      .where(eq(product.id, priciest?._id ?? ''));
    const after = (await list(`?${byPrice}`)).products;
    expect(after[0]).toMatchObject({ _id: priciest?._id, price: 0.01 });
    expect(after[1]?._id).toBe(cheapest?._id);
  });

  it('a renamed product is found by its new name', async () => {
    const [shoe] = (await list('?brand=gucci')).products;
    await db()
      .update(product)
      .set({ name: 'Quetzal Loafer', searchTerms: 'quetzal loafer gucci' })
      .where(eq(product.id, shoe?._id ?? ''));
    expect((await list('?search=quetzal')).products).toEqual([
      expect.objectContaining({ _id: shoe?._id, name: 'Quetzal Loafer' }),
    ]);
  });

  it('an archived product leaves the list, a restored one comes back', async () => {
    const before = await list('?brand=vans');
    const [shoe] = before.products;
    await db()
      .update(product)
      .set({ deletedAt: new Date() })
      .where(eq(product.id, shoe?._id ?? ''));
    const archived = await list('?brand=vans');
    expect(archived.total).toBe(before.total - 1);
    expect(archived.products.map((p) => p._id)).not.toContain(shoe?._id);
    await db()
      .update(product)
      .set({ deletedAt: null })
      .where(eq(product.id, shoe?._id ?? ''));
    expect((await list('?brand=vans')).total).toBe(before.total);
  });

  it('a product deleted outright is gone too (the whole catalogue is read again)', async () => {
    const generation = async () => (await db().select().from(catalogVersion))[0]?.generation ?? 0;
    const before = await list('');
    const was = await generation();
    await db().execute(sql`DELETE FROM product WHERE id = ${before.products[0]?._id ?? ''}`);
    expect(await generation()).toBe(was + 1);
    expect((await list('')).total).toBe(before.total - 1);
  });

  it('answers lists asked at once while a change is written, and the next list sees it', async () => {
    const [shoe] = (await list('?brand=converse')).products;
    const lists = Array.from({ length: 20 }, () => list('?brand=converse'));
    await db()
      .update(product)
      .set({ rating: 5 })
      .where(eq(product.id, shoe?._id ?? ''));
    const answers = await Promise.all(lists);
    expect(answers.every((answer) => answer.products[0]?._id === shoe?._id)).toBe(true);
    expect((await list('?brand=converse&rating=5')).products.map((p) => p._id)).toContain(shoe?._id);
  });
});

describe('the catalogue version', () => {
  it('rises once per transaction that changes products, stamping each changed product', async () => {
    const version = async () => (await db().select().from(catalogVersion))[0]?.version ?? 0;
    const was = await version();
    const ids = (await list('?limit=3')).products.map((p) => p._id);
    await db().transaction(async (tx) => {
      for (const id of ids) await tx.update(product).set({ rating: 4 }).where(eq(product.id, id));
    });
    expect(await version()).toBe(was + 1);
    const stamps = await db()
      .select({ version: product.listingVersion })
      .from(product)
      .where(sql`${product.id} IN ${ids}`);
    expect(stamps.map((row) => row.version)).toEqual([was + 1, was + 1, was + 1]);
  });
});
