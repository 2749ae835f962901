import { createHmac, randomBytes } from 'node:crypto';
import type { Product } from '@shop/contracts';
import { buildProduct } from '@shop/contracts/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Config } from '../config';
import type { DatabaseConfig, Db } from '../db/client';
import { account, order, orderItem, productStock, session, user } from '../db/schema';
import { insertProducts } from '../modules/catalog/catalog.repository';
import type { NewProduct } from '../modules/catalog/new-product';
import { stepUp } from './accounts';
import { createTestDatabase, openTestApp, type TestApp, testConfig } from './test-app';

/**
 * The database of a contention test's app: on PostgreSQL, a pool that gives every concurrent request a
 * connection of its own (`connections`), as far as the server allows two test files at once. Two files
 * run at once, and each app also holds its job queue's connections: of the server's `max_connections`, 20
 * are kept for those and for superusers, and each file may take half of the rest (40 of the usual 100; a
 * throwaway server of the race suites allows more). Above that, requests wait for a connection, and after
 * the shop's 5 s the wait fails (a 503) on a busy machine. Statements may wait a minute, where the shop
 * allows 10 s: a hundred transactions queued on one row lock of a loaded two-core machine wait longer,
 * and the shop's limit is there to notice an outage, not a queue.
 */
export async function contendedDatabase(
  config: DatabaseConfig,
  connections: number,
): Promise<DatabaseConfig> {
  if (config.kind !== 'postgres') return config;
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ max_connections: string }>('SHOW max_connections');
    const perFile = Math.floor((Number(rows[0]?.max_connections ?? 100) - 20) / 2);
    return { ...config, poolSize: Math.min(connections, perFile), queryTimeoutMs: 60_000 };
  } finally {
    await client.end();
  }
}

/**
 * The app on a fresh database whose pool (on PostgreSQL) gives every concurrent request a connection of
 * its own (`contendedDatabase`), so the transactions of a contention test truly overlap.
 */
export async function createContendedApp(
  connections: number,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  return openTestApp(database, testConfig(await contendedDatabase(database.config, connections), overrides));
}

export interface Buyer {
  id: string;
  cookie: string;
}

/**
 * `count` verified shoppers, signed in. Signing up through the API hashes a password per account (about
 * 0.3 s each); the contention tests need dozens, so the accounts and sessions are written directly.
 */
export function quickBuyers(app: FastifyInstance, count: number, prefix = 'buyer'): Promise<Buyer[]> {
  return quickAccounts(app, count, prefix);
}

/** `quickBuyers` with their e-mail and username. */
export function quickAccounts(app: FastifyInstance, count: number, prefix = 'buyer'): Promise<QuickBuyer[]> {
  const auth = { secret: app.config.auth.secret, cookieName: app.sessionCookieName };
  return signedInAccounts(app.db, auth, count, { prefix });
}

export interface QuickBuyer extends Buyer {
  email: string;
  username: string;
}

/**
 * `count` verified accounts written straight to `db` with a session each, their cookies signed with
 * `auth.secret` the way Better Auth signs them (`<token>.<base64 HMAC-SHA256>`). Names are `prefix` and
 * the index, made unique by a random tag unless `tagged` is false.
 */
