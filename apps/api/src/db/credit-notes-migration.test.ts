import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/test-app';
import type { DatabaseConfig } from './client';
import { creditNote, creditNoteCounter } from './schema';

/**
 * The credit notes migration writes a note for each refund a running shop made before notes existed:
 * numbered in the order they were made, with the tax a return gave back, or the rest of the order's tax for
 * a whole refund, split over the frozen rates of what was refunded; none for an order that collected none.
 */

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The committed migrations before the credit notes' (found by its name: its number may change). */
function migrationsBeforeNotes(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const notes = journal.entries.find((entry) => entry.tag.endsWith('_credit_notes'));
  if (!notes) throw new Error('no credit notes migration');
  journal.entries = journal.entries.filter((entry) => entry.idx < notes.idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function withDatabase(config: DatabaseConfig, folder: string, sql: string): Promise<void> {
  if (config.kind === 'postgres') {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const client = await PGlite.create(config.dataDir, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    await client.exec(sql);
  } finally {
    await client.close();
  }
}

const ids = {
  buyer: randomUUID(),
  product: randomUUID(),
  taxed: randomUUID(),
  untaxed: randomUUID(),
  ret: randomUUID(),
};

/**
 * A taxed order (prices before tax: 100.00 at 7.25 % and 50.00 at 20 %), its first line returned and
 * refunded (107.25, of which 7.25 tax), then the rest refunded whole (60.00, of which 10.00 tax); and an
 * order that collected no tax, refunded whole, part as store credit, between the two.
 */
function shopBefore(): string {
  const at = (hoursAgo: number) => `now() - interval '${hoursAgo} hours'`;
  return `
INSERT INTO "user" (id, name, email, username) VALUES ('${ids.buyer}', 'Ada', 'ada@shop.test', 'ada');
INSERT INTO product (id, slug, name, brand, price_cents, description, genders, categories, color,
  release_date, card_picture, detail_picture, original_picture, search_terms, search_body)
  VALUES ('${ids.product}', 'air-max-90', 'Air Max 90', 'nike', 10000, 'A sneaker.', '{men}',
  '{lifestyle}', 'White', '2024-01-01', '/p.webp', '/p.webp', '/p.webp', 'air max', 'air max');
INSERT INTO "order" (id, user_id, state, provider, provider_reference, total_cents, reserved_until, paid_at,
  refunded_at, cancelled_at, tax_cents, prices_include_tax, tax_collected, tax_jurisdiction)
  VALUES ('${ids.taxed}', '${ids.buyer}', 'cancelled', 'stripe', 'cs_taxed', 16725, ${at(50)}, ${at(48)},
  ${at(1)}, ${at(1)}, 1725, false, true, 'US-CA');
INSERT INTO order_item (order_id, position, product_id, name, brand, picture, size, count, unit_price_cents,
  tax_rate_pcm, tax_cents)
  VALUES ('${ids.taxed}', 0, '${ids.product}', 'Air Max 90', 'Nike', '/p.webp', 9, 1, 10000, 7250, 725),
  ('${ids.taxed}', 1, '${ids.product}', 'Air Max 90', 'Nike', '/p.webp', 10, 1, 5000, 20000, 1000);
INSERT INTO order_return (id, order_id, user_id, state, reason, refund_to, received_at, refunded_tax_cents)
  VALUES ('${ids.ret}', '${ids.taxed}', '${ids.buyer}', 'received', 'too_small', 'original', ${at(24)}, 725);
INSERT INTO return_line (return_id, position, product_id, name, size, count, resolution, reason)
  VALUES ('${ids.ret}', 0, '${ids.product}', 'Air Max 90', 9, 1, 'refund', 'too_small');
INSERT INTO "order" (id, user_id, state, provider, provider_reference, total_cents, credit_used_cents,
  reserved_until, paid_at, refunded_at, cancelled_at)
  VALUES ('${ids.untaxed}', '${ids.buyer}', 'cancelled', 'stripe', 'cs_untaxed', 20000, 4000, ${at(50)},
  ${at(48)}, ${at(12)}, ${at(12)});
INSERT INTO order_item (order_id, position, product_id, name, brand, picture, size, count, unit_price_cents)
  VALUES ('${ids.untaxed}', 0, '${ids.product}', 'Air Max 90', 'Nike', '/p.webp', 9, 2, 10000);
INSERT INTO payment_entry (order_id, kind, tender, amount_cents, reference, return_id, key, created_at) VALUES
  ('${ids.taxed}', 'capture', 'stripe', 16725, 'cs_taxed', NULL, 'capture:${ids.taxed}', ${at(48)}),
  ('${ids.taxed}', 'refund', 'stripe', 10725, 'cs_taxed', '${ids.ret}', 'return-refund:${ids.ret}', ${at(24)}),
  ('${ids.untaxed}', 'capture', 'stripe', 16000, 'cs_untaxed', NULL, 'capture:${ids.untaxed}', ${at(48)}),
  ('${ids.untaxed}', 'credit_spend', 'store_credit', 4000, NULL, NULL, 'credit-spend:${ids.untaxed}', ${at(48)}),
  ('${ids.untaxed}', 'credit_back', 'store_credit', 4000, NULL, NULL, 'refund-order:${ids.untaxed}:credit', ${at(12)}),
  ('${ids.untaxed}', 'refund', 'stripe', 16000, 'cs_untaxed', NULL, 'refund-order:${ids.untaxed}', ${at(12)}),
  ('${ids.taxed}', 'refund', 'stripe', 6000, 'cs_taxed', NULL, 'refund-order:${ids.taxed}', ${at(1)});`;
}

let database: TestDatabase;
let folder: string;
let dataDir: string | undefined;
let testApp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.config.kind === 'pglite') dataDir = mkdtempSync(path.join(tmpdir(), 'shop-notes-'));
  const config: DatabaseConfig = dataDir ? { kind: 'pglite', dataDir } : database.config;
  folder = migrationsBeforeNotes();
  await withDatabase(config, folder, shopBefore());
  // The shop starts on it: the credit notes migration runs.
  testApp = await createTestApp({ database: config });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the credit notes migration', () => {
  it('writes a note for each refund made before, in turn, with the tax it gave back per rate', async () => {
    const notes = await testApp.app.db.select().from(creditNote).orderBy(asc(creditNote.number));
    expect(
      notes.map(({ number, orderId, returnId, key, amountCents, taxCents, rates }) => ({
        number,
        orderId,
        returnId,
        key,
        amountCents,
        taxCents,
        rates,
      })),
    ).toEqual([
      {
        number: 1,
        orderId: ids.taxed,
        returnId: ids.ret,
        key: `return-refund:${ids.ret}`,
        amountCents: 10_725,
        taxCents: 725,
        rates: [{ ratePcm: 7_250, netCents: 10_000, taxCents: 725 }],
      },
      {
        number: 2,
        orderId: ids.untaxed,
        returnId: null,
        key: `refund-order:${ids.untaxed}`,
        amountCents: 20_000,
        taxCents: 0,
        rates: [],
      },
      {
        number: 3,
        orderId: ids.taxed,
        returnId: null,
        key: `refund-order:${ids.taxed}`,
        amountCents: 6_000,
        taxCents: 1_000,
        rates: [{ ratePcm: 20_000, netCents: 5_000, taxCents: 1_000 }],
      },
    ]);
    // The next refund takes the next number.
    expect(await testApp.app.db.select().from(creditNoteCounter)).toEqual([{ id: true, last: 3 }]);
  });
});
