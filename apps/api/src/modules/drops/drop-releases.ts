import type { DbOrTx } from '../../db/client';
import * as repository from './drops.repository';

/** A drop as the sitemap and the product feed read it: its page, its product, and when it releases. */
export interface DropRelease {
  id: string;
  productId: string;
  releaseAt: Date;
  /** The drop's last change (its page's). */
  updatedAt: Date;
}

/** Drops read at most (newest release first): far more than a shop schedules. */
const RELEASES_READ = 5_000;

/**
 * Every drop's product and release time, or those of these products' drops (one read of the drops, no
 * state worked out): a product whose drop has not released yet is a pre-order, and each drop has a public
 * page. A drop's product that left the catalogue is the caller's to leave out.
 */
export async function dropReleases(db: DbOrTx, productIds?: string[]): Promise<DropRelease[]> {
  const rows = productIds
    ? await repository.findDropsOfProducts(db, productIds)
    : await repository.listDrops(db, RELEASES_READ);
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    releaseAt: row.releaseAt,
    updatedAt: row.updatedAt,
  }));
}
