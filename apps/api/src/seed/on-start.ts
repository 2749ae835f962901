import type { FastifyInstance } from 'fastify';
import { seedAccounts } from './accounts';
import { buildCatalogue } from './catalogue';
import { drawPicturesAfterStart } from './pictures-on-start';
import { seedDatabase } from './seed';

/**
 * What `SEED_ON_START` does before the shop listens: the catalogue and the two accounts (idempotent), with
 * the product pictures drawn once the shop is serving. Instances that start together seed one after
 * another: the later ones find everything in place.
 */
export async function seedOnStart(app: FastifyInstance): Promise<void> {
  await app.exclusive('seed', () => seedData(app));
  drawPicturesAfterStart(app, buildCatalogue());
}

async function seedData(app: FastifyInstance): Promise<void> {
  const summary = await seedDatabase(app.db, app.config, { pictures: false });
  app.log.info(
    `catalogue seeded: ${summary.created} new of ${summary.products} products, ${summary.reviews} new reviews in ${summary.ms} ms`,
  );
  const created = await seedAccounts(app.auth, app.config.accounts);
  if (created.length > 0) app.log.info(`accounts seeded: ${created.join(', ')}`);
}
