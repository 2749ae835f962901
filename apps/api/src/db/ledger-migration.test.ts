import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Order } from '@shop/contracts';
import { BUILT_IN_ROLES } from '@shop/contracts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '../modules/orders';
import type { CurrentUser } from '../plugins/session';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/test-app';
import { wireServices } from '../wiring';
import type { DatabaseConfig } from './client';

/**
 * Migration 0020 turns the orders, refunds and credit movements of a shop that ran before the payments
 * ledger into entries (docs/decisions/0032). Orders in every state are written as the shop wrote them
 * then (order columns `refunded_cents`, returns' `refunded_cents`, the credit ledger's keys), the
 * migration runs, and every order must show the same figures as before, now summed from its entries.
 */

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LEDGER = 20;

/** The committed migrations before the ledger, in a folder of their own. */
function migrationsBeforeLedger(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < LEDGER);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Runs SQL on the database as it is, migrated up to `folder` first. */
async function withDatabase(
  config: DatabaseConfig,
  folder: string,
  work: (query: (text: string) => Promise<unknown>) => Promise<void>,
): Promise<void> {
  if (config.kind === 'postgres') {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
      await work((text) => client.query(text));
    } finally {
      await client.end();
    }
    return;
  }
  const client = await PGlite.create(config.dataDir, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    await work((text) => client.exec(text));
  } finally {
    await client.close();
  }
}

const ids = {
  buyer: randomUUID(),
  product: randomUUID(),
  paid: randomUUID(),
  returned: randomUUID(),
  returnedToCredit: randomUUID(),
  refunded: randomUUID(),
  refundedAfterReturn: randomUUID(),
  paidWithCredit: randomUUID(),
  paidPartlyWithCredit: randomUUID(),
  refundedWithCredit: randomUUID(),
  pending: randomUUID(),
  cancelled: randomUUID(),
  returnOne: randomUUID(),
  returnTwo: randomUUID(),
  returnThree: randomUUID(),
};

/** An order as the shop wrote it before the ledger: its lines' total, what credit paid, what came back. */
interface OldOrder {
  name: string;
  id: string;
  state: 'pending' | 'aprobed' | 'cancelled';
  totalCents: number;
  creditCents?: number;
  refundedCents?: number;
  refunded?: boolean;
}

const OLD_ORDERS: OldOrder[] = [
  { name: 'paid', id: ids.paid, state: 'aprobed', totalCents: 25_000 },
  {
    name: 'partly refunded by a return',
    id: ids.returned,
    state: 'aprobed',
    totalCents: 34_347,
    refundedCents: 12_599,
  },
  {
    name: 'a return taken as store credit',
    id: ids.returnedToCredit,
    state: 'aprobed',
    totalCents: 20_000,
    refundedCents: 10_000,
  },
  {
    name: 'refunded',
    id: ids.refunded,
    state: 'cancelled',
    totalCents: 18_000,
    refundedCents: 18_000,
    refunded: true,
  },
  {
    name: 'refunded after a return',
    id: ids.refundedAfterReturn,
    state: 'cancelled',
    totalCents: 30_000,
    refundedCents: 30_000,
    refunded: true,
  },
  {
    name: 'paid with store credit',
    id: ids.paidWithCredit,
    state: 'aprobed',
    totalCents: 24_000,
    creditCents: 24_000,
  },
  {
    name: 'paid partly with store credit',
    id: ids.paidPartlyWithCredit,
    state: 'aprobed',
    totalCents: 24_000,
    creditCents: 4_000,
  },
  {
    name: 'refunded, paid partly with store credit',
    id: ids.refundedWithCredit,
    state: 'cancelled',
    totalCents: 24_000,
    creditCents: 4_000,
    refundedCents: 24_000,
    refunded: true,
  },
  {
    name: 'pending, with store credit held',
    id: ids.pending,
    state: 'pending',
    totalCents: 12_000,
    creditCents: 2_000,
  },
  {
    name: 'cancelled unpaid, its credit given back',
    id: ids.cancelled,
    state: 'cancelled',
    totalCents: 12_000,
    creditCents: 2_000,
  },
];

