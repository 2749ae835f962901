import type { Config } from '../../config';
import { addProducts } from '../../modules/catalog/catalog.service';
import type { Db } from '../client';
import { buildCatalogue } from './catalogue';
import { writeCataloguePictures } from './images';

export interface SeedSummary {
  /** Products in the seed catalogue. */
  products: number;
  /** Products this run inserted (0 when the catalogue was already there). */
  created: number;
  /** Picture files this run wrote (0 when they were all on disk, or pictures were off). */
  pictures: number;
  /** How long the run took, in milliseconds. */
  ms: number;
}

export interface SeedOptions {
  /** Draw the product pictures into `config.uploadsDir` (default true; API tests turn it off). */
  pictures?: boolean;
  /** Pictures rendered at once (default 2: the seed also runs on small machines). */
  concurrency?: number;
}

/**
 * Idempotent: products are keyed by slug, so a second run adds nothing, and picture files already on
 * disk are kept, so a second run draws nothing either.
 */
export async function seedDatabase(db: Db, config: Config, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const catalogue = buildCatalogue();
  const created = await addProducts(
    db,
    catalogue.map(({ silhouette: _silhouette, ...item }) => item),
  );
  let pictures = 0;
  if (options.pictures ?? true) {
    const written = await writeCataloguePictures(config.uploadsDir, catalogue, options.concurrency ?? 2);
    pictures = written.written;
  }
  return {
    products: catalogue.length,
    created: created.size,
    pictures,
    ms: Math.round(performance.now() - started),
  };
}
