import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { product, productPriceHistory, productStock } from '../../db/schema/catalog';

/**
 * A product as the shop's discovery reads it (the sitemap and the product feed): what a search engine or a
 * shopping feed shows of it, when it last changed, and its units per size (sizes at 0 included).
 */
export interface DiscoveryRow {
  id: string;
  name: string;
  brand: (typeof product.$inferSelect)['brand'];
  /** As stored: sanitised HTML. */
  description: string;
  genders: (typeof product.$inferSelect)['genders'];
  categories: (typeof product.$inferSelect)['categories'];
  color: (typeof product.$inferSelect)['color'];
  priceCents: number;
  compareAtPriceCents: number | null;
  cardPicture: string;
  detailPicture: string;
  originalPicture: string;
  gtin: string | null;
  /** The product's last change (its row's `updated_at`). */
  updatedAt: Date;
  /** When its current price took effect (the price history's last entry), or null. */
  priceSince: Date | null;
  /** Units on sale per size ('9.5': 3), in size order. */
  stock: Record<string, number>;
  archived: boolean;
  /** The catalogue version of its last change (product_listing_version). */
  version: number;
}

/**
 * The product's id as its subqueries name it: a select of one table writes its columns without the table,
 * and an `id` of the subquery's own table would shadow the product's.
 */
const productId = sql`${product}.id`;

const stock = sql<Record<string, number>>`coalesce((
  SELECT json_object_agg(s.size::text, s.units ORDER BY s.size)
  FROM ${productStock} AS s WHERE s.product_id = ${productId}
), '{}'::json)`;

/** One probe of the history's (product, effective_at) index. */
const priceSince = sql<string | null>`(
  SELECT max(h.effective_at) FROM ${productPriceHistory} AS h WHERE h.product_id = ${productId}
)`;

const discoveryColumns = {
  id: product.id,
  name: product.name,
  brand: product.brand,
  description: product.description,
  genders: product.genders,
  categories: product.categories,
  color: product.color,
  priceCents: product.priceCents,
  compareAtPriceCents: product.compareAtPriceCents,
  cardPicture: product.cardPicture,
  detailPicture: product.detailPicture,
  originalPicture: product.originalPicture,
  gtin: product.gtin,
  updatedAt: product.updatedAt,
  priceSince,
  stock,
  archived: sql<boolean>`(${product.deletedAt} IS NOT NULL)`,
  version: product.listingVersion,
};

/** PostgreSQL answers a timestamp read through a subquery as text (pg) or a Date (PGlite). */
const toRow = (
  row: Omit<DiscoveryRow, 'priceSince'> & { priceSince: string | Date | null },
): DiscoveryRow => ({
  ...row,
  priceSince: row.priceSince === null ? null : new Date(row.priceSince),
});

/** Up to `limit` products on sale, by id, after `afterId`. */
export async function findDiscoveryRows(
  db: DbOrTx,
  afterId: string | undefined,
  limit: number,
): Promise<DiscoveryRow[]> {
  const rows = await db
    .select(discoveryColumns)
    .from(product)
    .where(and(isNull(product.deletedAt), afterId === undefined ? undefined : gt(product.id, afterId)))
    .orderBy(asc(product.id))
    .limit(limit);
  return rows.map(toRow);
}

/** The products changed after catalogue version `sinceVersion`, archived ones too (product_listing_version_idx). */
export async function findChangedDiscoveryRows(db: DbOrTx, sinceVersion: number): Promise<DiscoveryRow[]> {
  const rows = await db
    .select(discoveryColumns)
    .from(product)
    .where(gt(product.listingVersion, sinceVersion));
  return rows.map(toRow);
}