const quote = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value}'`;

/** The shop's rows before the ledger: a buyer, a product, the orders, their returns and credit entries. */
function oldShop(): string {
  const paid = (order: OldOrder) => order.state === 'aprobed' || order.refunded;
  const orders = OLD_ORDERS.map(
    (order) => `INSERT INTO "order" (id, user_id, state, provider, provider_reference, total_cents,
      credit_used_cents, refunded_cents, reserved_until, paid_at, refunded_at, cancelled_at)
      VALUES (${quote(order.id)}, ${quote(ids.buyer)}, '${order.state}', 'stripe',
      ${order.creditCents === order.totalCents ? 'NULL' : quote(`cs_${order.id}`)}, ${order.totalCents},
      ${order.creditCents ?? 0}, ${order.refundedCents ?? 0}, now() - interval '1 day',
      ${paid(order) ? "now() - interval '2 days'" : 'NULL'}, ${order.refunded ? 'now()' : 'NULL'},
      ${order.state === 'cancelled' ? 'now()' : 'NULL'});
    INSERT INTO order_item (order_id, position, product_id, name, brand, picture, size, count, unit_price_cents)
      VALUES (${quote(order.id)}, 0, ${quote(ids.product)}, 'Air Max 90', 'Nike', '/p.webp', 9, 1, ${order.totalCents});`,
  );
  const credit = (key: string, kind: string, cents: number, orderId: string, returnId: string | null) =>
    `INSERT INTO credit_entry (user_id, amount_cents, balance_after_cents, kind, reason, order_id, return_id, key)
      VALUES (${quote(ids.buyer)}, ${cents}, 100000, '${kind}', 'before the ledger', ${quote(orderId)},
      ${quote(returnId)}, '${key}');`;
  const ret = (id: string, orderId: string, cents: number, refundTo: string) =>
    `INSERT INTO order_return (id, order_id, user_id, state, reason, refund_to, refunded_cents, received_at)
      VALUES (${quote(id)}, ${quote(orderId)}, ${quote(ids.buyer)}, 'received', 'too_small', '${refundTo}',
      ${cents}, now() - interval '12 hours');`;
  return [
    `INSERT INTO "user" (id, name, email, username) VALUES (${quote(ids.buyer)}, 'Ada', 'ada@shop.test', 'ada');`,
    `INSERT INTO product (id, slug, name, brand, price_cents, description, genders, categories, color,
      release_date, card_picture, detail_picture, original_picture, search_terms, search_body)
      VALUES (${quote(ids.product)}, 'air-max-90', 'Air Max 90', 'nike', 12000, 'A sneaker.', '{men}',
      '{lifestyle}', 'White', '2024-01-01', '/p.webp', '/p.webp', '/p.webp', 'air max', 'air max');`,
    ...orders,
    // A return refunded to the card; a return the buyer took as store credit.
    ret(ids.returnOne, ids.returned, 12_599, 'original'),
    ret(ids.returnTwo, ids.returnedToCredit, 10_000, 'credit'),
    credit(`return-credit:${ids.returnTwo}`, 'return', 10_000, ids.returnedToCredit, ids.returnTwo),
    // A return refunded, then the rest of the order refunded whole.
    ret(ids.returnThree, ids.refundedAfterReturn, 10_000, 'original'),
    // Credit spent on orders, given back when one was cancelled unpaid, and refunded first on a whole refund.
    ...OLD_ORDERS.filter((order) => order.creditCents).map((order) =>
      credit(`spend:${order.id}`, 'spend', -(order.creditCents ?? 0), order.id, null),
    ),
    credit(`spend-returned:${ids.cancelled}`, 'spend_returned', 2_000, ids.cancelled, null),
    credit(`refund-credit:${ids.refundedWithCredit}`, 'refund', 4_000, ids.refundedWithCredit, null),
  ].join('\n');
}

