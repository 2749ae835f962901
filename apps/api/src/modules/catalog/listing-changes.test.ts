import {
  BRANDS,
  CATEGORIES,
  CHART_GENDERS,
  GENDERS,
  type OrderBy,
  type ProductListQuery,
  type SizeSystem,
} from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { product } from '../../db/schema';
import { seededRandom } from '../../test/seeded-random';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chartBook } from '../sizes';
import * as repository from './catalog.repository';
import { addProducts, listProducts } from './catalog.service';
import { parseLexemes } from './lexemes';
import { createListingEngine, currentListing } from './listing';
import type { ListingPage } from './listing-engine';
import type { NewProduct } from './new-product';
import { sizeFitsOf } from './size-fits';

/**
 * The listing as the shop keeps it (listing.ts: the catalogue version read before every list, the changed
 * rows applied, the whole catalogue read again after a delete) against the catalogue read from scratch:
 * a seeded sequence of writes through the repository and the service (new products, prices, names and
 * descriptions, brands, categories, genders, release dates, ratings, size shifts, stock (sizes selling out
 * and coming back), archived and restored products, several changes in one transaction, products deleted
 * outright), each followed by lists with random filters, sizes, sorts, searches and pages. Every list the kept listing answers must equal, card for card, the
 * list of an engine that has just read every product on sale; lists already asked are asked again. The seed is printed when a list differs
 * (LISTING_CHANGES_SEED replays it).
 */

let testApp: TestApp;
const db = (): Db => testApp.app.db;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

/** The seeded numbers, and `some`: a few of the items (never none). */
function generator(seed: number) {
  const { below, pick, chance } = seededRandom(seed);
  const some = <T>(items: readonly T[]) => {
    const chosen = items.filter(() => chance(0.3));
    return chosen.length > 0 ? chosen : [pick(items)];
  };
  return { below, pick, chance, some };
}
type Random = ReturnType<typeof generator>;

const NAME_WORDS = ['Air', 'Max', 'Jordan', 'Low', 'Retro', 'Samba', 'Court', 'Classic', 'Runner', '90'];
const BODY_WORDS = ['leather', 'suede', 'mesh', 'waffle', 'gum', 'canvas', 'vibram'];
const PRICES = [4_999, 7_500, 9_000, 12_000, 12_001, 25_000];
/** A compare-at price is the price plus one of these (the database wants it above the price). */
const SALE_MARKUPS = [1, 500, 5_000];
const DAYS = ['2019-05-01', '2021-09-09', '2023-03-03', '2024-12-24'];

const nameOf = (r: Random) => Array.from({ length: 1 + r.below(3) }, () => r.pick(NAME_WORDS)).join(' ');
const descriptionOf = (r: Random) =>
  `<p>${Array.from({ length: r.below(4) }, () => r.pick(BODY_WORDS)).join(' ')}</p>`;

let serial = 0;

function newProduct(r: Random): NewProduct {
  serial += 1;
  const priceCents = r.pick(PRICES);
  return {
    slug: `listing-changes-${serial}`,
    name: nameOf(r),
    brand: r.pick(BRANDS),
    priceCents,
    compareAtPriceCents: r.chance(0.3) ? priceCents + r.pick(SALE_MARKUPS) : null,
    description: descriptionOf(r),
    genders: r.some(GENDERS),
    categories: r.some(CATEGORIES),
    color: 'Black',
    collection: '',
    releaseDate: r.pick(DAYS),
    cardPicture: '/uploads/products/x/card.webp',
    detailPicture: '/uploads/products/x/detail.webp',
    originalPicture: '/uploads/products/x/original.webp',
    stock: { '8': r.below(5), '9.5': r.below(5) },
  };
}

