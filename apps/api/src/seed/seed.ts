import type { Config } from '../config';
import type { Db } from '../db/client';
import { createStorage, type Storage } from '../lib/storage';
import { addProducts, productIdsBySlug } from '../modules/catalog';
import { seedPromotions } from '../modules/promotions';
import { addReviews } from '../modules/reviews';
import { mediaTable } from '../modules/uploads';
import { ensurePeople } from '../modules/users';
import { buildCatalogue, type SeedProduct } from './catalogue';
import { SEED_CUSTOMERS, seedReviewsFor } from './customers';
import { writeCataloguePictures } from './images';

export interface SeedSummary {
  /** Products in the seed catalogue. */
  products: number;
  /** Products this run inserted (0 when the catalogue was already there). */
  created: number;
  /** Reviews this run wrote (0 when they were already there). */
  reviews: number;
  /** Picture files this run stored (0 when they were all stored already, or pictures were off). */
  pictures: number;
  /** How long the run took, in milliseconds. */
  ms: number;
}

export interface SeedOptions {
  /** Draw the product pictures (default true; API tests turn it off). */
  pictures?: boolean;
  /** Where the pictures go: by default the storage the configuration calls for, as the app uses it. */
  storage?: Storage;
  /** Pictures rendered at once (default 2: the seed also runs on small machines). */
  concurrency?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The seeded customers' reviews, which give the products their ratings (docs/decisions/0009). Written for
 * the products this run added, and for every seeded product when the customers are new (a database seeded
 * before reviews existed). Otherwise nothing: a review an admin deleted stays deleted.
 */
async function seedReviews(db: Db, catalogue: SeedProduct[], created: Map<string, string>): Promise<number> {
  const customers = await ensurePeople(db, SEED_CUSTOMERS);
  const products =
    customers.added > 0
      ? await productIdsBySlug(
          db,
          catalogue.map((item) => item.slug),
        )
      : created;
  const now = Date.now();
  const reviews = catalogue.flatMap((item) => {
    const productId = products.get(item.slug);
    if (!productId) return [];
    return seedReviewsFor(item.slug, item.rating ?? 0).flatMap((review) => {
      const userId = customers.ids.get(review.email);
      if (!userId) return [];
      return [
        {
          productId,
          userId,
          rating: review.rating,
          description: review.description,
          createdAt: new Date(now - review.daysAgo * DAY_MS),
        },
      ];
    });
  });
  return addReviews(db, reviews);
}

/**
 * Idempotent: products are keyed by slug and the customers by e-mail, so a second run adds nothing, and
 * pictures already stored are kept, so a second run draws nothing either.
 */
export async function seedDatabase(db: Db, config: Config, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const catalogue = buildCatalogue();
  // A product's rating comes from its reviews: it starts at 0 ('New') and the reviews below set it.
  const created = await addProducts(
    db,
    catalogue.map(({ silhouette: _silhouette, rating: _rating, ...item }) => item),
  );
  const reviews = await seedReviews(db, catalogue, created);
  await seedPromotions(db);
  let pictures = 0;
  if (options.pictures ?? true) {
    const storage = options.storage ?? createStorage(config, mediaTable(db));
    const written = await writeCataloguePictures(storage, catalogue, options.concurrency ?? 2);
    pictures = written.written;
  }
  return {
    products: catalogue.length,
    created: created.size,
    reviews,
    pictures,
    ms: Math.round(performance.now() - started),
  };
}