/** An order's figures as the shop showed them before the ledger. */
function figuresBefore(order: OldOrder) {
  return {
    provider: order.creditCents === order.totalCents ? 'store_credit' : 'stripe',
    finalAmount: order.totalCents / 100,
    creditUsed: (order.creditCents ?? 0) / 100,
    refundedAmount: (order.refundedCents ?? 0) / 100,
  };
}

let database: TestDatabase;
let folder: string;
let dataDir: string | undefined;
let testApp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.config.kind === 'pglite') dataDir = mkdtempSync(path.join(tmpdir(), 'shop-ledger-'));
  const config: DatabaseConfig = dataDir ? { kind: 'pglite', dataDir } : database.config;
  folder = migrationsBeforeLedger();
  await withDatabase(config, folder, async (query) => {
    await query(oldShop());
  });
  // The shop starts on it: the ledger migration runs.
  testApp = await createTestApp({ database: config });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const staff: CurrentUser = {
  id: randomUUID(),
  email: 'staff@shop.test',
  emailVerified: true,
  username: 'staff',
  role: 'admin',
  permissions: new Set(BUILT_IN_ROLES.admin),
  withheld: new Set(),
};

async function orderAfter(id: string): Promise<Order> {
  const app = testApp.app;
  return getOrder(wireServices(app).orders, app.db, id, staff);
}

describe('the payments ledger migration', () => {
  it.each(OLD_ORDERS.map((order) => [order.name, order] as const))(
    'keeps the figures of an order %s',
    async (_name, order) => {
      const after = await orderAfter(order.id);
      expect({
        provider: after.provider,
        finalAmount: after.finalAmount,
        creditUsed: after.creditUsed,
        refundedAmount: after.refundedAmount,
      }).toEqual(figuresBefore(order));
      const paid = order.state === 'aprobed' || order.refunded;
      const sum = (kinds: string[]) =>
        after.payments
          .filter((entry) => kinds.includes(entry.kind))
          .reduce((total, entry) => total + entry.amount, 0);
      // What paid it sums to its total; nothing paid an order that never was.
      expect(sum(['capture', 'credit_spend'])).toBeCloseTo(paid ? order.totalCents / 100 : 0, 2);
      expect(sum(['credit_spend'])).toBeCloseTo(paid ? (order.creditCents ?? 0) / 100 : 0, 2);
    },
  );

  it('splits refunds by where they went: the card, and store credit first', async () => {
    const kinds = (order: Order) =>
      order.payments.map(({ kind, tender, amount }) => `${kind} ${tender} ${amount.toFixed(2)}`);
    expect(kinds(await orderAfter(ids.returned))).toEqual(['capture stripe 343.47', 'refund stripe 125.99']);
    expect(kinds(await orderAfter(ids.returnedToCredit))).toEqual([
      'capture stripe 200.00',
      'credit_back store_credit 100.00',
    ]);
    expect((await orderAfter(ids.refundedAfterReturn)).payments.map((entry) => entry.amount)).toEqual([
      300, 100, 200,
    ]);
    expect(kinds(await orderAfter(ids.refundedWithCredit)).sort()).toEqual(
      [
        'capture stripe 200.00',
        'credit_spend store_credit 40.00',
        'credit_back store_credit 40.00',
        'refund stripe 200.00',
      ].sort(),
    );
    expect((await orderAfter(ids.pending)).payments).toEqual([]);
    expect((await orderAfter(ids.cancelled)).payments).toEqual([]);
  });

  it('names each return its refund, from the ledger', async () => {
    const order = await orderAfter(ids.returnedToCredit);
    expect(order.returns.map((ret) => ret.refundedAmount)).toEqual([100]);
    const returned = await orderAfter(ids.returned);
    expect(returned.returns.map((ret) => ret.refundedAmount)).toEqual([125.99]);
  });
});
