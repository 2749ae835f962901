import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDatabase } from './seed';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const summary = await seedDatabase(database.db, config);
  console.log(
    `Seeded: ${summary.created} new of ${summary.products} products, ${summary.reviews} new reviews, ${summary.pictures} picture files written to ${config.uploadsDir} (${(summary.ms / 1000).toFixed(1)} s)`,
  );
} finally {
  await database.close();
}
