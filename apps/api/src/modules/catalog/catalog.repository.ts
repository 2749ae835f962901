import type { OrderBy } from '@shop/contracts';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { product, productStock } from '../../db/schema';
import { htmlToText } from '../../lib/html';

export interface ProductFilter {
  category?: string;
  gender?: string;
  brand?: string;
  rating?: number;
  priceMinCents?: number;
  priceMaxCents?: number;
  search?: string;
}

export interface ProductPage {
  filter: ProductFilter;
  orderBy?: OrderBy;
  limit: number;
  offset: number;
}

const stockMap = sql<Record<string, number> | null>`(
  SELECT json_object_agg(${productStock.size}::text, ${productStock.units} ORDER BY ${productStock.size})
  FROM ${productStock} WHERE ${productStock.productId} = ${product.id}
)`;

const productColumns = {
  id: product.id,
  name: product.name,
  brand: product.brand,
  priceCents: product.priceCents,
  rating: product.rating,
  description: product.description,
  genders: product.genders,
  categories: product.categories,
  color: product.color,
  collection: product.collection,
  releaseDate: product.releaseDate,
  cardPicture: product.cardPicture,
  detailPicture: product.detailPicture,
  originalPicture: product.originalPicture,
  stock: stockMap,
};

export interface ProductRow {
  id: string;
  name: string;
  brand: string;
  priceCents: number;
  rating: number;
  description: string;
  genders: string[];
  categories: string[];
  color: string;
  collection: string;
  releaseDate: string;
  cardPicture: string;
  detailPicture: string;
  originalPicture: string;
  stock: Record<string, number> | null;
}

function whereClause(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(product.deletedAt)];
  if (filter.category) conditions.push(sql`${filter.category} = ANY(${product.categories})`);
  if (filter.gender) conditions.push(sql`${filter.gender} = ANY(${product.genders})`);
  if (filter.brand) conditions.push(eq(product.brand, filter.brand));
  if (filter.rating !== undefined) conditions.push(eq(product.rating, filter.rating));
  if (filter.priceMinCents !== undefined) conditions.push(gte(product.priceCents, filter.priceMinCents));
  if (filter.priceMaxCents !== undefined) conditions.push(lte(product.priceCents, filter.priceMaxCents));
  if (filter.search) {
    // Full-text match on every field (stemmed), or a typo-tolerant trigram match on the short fields.
    conditions.push(
      sql`(${product.searchVector} @@ websearch_to_tsquery('english', ${filter.search}) OR ${filter.search} <% ${product.searchTerms})`,
    );
  }
  return and(...conditions);
}

function orderClause(orderBy: OrderBy | undefined, search: string | undefined): SQL[] {
  const order: SQL[] = [];
  if (orderBy?.name) order.push(orderBy.name === 1 ? asc(product.name) : desc(product.name));
  if (orderBy?.price) order.push(orderBy.price === 1 ? asc(product.priceCents) : desc(product.priceCents));
  if (search) {
    order.push(
      sql`ts_rank(${product.searchVector}, websearch_to_tsquery('english', ${search})) + word_similarity(${search}, ${product.searchTerms}) DESC`,
    );
  }
  if (order.length === 0) order.push(desc(product.releaseDate));
  order.push(asc(product.id));
  return order;
}

export async function findProductPage(
  db: DbOrTx,
  page: ProductPage,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = whereClause(page.filter);
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(product)
    .where(where)
    .orderBy(...orderClause(page.orderBy, page.filter.search))
    .limit(page.limit)
    .offset(page.offset);
  const first = rows[0];
  if (first) return { rows, total: first.total };
  if (page.offset === 0) return { rows: [], total: 0 };
  // Past the last page: count separately so the client still learns how many pages there are.
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(product)
    .where(where);
  return { rows: [], total: counted?.total ?? 0 };
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(product)
    .where(and(eq(product.id, id), isNull(product.deletedAt)));
  return row;
}

export async function findFeaturedProducts(db: DbOrTx): Promise<(ProductRow & { featuredSlot: number })[]> {
  const rows = await db
    .select({ ...productColumns, featuredSlot: product.featuredSlot })
    .from(product)
    .where(and(isNotNull(product.featuredSlot), isNull(product.deletedAt)))
    .orderBy(asc(product.featuredSlot));
  return rows.map((row) => ({ ...row, featuredSlot: row.featuredSlot ?? 0 }));
}

export interface NewProduct {
  slug: string;
  name: string;
  brand: string;
  priceCents: number;
  rating: number;
  /** Already sanitised HTML. */
  description: string;
  genders: string[];
  categories: string[];
  color: string;
  collection: string;
  releaseDate: string;
  cardPicture: string;
  detailPicture: string;
  originalPicture: string;
  featuredSlot?: number | null;
  /** Units per size, keyed by size ("6", "6.5"). */
  stock: Record<string, number>;
}

function searchColumns(item: NewProduct) {
  return {
    searchTerms: [item.name, item.brand, item.color, ...item.categories, ...item.genders, item.collection]
      .join(' ')
      .toLowerCase(),
    searchBody: htmlToText(item.description),
  };
}

const INSERT_BATCH = 500;

/** Inserts products with their stock; a product whose slug exists is left as it is. Returns the new ids. */
export async function insertProducts(db: DbOrTx, items: NewProduct[]): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    const batch = items.slice(start, start + INSERT_BATCH);
    const inserted = await db
      .insert(product)
      .values(
        batch.map(({ stock: _stock, ...item }) => ({ ...item, ...searchColumns({ ...item, stock: {} }) })),
      )
      .onConflictDoNothing({ target: product.slug })
      .returning({ id: product.id, slug: product.slug });
    for (const row of inserted) created.set(row.slug, row.id);
    const stockRows = batch.flatMap((item) => {
      const productId = created.get(item.slug);
      if (!productId) return [];
      return Object.entries(item.stock).map(([size, units]) => ({ productId, size: Number(size), units }));
    });
    if (stockRows.length > 0) await db.insert(productStock).values(stockRows);
  }
  return created;
}
