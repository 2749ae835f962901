import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AdminProductList,
  type AdminProductListQuery,
  COMPARE_AT_ABOVE_PRICE,
  fromCents,
  type Product,
  type ProductCreate,
  type ProductModify,
  toCents,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import { type CsvValue, csvStream } from '../../lib/csv';
import { sanitizeDescription } from '../../lib/html';
import type { Storage } from '../../lib/storage';
import { requireStoredProductPictures } from '../uploads';
import * as repository from './catalog.repository';
import { addProducts, pageFilter } from './catalog.service';
import { lowestPriceCents } from './prior-price';
import { toProductWire } from './product-wire';
import { forgetVocabulary } from './search-words';
import type { SizeCharts } from './size-fits';

/** What staff changes to the catalogue need. */
export interface ProductAdminDeps {
  db: Db;
  storage: Storage;
  events: DomainEvents;
  /** The size charts held in memory: the staff's list filters by a size as the shoppers' does. */
  sizeCharts: SizeCharts;
}

const pictureFields = (input: ProductModify) => ({
  card_picture: input.card_picture,
  detail_picture: input.detail_picture,
  original_picture: input.original_picture,
});

function stockBySize(stock: Record<string, number>): Map<number, number> {
  return new Map(Object.entries(stock).map(([size, units]) => [Number(size), units]));
}

