import type { Config } from '../../config';
import { sanitizeDescription } from '../../lib/html';
import { insertProducts } from '../../modules/catalog/catalog.repository';
import type { Db } from '../client';
import { buildCatalogue } from './catalogue';

export interface SeedSummary {
  products: number;
  created: number;
}

/** Idempotent: products are keyed by slug, so a second run adds nothing. */
export async function seedDatabase(db: Db, _config: Config): Promise<SeedSummary> {
  const catalogue = buildCatalogue();
  const created = await insertProducts(
    db,
    catalogue.map(({ silhouette: _silhouette, ...item }) => ({
      ...item,
      description: sanitizeDescription(item.description),
    })),
  );
  return { products: catalogue.length, created: created.size };
}
