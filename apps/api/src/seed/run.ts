import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createStorage } from '../lib/storage';
import { readProviderSettings } from '../modules/payments';
import { mediaTable } from '../modules/uploads';
import { writeBannerPoster, writeBannerVideo } from './banner-video';
import { seedDatabase } from './seed';

const config = loadConfig(readProviderSettings);
const database = await openDatabase(config.database);
try {
  const storage = createStorage(config, mediaTable(database.db));
  const summary = await seedDatabase(database.db, config, { storage });
  const banner = (await writeBannerPoster(storage)) + (await writeBannerVideo(storage));
  console.log(
    `Seeded: ${summary.created} new of ${summary.products} products, ${summary.reviews} new reviews, ${summary.pictures + banner} picture files stored in ${storage.location} (${(summary.ms / 1000).toFixed(1)} s)`,
  );
} finally {
  await database.close();
}