function slugOf(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'product'}-${randomUUID().slice(0, 8)}`;
}

async function productById(db: DbOrTx, id: string): Promise<Product> {
  const row = await repository.findAnyProductById(db, id);
  if (!row) throw AppError.notFound('Product');
  return toProductWire(row);
}

/**
 * Every product, archived ones too and marked, for the admin's list (never cached): the newest added first
 * unless the query sorts otherwise (or searches, which sorts by relevance). A size keeps the products with
 * a fitting key in stock, as in the shoppers' list.
 */
export async function listAllProducts(
  deps: Pick<ProductAdminDeps, 'db' | 'sizeCharts'>,
  query: AdminProductListQuery,
): Promise<AdminProductList> {
  const { db } = deps;
  const { page, limit } = query;
  const now = Date.now();
  const { rows, total, exact } = await repository.findProductPage(db, {
    filter: { ...(await pageFilter(db, query, deps.sizeCharts)), includeArchived: true },
    orderBy: query.orderBy,
    limit,
    offset: (page - 1) * limit,
  });
  return {
    products: rows.map((row) => ({
      ...toProductWire(row),
      archived: row.archived,
      lowestPrice30d: fromCents(lowestPriceCents(row.priceHistory, now) ?? row.priceCents),
    })),
    total,
    totalExact: exact,
    page,
    pages: Math.ceil(total / limit),
  };
}

/** Products the export reads per query. */
const EXPORT_BATCH = 500;

/** The columns of the products export: one row per product, archived ones included. */
export const PRODUCT_EXPORT_HEADER = [
  'product_id',
  'name',
  'brand',
  'price',
  'compare_at_price',
  'categories',
  'genders',
  'color',
  'collection',
  'release_date',
  'rating',
  'archived',
  'stock',
] as const;

function exportRowOf(row: repository.ExportedProduct): CsvValue[] {
  return [
    row.id,
    row.name,
    row.brand,
    fromCents(row.priceCents).toFixed(2),
    row.compareAtPriceCents === null ? '' : fromCents(row.compareAtPriceCents).toFixed(2),
    row.categories.join(' '),
    row.genders.join(' '),
    row.color,
    row.collection,
    row.releaseDate,
    row.rating,
    row.archived,
    row.stock,
  ];
}

async function* exportBatches(db: DbOrTx): AsyncGenerator<CsvValue[][]> {
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const batch = await repository.findProductsAfter(db, after, EXPORT_BATCH);
    yield batch.map(exportRowOf);
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    after = { name: last.name, id: last.id };
  }
}

/**
 * The admin's CSV of the whole catalogue, archived products included (and marked), by name; each row's
 * stock lists the sizes with their units on sale ("9:3 9.5:0"). Streamed batch by batch.
 */
export function exportProducts(db: DbOrTx): Promise<Readable> {
  return csvStream(PRODUCT_EXPORT_HEADER, exportBatches(db));
}

/** Only the fields a change names (and, of the stock, only the sizes it names), for the audit trail. */
function changedFields(product: Product, input: ProductModify): Record<string, unknown> {
  // The name always, so the Activity view can say which product changed.
  const fields: Record<string, unknown> = { name: product.name };
  for (const key of Object.keys(input) as (keyof ProductModify)[]) {
    if (input[key] === undefined) continue;
    fields[key] =
      key === 'stock'
        ? Object.fromEntries(Object.keys(input.stock ?? {}).map((size) => [size, product.stock[size] ?? 0]))
        : product[key];
  }
  return fields;
}

/** A compare-at price in cents: null (or undefined) is no sale. */
const compareAtCents = (price: number | null | undefined) =>
  price === null || price === undefined ? null : toCents(price);

/**
 * The compare-at price must be above the price the product will have (the database refuses it otherwise,
 * which would be a 500): a 400 naming the field instead.
 */
function requireCompareAtAbovePrice(priceCents: number, compareAtPriceCents: number | null): void {
  if (compareAtPriceCents !== null && compareAtPriceCents <= priceCents) {
    throw new AppError('VALIDATION_ERROR', COMPARE_AT_ABOVE_PRICE, {
      compareAtPrice: COMPARE_AT_ABOVE_PRICE,
    });
  }
}

export async function createProduct(
  deps: ProductAdminDeps,
  input: ProductCreate,
  actorId: string,
): Promise<Product> {
  requireCompareAtAbovePrice(toCents(input.price), compareAtCents(input.compareAtPrice));
  await requireStoredProductPictures(deps.storage, pictureFields(input));
  const slug = slugOf(input.name);
  const id = await deps.events.transaction(deps.db, async (tx, publish) => {
    const created = await addProducts(tx, [
      {
        slug,
        name: input.name,
        brand: input.brand,
        priceCents: toCents(input.price),
        compareAtPriceCents: compareAtCents(input.compareAtPrice),
        description: input.description,
        genders: input.gender,
        categories: input.category,
        color: input.color,
        collection: input.collection ?? '',
        releaseDate: input.release_date,
        cardPicture: input.card_picture,
        detailPicture: input.detail_picture,
        originalPicture: input.original_picture,
        taxCategory: input.taxCategory ?? 'standard',
        sizeShift: input.sizeShift ?? 0,
        gtin: input.gtin ?? null,
        stock: input.stock,
      },
    ]);
    const createdId = created.get(slug);
    if (!createdId) throw new AppError('CONFLICT', 'The product could not be created, please try again');
    const { _id, ...after } = await productById(tx, createdId);
    await publish({ type: 'product.created', productId: createdId, actorId, before: null, after });
    return createdId;
  });
  return productById(deps.db, id);
}

/**
 * Changes the fields sent, of a product on sale or archived. `stock` sets the sellable units of the sizes
 * it names (units held by pending orders stay reserved apart); shoppers waiting for a size that was sold
 * out hear of it once the change has committed, if the product is on sale.
 */
export async function modifyProduct(
  deps: ProductAdminDeps,
  id: string,
  input: ProductModify,
  actorId: string,
): Promise<Product> {
  await requireStoredProductPictures(deps.storage, pictureFields(input));
  const changes: repository.ProductChanges = {
    name: input.name,
    brand: input.brand,
    priceCents: input.price === undefined ? undefined : toCents(input.price),
    compareAtPriceCents:
      input.compareAtPrice === undefined ? undefined : compareAtCents(input.compareAtPrice),
    description: input.description === undefined ? undefined : sanitizeDescription(input.description),
    genders: input.gender,
    categories: input.category,
    color: input.color,
    collection: input.collection,
    releaseDate: input.release_date,
    cardPicture: input.card_picture,
    detailPicture: input.detail_picture,
    originalPicture: input.original_picture,
    taxCategory: input.taxCategory,
    sizeShift: input.sizeShift,
    gtin: input.gtin,
  };
  // null is a change too: it takes the product off sale.
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as repository.ProductChanges;
  const wanted = stockBySize(input.stock ?? {});
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const current = await repository.lockProduct(tx, id, 'any');
    if (!current) throw AppError.notFound('Product');
    const onSale = current.archived === false;
    const previous = toProductWire(current);
    const priceCents = defined.priceCents ?? current.priceCents;
    requireCompareAtAbovePrice(
      priceCents,
      defined.compareAtPriceCents === undefined ? current.compareAtPriceCents : defined.compareAtPriceCents,
    );
    if (Object.keys(defined).length > 0) {
      await repository.updateProduct(tx, current, defined);
      forgetVocabulary();
    }
    const before = await repository.setStockUnits(tx, id, wanted);
    await publish({
      type: 'product.updated',
      productId: id,
      actorId,
      before: changedFields(previous, input),
      after: changedFields(await productById(tx, id), input),
    });
    if (!onSale) return;
    if (priceCents < current.priceCents) {
      await publish({
        type: 'price.dropped',
        productId: id,
        dropId: randomUUID(),
        fromCents: current.priceCents,
        toCents: priceCents,
      });
    }
    const restocked = [...wanted].filter(([size, units]) => units > 0 && before.get(size) === 0);
    if (restocked.length > 0) {
      await publish({ type: 'units.returned', lines: restocked.map(([size]) => ({ productId: id, size })) });
    }
  });
  return productById(deps.db, id);
}

/** Archives a product: it leaves the catalogue, orders and the admin's list keep it. */
export async function archiveProduct(deps: ProductAdminDeps, id: string, actorId: string): Promise<void> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const current = await repository.lockProduct(tx, id, 'live');
    if (!current || !(await repository.archiveProduct(tx, id))) throw AppError.notFound('Product');
    await publish({
      type: 'product.archived',
      productId: id,
      actorId,
      before: { name: current.name, archived: false },
      after: { name: current.name, archived: true },
    });
  });
}

/**
 * Puts an archived product back on sale, as it was (stock included); a product on sale is a 409.
 * Shoppers waiting for a size it has in stock hear of it, as after a restock.
 */
export async function restoreProduct(deps: ProductAdminDeps, id: string, actorId: string): Promise<Product> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const current = await repository.lockProduct(tx, id, 'any');
    if (!current) throw AppError.notFound('Product');
    if (!(await repository.restoreProduct(tx, id))) {
      throw new AppError('CONFLICT', 'This product is already on sale');
    }
    await publish({
      type: 'product.restored',
      productId: id,
      actorId,
      before: { name: current.name, archived: true },
      after: { name: current.name, archived: false },
    });
  });
  const restored = await productById(deps.db, id);
  const inStock = Object.entries(restored.stock).filter(([, units]) => units > 0);
  if (inStock.length > 0) {
    await deps.events.published(deps.db, {
      type: 'units.returned',
      lines: inStock.map(([size]) => ({ productId: id, size: Number(size) })),
    });
  }
  return restored;
}
