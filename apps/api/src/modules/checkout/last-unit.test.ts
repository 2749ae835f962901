import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { order, productStock } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import { contendedDatabase, quickAccounts } from '../../test/buyers';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/test-app';
import { wireServices } from '../../wiring';
import { insertProducts } from '../catalog/catalog.repository';
import { startCheckout } from './checkout.service';

const BUYERS = 50;
const ROUNDS = 20;

let database: TestDatabase;
let app: FastifyInstance;
let productId: string;
const buyers: CurrentUser[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // On PostgreSQL the buyers' transactions truly overlap, each on a connection of its own.
  const config = await contendedDatabase(database.config, BUYERS);
  // The same buyer may win round after round; this test is about the last unit, not the per-account caps.
  const base = testConfig(config, { checkout: { maxPendingOrders: ROUNDS, maxPendingUnits: ROUNDS } });
  app = await buildApp({ ...base, auth: { ...base.auth, rateLimitScale: 10 } });
  const created = await insertProducts(app.db, [
    {
      slug: 'last-unit-runner',
      name: 'Last Unit Runner',
      brand: 'nike',
      priceCents: 12000,
      rating: 4,
      description: '<p>The one everybody wants: a single pair left.</p>',
      genders: ['unisex'],
      categories: ['running'],
      color: 'Red',
      collection: 'Limited',
      releaseDate: '2024-01-01',
      cardPicture: '/uploads/x/card.webp',
      detailPicture: '/uploads/x/detail.webp',
      originalPicture: '/uploads/x/original.webp',
      stock: { '9': 1 },
    },
  ]);
  productId = created.get('last-unit-runner') ?? '';
  const rows = await quickAccounts(app, BUYERS);
  for (const row of rows) {
    buyers.push({
      id: row.id,
      email: row.email,
      emailVerified: true,
      username: row.username,
      role: 'user',
      permissions: new Set(),
      withheld: new Set(),
    });
  }
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

// A thousand checkouts: on the embedded database of a busy machine they take longer than the default limit.
it(`sells the last unit to exactly one of ${BUYERS} concurrent buyers, ${ROUNDS} times over`, async () => {
  const deps = wireServices(app).checkout;
  const body = { products: [{ id: productId, size: '9', count: 1 }] };
  for (let round = 0; round < ROUNDS; round += 1) {
    await app.db
      .update(productStock)
      .set({ units: 1, reserved: 0 })
      .where(eq(productStock.productId, productId));

    const results = await Promise.allSettled(
      buyers.map((buyer) => startCheckout(deps, buyer, 'stripe', body)),
    );

    const winners = results.filter((result) => result.status === 'fulfilled');
    const losers = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(winners, `round ${round}`).toHaveLength(1);
    for (const loser of losers) {
      expect(loser.reason).toBeInstanceOf(AppError);
      expect((loser.reason as AppError).code).toBe('OUT_OF_STOCK');
    }
    const [stock] = await app.db.select().from(productStock).where(eq(productStock.productId, productId));
    expect(stock).toMatchObject({ units: 0, reserved: 1 });
    const pending = await app.db.select({ id: order.id }).from(order).where(eq(order.state, 'pending'));
    expect(pending).toHaveLength(round + 1);
  }
  const negative = await app.db
    .select()
    .from(productStock)
    .where(
      and(eq(productStock.productId, productId), or(lt(productStock.units, 0), lt(productStock.reserved, 0))),
    );
  expect(negative).toEqual([]);
}, 120_000);