export async function signedInAccounts(
  db: Db,
  auth: { secret: string; cookieName: string },
  count: number,
  { prefix = 'buyer', tagged = true }: { prefix?: string; tagged?: boolean } = {},
): Promise<QuickBuyer[]> {
  const tag = tagged ? randomBytes(3).toString('hex') : '';
  const users = await db
    .insert(user)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `${prefix}${index}`,
        email: tagged ? `${prefix}${index}.${tag}@example.com` : `${prefix}${index}@example.com`,
        emailVerified: true,
        username: `${prefix}${index}${tag}`,
      })),
    )
    .returning({ id: user.id, email: user.email, username: user.username });
  const tokens = users.map(() => randomBytes(24).toString('base64url'));
  await db.insert(session).values(
    users.map((row, index) => ({
      userId: row.id,
      token: tokens[index] ?? '',
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  );
  return users.map((row, index) => {
    const token = tokens[index] ?? '';
    const signature = createHmac('sha256', auth.secret).update(token).digest('base64');
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      cookie: `${auth.cookieName}=${encodeURIComponent(`${token}.${signature}`)}`,
    };
  });
}

/**
 * The row `insertProducts` takes for the product `buildProduct(fields)` builds (the contract's fields, in
 * dollars), its slug made from the name; `row` sets what only the row has (slug, rating, featured slot).
 */
export function newProduct(fields: Partial<Product> = {}, row: Partial<NewProduct> = {}): NewProduct {
  const built = buildProduct(fields);
  return {
    slug: built.name.toLowerCase().replaceAll(' ', '-'),
    name: built.name,
    brand: built.brand,
    priceCents: Math.round(built.price * 100),
    description: built.description,
    genders: built.gender,
    categories: built.category,
    color: built.color,
    collection: built.collection,
    releaseDate: built.release_date,
    cardPicture: built.card_picture,
    detailPicture: built.detail_picture,
    originalPicture: built.original_picture,
    stock: built.stock,
    ...row,
  };
}

/** Inserts sneakers sold in size 9 with `units` each, at $100; answers their ids in the order given. */
export async function stockedProducts(app: FastifyInstance, names: string[], units: number) {
  const tag = randomBytes(3).toString('hex');
  const slug = (name: string) => `${name.toLowerCase().replaceAll(' ', '-')}-${tag}`;
  const created = await insertProducts(
    app.db,
    names.map((name) => newProduct({ name, price: 100, stock: { '9': units } }, { slug: slug(name) })),
  );
  return names.map((name) => created.get(slug(name)) ?? '');
}

/**
 * Where every unit of a product's size 9 is: on sale, reserved by pending orders, or sold to paid ones.
 * The stock row must agree with the orders: units + reserved + sold is what there was at the start, and
 * `reserved` is exactly what the pending orders hold.
 */
export async function unitLedger(app: FastifyInstance, productId: string) {
  const [stock] = await app.db
    .select({ units: productStock.units, reserved: productStock.reserved })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, 9)));
  const held = await app.db
    .select({ state: order.state, count: sql<number>`coalesce(sum(${orderItem.count}), 0)`.mapWith(Number) })
    .from(orderItem)
    .innerJoin(order, eq(order.id, orderItem.orderId))
    .where(and(eq(orderItem.productId, productId), inArray(order.state, ['pending', 'aprobed'])))
    .groupBy(order.state);
  const of = (state: string) => held.find((row) => row.state === state)?.count ?? 0;
  return {
    units: stock?.units ?? 0,
    reserved: stock?.reserved ?? 0,
    pending: of('pending'),
    sold: of('aprobed'),
  };
}

/** The password of every `quickAdmin`. */
export const QUICK_ADMIN_PASSWORD = 'Staff#2024x';

/**
 * A signed-in admin, written directly like `quickBuyers`' shoppers, with a password (QUICK_ADMIN_PASSWORD).
 * Its session has stepped up with that password (`stepUp`), so what needs a step-up in the last five
 * minutes (refunds, credit, exports, tax settings) answers it; `steppedUp: false` leaves it not stepped up.
 */
export async function quickAdmin(
  app: FastifyInstance,
  prefix = 'staff',
  { steppedUp = true }: { steppedUp?: boolean } = {},
): Promise<Buyer> {
  const [admin] = await quickBuyers(app, 1, prefix);
  if (!admin) throw new Error('no admin');
  await app.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  const hash = await (await app.auth.$context).password.hash(QUICK_ADMIN_PASSWORD);
  await app.db
    .insert(account)
    .values({ accountId: admin.id, providerId: 'credential', userId: admin.id, password: hash });
  if (steppedUp) await stepUp(app, admin.cookie, { password: QUICK_ADMIN_PASSWORD });
  return admin;
}