/** The ids of every product (archived too), read from the database. */
async function productIds(): Promise<{ id: string; archived: boolean }[]> {
  const rows = await db().select({ id: product.id, deletedAt: product.deletedAt }).from(product);
  return rows
    .map(({ id, deletedAt }) => ({ id, archived: deletedAt !== null }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** One write, through the repository or the service, as staff, reviews or orders make it. */
async function write(r: Random, created: Set<string>): Promise<string> {
  const products = await productIds();
  const any = r.pick(products);
  const what = r.below(11);
  if (what === 0 || !any) {
    const added = await addProducts(db(), [newProduct(r), ...(r.chance(0.3) ? [newProduct(r)] : [])]);
    for (const id of added.values()) created.add(id);
    return `add ${[...added.values()].join(', ')}`;
  }
  if (what === 1 && created.size > 0) {
    const gone = r.pick([...created]);
    created.delete(gone);
    await db().execute(sql`DELETE FROM product WHERE id = ${gone}`);
    return `delete ${gone}`;
  }
  if (what === 2 || what === 5) {
    await repository.setRatings(db(), [{ productId: any.id, rating: r.below(6) }]);
    return `rate ${any.id}`;
  }
  if (what === 3) {
    // A size sells out (0 units) or comes back; 10 is a size the products did not have.
    const size = r.pick([8, 9.5, 10]);
    await repository.setStockUnits(db(), any.id, new Map([[size, r.below(3)]]));
    return `stock ${any.id} ${size}`;
  }
  if (what === 4) {
    if (any.archived) await repository.restoreProduct(db(), any.id);
    else await repository.archiveProduct(db(), any.id);
    return `${any.archived ? 'restore' : 'archive'} ${any.id}`;
  }
  // Changes of fields, one product or a few in one transaction.
  const changed = Array.from({ length: r.chance(0.7) ? 1 : 2 + r.below(2) }, () => r.pick(products));
  await db().transaction(async (tx) => {
    for (const { id } of changed) {
      const current = await repository.lockProduct(tx, id, 'any');
      if (!current) continue;
      const changes = fieldChange(r, current);
      await repository.updateProduct(tx, current, changes);
    }
  });
  return `change ${changed.map(({ id }) => id).join(', ')}`;
}

/** A change of one field, as staff make it in the product's form. */
function fieldChange(r: Random, current: repository.ProductRow): repository.ProductChanges {
  const changes: (() => repository.ProductChanges)[] = [
    () => priceChange(r, current),
    () => ({ name: nameOf(r) }),
    () => ({ description: descriptionOf(r) }),
    () => ({ brand: r.pick(BRANDS) }),
    () => ({ categories: r.some(CATEGORIES), genders: r.some(GENDERS) }),
    () => ({ releaseDate: r.pick(DAYS) }),
    () => ({ compareAtPriceCents: r.chance(0.4) ? null : current.priceCents + r.pick(SALE_MARKUPS) }),
    () => ({ sizeShift: r.pick([-1, 0, 1]) }),
  ];
  return r.pick(changes)();
}

/**
 * A new price; a compare-at price it reaches is cleared or raised above it, as staff must (the database
 * refuses a compare-at price not above the price).
 */
function priceChange(r: Random, current: repository.ProductRow): repository.ProductChanges {
  const priceCents = r.pick(PRICES);
  const compareAt = current.compareAtPriceCents;
  if (compareAt === null || compareAt > priceCents) return { priceCents };
  return { priceCents, compareAtPriceCents: r.chance(0.5) ? null : priceCents + r.pick(SALE_MARKUPS) };
}

/** "In my size" as the service resolves it: a few charts (brand and gender) and their keys that are the size. */
function randomFits(r: Random): repository.SizeFit[] {
  return Array.from({ length: r.below(6) }, () => ({
    brand: r.pick(BRANDS),
    chart: r.pick(CHART_GENDERS),
    keys: r.some(['7.5', '8', '8.5', '9', '9.5', '10', '10.5']),
  }));
}

/** A size a shopper asks for, in a system: some are the products' keys in one chart or another. */
const WANTED_SIZES: { size: string; sizeSystem: SizeSystem }[] = [
  { size: '8', sizeSystem: 'US' },
  { size: '9.5', sizeSystem: 'US' },
  { size: '10', sizeSystem: 'US' },
  { size: '44', sizeSystem: 'EU' },
  { size: '42', sizeSystem: 'EU' },
  { size: '9', sizeSystem: 'UK' },
  { size: '26', sizeSystem: 'CM' },
  { size: '99', sizeSystem: 'EU' },
];

/** A random list of what the catalogue holds: its lexemes for searches. */
function randomPage(r: Random, lexemes: string[]): ListingPage {
  const orderBy = r.pick<OrderBy | undefined>([
    undefined,
    { name: 1 },
    { name: -1 },
    { price: 1 },
    { price: -1 },
  ]);
  const search =
    r.chance(0.4) && lexemes.length > 0
      ? {
          groups: Array.from({ length: 1 + r.below(2) }, () =>
            Array.from({ length: r.chance(0.8) ? 1 : 2 }, () => [r.pick(lexemes)]),
          ),
          phrase: r.chance(0.5) ? r.pick(lexemes) : '',
        }
      : undefined;
  return {
    filter: {
      brand: r.chance(0.3) ? r.pick(BRANDS) : undefined,
      gender: r.chance(0.2) ? r.pick(GENDERS) : undefined,
      category: r.chance(0.2) ? r.pick(CATEGORIES) : undefined,
      rating: r.chance(0.3) ? r.below(6) : undefined,
      priceMinCents: r.chance(0.2) ? r.pick(PRICES) : undefined,
      priceMaxCents: r.chance(0.2) ? r.pick(PRICES) : undefined,
      onSale: r.chance(0.25) ? true : undefined,
      search,
      sizes: r.chance(0.25) ? randomFits(r) : undefined,
    },
    orderBy,
    limit: r.pick([1, 5, 12, 50]),
    offset: r.chance(0.6) ? 0 : r.below(40),
  };
}

const SEED = Number(process.env.LISTING_CHANGES_SEED ?? 20_261_128);

describe('the kept listing against the catalogue read from scratch', () => {
  it('answers every list between random writes as a listing that has just read every product', async () => {
    const r = generator(SEED);
    const created = new Set(
      (
        await addProducts(
          db(),
          Array.from({ length: 40 }, () => newProduct(r)),
        )
      ).values(),
    );
    const writes: string[] = [];
    const asked: ListingPage[] = [];
    for (let step = 0; step < 120; step += 1) {
      for (let i = 1 + (r.chance(0.3) ? r.below(3) : 0); i > 0; i -= 1) writes.push(await write(r, created));
      const rows = await repository.findListingRows(db(), undefined, 1_000_000);
      const fresh = createListingEngine();
      fresh.apply(rows);
      const lexemes = [
        ...new Set(rows.flatMap((row) => parseLexemes(row.lexemes).map((entry) => entry.lexeme))),
      ];
      // Two new lists, and every list asked before again: what the engine kept for them must have
      // followed the writes.
      for (let i = 0; i < 2; i += 1) {
        const page = randomPage(r, lexemes.sort());
        if (asked.length < 10) asked.push(page);
        else asked[r.below(asked.length)] = page;
      }
      const context = (what: unknown) =>
        `seed ${SEED} (LISTING_CHANGES_SEED), step ${step}, ${JSON.stringify(what)}; last writes:\n  ${writes.slice(-6).join('\n  ')}`;
      const listing = await currentListing(db());
      for (const page of asked) expect(listing.page(page), context(page)).toEqual(fresh.page(page));
      // The shoppers' list through the service (no search: its words would be corrected first).
      const { orderBy, limit, filter } = randomPage(r, []);
      const cents = (value: number | undefined) => (value === undefined ? undefined : value / 100);
      const wanted = r.chance(0.4) ? r.pick(WANTED_SIZES) : { sizeSystem: 'US' as const };
      const query = {
        ...wanted,
        page: 1,
        limit,
        orderBy,
        brand: filter.brand,
        gender: filter.gender,
        category: filter.category,
        rating: filter.rating,
        priceMin: cents(filter.priceMinCents),
        priceMax: cents(filter.priceMaxCents),
        onSale: filter.onSale,
      } as ProductListQuery;
      const listed = await listProducts(db(), query, chartBook);
      const sizes = await sizeFitsOf(db(), chartBook, query);
      const expected = fresh.page({ filter: { ...filter, sizes }, orderBy, limit, offset: 0 });
      expect({ cards: listed.products, total: listed.total }, context(query)).toEqual(expected);
    }
  }, 120_000);
});

describe('a product put on sale, and taken off it', () => {
  const onSaleIds = async (brand: string) =>
    (
      await listProducts(db(), { page: 1, limit: 100, brand, onSale: true } as ProductListQuery, chartBook)
    ).products.map((card) => card._id);

  it('joins the onSale list after its change, shows its compare-at price, and leaves when it is cleared', async () => {
    const brand = 'vans';
    const added = await addProducts(db(), [
      {
        ...newProduct(generator(7)),
        slug: 'sale-on-off',
        brand,
        priceCents: 9_000,
        compareAtPriceCents: null,
      },
    ]);
    const id = added.get('sale-on-off') ?? '';
    expect(await onSaleIds(brand)).not.toContain(id);

    const change = async (changes: repository.ProductChanges) =>
      db().transaction(async (tx) => {
        const current = await repository.lockProduct(tx, id, 'any');
        if (current) await repository.updateProduct(tx, current, changes);
      });
    await change({ compareAtPriceCents: 12_000 });
    expect(await onSaleIds(brand)).toContain(id);
    const { products } = await listProducts(
      db(),
      { page: 1, limit: 100, brand, onSale: true } as ProductListQuery,
      chartBook,
    );
    expect(products.find((card) => card._id === id)).toMatchObject({ price: 90, compareAtPrice: 120 });

    await change({ priceCents: 8_000 });
    expect(await onSaleIds(brand)).toContain(id);
    await change({ compareAtPriceCents: null });
    expect(await onSaleIds(brand)).not.toContain(id);
    const card = (
      await listProducts(db(), { page: 1, limit: 100, brand } as ProductListQuery, chartBook)
    ).products.find((item) => item._id === id);
    expect(card).toMatchObject({ price: 80, compareAtPrice: null });
  });
});
