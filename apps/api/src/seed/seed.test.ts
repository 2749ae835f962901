import path from 'node:path';
import { BRANDS, CATEGORIES, COLORS, DESCRIPTION_MAX, DESCRIPTION_MIN, GENDERS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { localStorage, type Storage } from '../lib/storage';
import { ratingOf } from '../modules/reviews/reviews.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildCatalogue, type SeedProduct, type Silhouette } from './catalogue';
import { PICTURE_VARIANTS, pictureKey, writeProductPictures } from './images';
import { type SeedSummary, seedDatabase } from './seed';
import { lookFor, sneakerSvg } from './sneaker-art';

let testApp: TestApp;
let db: Db;
let first: SeedSummary;
let second: SeedSummary;
const catalogue = buildCatalogue();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function counts() {
  const [row] = await rows<{ products: number; stock: number }>(
    sql`SELECT (SELECT count(*)::int FROM product) AS products, (SELECT count(*)::int FROM product_stock) AS stock`,
  );
  return row;
}

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.app.db;
  first = await seedDatabase(db, testApp.app.config, { pictures: false });
  second = await seedDatabase(db, testApp.app.config, { pictures: false });
});

afterAll(async () => {
  await testApp?.close();
});

describe('seedDatabase', () => {
  it('inserts the catalogue once: a second run adds nothing', async () => {
    expect(first.products).toBe(catalogue.length);
    expect(first.created).toBe(catalogue.length);
    expect(first.pictures).toBe(0);
    const before = await counts();
    expect(before?.products).toBe(catalogue.length);
    const third = await seedDatabase(db, testApp.app.config, { pictures: false });
    expect(second.created).toBe(0);
    expect(third.created).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('makes a believable catalogue: well over 100 sneakers, at least 8 of every brand', async () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(120);
    const perBrand = await rows<{ brand: string; n: number }>(
      sql`SELECT brand, count(*)::int AS n FROM product GROUP BY brand`,
    );
    for (const brand of BRANDS) {
      expect(perBrand.find((row) => row.brand === brand)?.n ?? 0, brand).toBeGreaterThanOrEqual(8);
    }
  });

  it('covers every category, gender and colour of the contracts, and nothing else', async () => {
    const [row] = await rows<{ categories: string[]; genders: string[]; colors: string[] }>(sql`
      SELECT
        (SELECT array_agg(DISTINCT c ORDER BY c) FROM product, unnest(categories) AS c) AS categories,
        (SELECT array_agg(DISTINCT g ORDER BY g) FROM product, unnest(genders) AS g) AS genders,
        (SELECT array_agg(DISTINCT color ORDER BY color) FROM product) AS colors`);
    expect(row?.categories).toEqual([...CATEGORIES].sort());
    expect(row?.genders).toEqual([...GENDERS].sort());
    expect(row?.colors).toEqual([...COLORS].sort());
  });

  it('sells out some sizes, and keeps units and ratings in range', async () => {
    const [stock] = await rows<{ sold_out: number; negative: number; products_without_stock: number }>(sql`
      SELECT
        count(*) FILTER (WHERE units = 0)::int AS sold_out,
        count(*) FILTER (WHERE units < 0)::int AS negative,
        (SELECT count(*)::int FROM product p WHERE NOT EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = p.id)) AS products_without_stock
      FROM product_stock`);
    expect(stock?.sold_out).toBeGreaterThan(0);
    expect(stock?.negative).toBe(0);
    expect(stock?.products_without_stock).toBe(0);
    const ratings = await rows<{ rating: number; n: number }>(
      sql`SELECT rating, count(*)::int AS n FROM product GROUP BY rating ORDER BY rating`,
    );
    for (const { rating } of ratings) expect(rating).toBeGreaterThanOrEqual(0);
    for (const { rating } of ratings) expect(rating).toBeLessThanOrEqual(5);
    expect(ratings.find((row) => row.rating === 0)?.n ?? 0).toBeGreaterThan(0);
  });

  it("writes the customers' reviews once, and each product's rating is what its reviews give", async () => {
    expect(first.reviews).toBeGreaterThan(catalogue.length);
    expect(second.reviews).toBe(0);
    const products = await rows<{ slug: string; rating: number; reviews: number; sum: number }>(sql`
      SELECT p.slug, p.rating, count(r.id)::int AS reviews, coalesce(sum(r.rating), 0)::int AS sum
      FROM product p LEFT JOIN review r ON r.product_id = p.id GROUP BY p.id`);
    const target = new Map(catalogue.map((item) => [item.slug, item.rating]));
    for (const row of products) {
      // As varied as the catalogue's own ratings: exactly those, from one to five reviews each.
      expect(row.rating, row.slug).toBe(target.get(row.slug));
      expect(row.rating, row.slug).toBe(ratingOf(row));
      expect(row.reviews, row.slug).toBeLessThanOrEqual(5);
    }
    const [authors] = await rows<{ authors: number; passwords: number }>(sql`
      SELECT count(DISTINCT r.user_id)::int AS authors,
        (SELECT count(*)::int FROM account a WHERE a.user_id IN (SELECT user_id FROM review)) AS passwords
      FROM review r`);
    // A handful of customers nobody can sign in as.
    expect(authors).toEqual({ authors: 5, passwords: 0 });
  });

  it('leaves a review an admin deleted deleted, and rates a database seeded before reviews existed', async () => {
    await db.execute(sql`DELETE FROM review WHERE id = (SELECT id FROM review ORDER BY id LIMIT 1)`);
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM review`);
    expect((await seedDatabase(db, testApp.app.config, { pictures: false })).reviews).toBe(0);
    expect(await rows(sql`SELECT count(*)::int AS n FROM review`)).toEqual(before);

    // As a database seeded before reviews existed: no customers, no reviews, ratings set by hand.
    await db.execute(sql`DELETE FROM review`);
    await db.execute(sql`DELETE FROM "user" WHERE email LIKE '%@customers.sneakershop.test'`);
    await db.execute(sql`UPDATE product SET rating = 0`);
    expect((await seedDatabase(db, testApp.app.config, { pictures: false })).reviews).toBe(first.reviews);
    const wrong = await rows<{ slug: string; rating: number }>(sql`SELECT slug, rating FROM product`);
    const target = new Map(catalogue.map((item) => [item.slug, item.rating]));
    expect(wrong.filter((row) => row.rating !== target.get(row.slug))).toEqual([]);
  });

  it('writes descriptions of 30 to 1020 characters', async () => {
    const [row] = await rows<{ shortest: number; longest: number }>(
      sql`SELECT min(char_length(description))::int AS shortest, max(char_length(description))::int AS longest FROM product`,
    );
    expect(row?.shortest).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
    expect(row?.longest).toBeLessThanOrEqual(DESCRIPTION_MAX);
  });

  it('features the Air Jordan 1 Mid XQ in slot 1 and the 53 and 63 banner shoes in slots 2 and 3', async () => {
    const featured = await rows<{ featured_slot: number; name: string; price_cents: number }>(
      sql`SELECT featured_slot, name, price_cents FROM product WHERE featured_slot IS NOT NULL ORDER BY featured_slot`,
    );
    expect(featured.map((row) => row.featured_slot)).toEqual([1, 2, 3]);
    expect(featured[0]?.name).toBe('Air Jordan 1 Mid XQ');
    expect(featured[1]?.price_cents).toBe(5300);
    expect(featured[2]?.price_cents).toBe(6300);
  });

  it('points every product at its three pictures under /uploads/products/<slug>/', async () => {
    const products = await rows<{ slug: string; card: string; detail: string; original: string }>(
      sql`SELECT slug, card_picture AS card, detail_picture AS detail, original_picture AS original FROM product`,
    );
    for (const row of products) {
      for (const variant of PICTURE_VARIANTS) {
        const url = row[variant.name];
        expect(url).toBe(`/uploads/products/${row.slug}/${variant.name}.webp`);
        expect(url).toBe(`/uploads/${pictureKey(row.slug, variant.name)}`);
      }
    }
  });
});

describe('product pictures', () => {
  /** One product of every silhouette, and a white and a black one (the hardest to draw legibly). */
  const silhouettes: Silhouette[] = ['high-top', 'low-top', 'runner', 'slip-on'];
  const sample: SeedProduct[] = silhouettes.map(
    (silhouette) => catalogue.find((item) => item.silhouette === silhouette) as SeedProduct,
  );
  for (const color of ['White', 'Black']) {
    const item = catalogue.find((candidate) => candidate.color === color && !sample.includes(candidate));
    if (item) sample.push(item);
  }

  async function expectPictures(storage: Storage, item: SeedProduct) {
    for (const variant of PICTURE_VARIANTS) {
      const key = pictureKey(item.slug, variant.name);
      const stored = await storage.get(key);
      expect(stored?.contentType, key).toBe('image/webp');
      const metadata = await sharp(stored?.data).metadata();
      expect(metadata.format, key).toBe('webp');
      expect([metadata.width, metadata.height], key).toEqual([variant.width, variant.height]);
    }
  }

  it('draws every silhouette as three WebP variants of the right size, and skips them next time', async () => {
    const storage = localStorage(path.join(testApp.app.config.dataDir, 'pictures-direct'));
    for (const item of sample) expect(await writeProductPictures(storage, item)).toBe(3);
    for (const item of sample) await expectPictures(storage, item);

    const card = pictureKey(sample[0]?.slug ?? '', 'card');
    const first = await storage.get(card);
    expect(first?.data.length).toBeGreaterThan(3_000);
    expect(first?.data.length).toBeLessThan(30_000);

    for (const item of sample) expect(await writeProductPictures(storage, item)).toBe(0);
    expect((await storage.get(card))?.storedAt).toEqual(first?.storedAt);
  });

  it('seeds the missing pictures only, into the storage the app uses', async () => {
    // Every picture but two products' already "exists": the seed must draw exactly those six files.
    const storage = testApp.app.storage;
    const [missingA, missingB] = [sample[1], sample[2]] as [SeedProduct, SeedProduct];
    for (const item of catalogue) {
      if (item.slug === missingA.slug || item.slug === missingB.slug) continue;
      for (const variant of PICTURE_VARIANTS) {
        await storage.put(pictureKey(item.slug, variant.name), Buffer.from('placeholder'), 'image/webp');
      }
    }
    const summary = await seedDatabase(db, testApp.app.config, { storage });
    expect(summary.created).toBe(0);
    expect(summary.pictures).toBe(6);
    await expectPictures(storage, missingA);
    await expectPictures(storage, missingB);
    expect((await seedDatabase(db, testApp.app.config, { storage })).pictures).toBe(0);
    // Without a storage given, the seed uses the one the configuration calls for: the app's.
    expect((await seedDatabase(db, testApp.app.config)).pictures).toBe(0);
  });

  it('draws each product its own way, deterministically, without real brand marks', () => {
    const looks = catalogue.map((item) => lookFor(item.slug, item.silhouette, item.color));
    const distinct = new Set(looks.map((look) => JSON.stringify(look)));
    expect(distinct.size).toBe(catalogue.length);
    const item = catalogue[0] as SeedProduct;
    expect(sneakerSvg(item, 480, 360)).toBe(sneakerSvg(item, 480, 360));
    expect(new Set(looks.map((look) => look.stripe)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(looks.map((look) => look.accent)).size).toBeGreaterThanOrEqual(6);
  });

  it('refuses a slug that would leave the uploads folder', () => {
    expect(() => pictureKey('../etc', 'card')).toThrow();
    expect(() => pictureKey('a/b', 'card')).toThrow();
  });
});
