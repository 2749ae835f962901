import { describe, expect, it } from 'vitest';
import { foreignTablesInFile, tablesNamedIn } from './sql-tables.mjs';

const named = (text: string) => tablesNamedIn(text).map(({ table }) => table);
/** `${expression}` in the TypeScript source of a test. */
const $ = (expression: string) => `\${${expression}}`;

const table = (module: string, name: string) => ({ module, name });
const tables = {
  byExport: new Map([
    ['orders:order', table('orders', 'order')],
    ['orders:orderItem', table('orders', 'order_item')],
    ['reviews:review', table('reviews', 'review')],
    ['users:user', table('users', 'user')],
  ]),
  byName: new Map([
    ['order', table('orders', 'order')],
    ['order_item', table('orders', 'order_item')],
    ['review', table('reviews', 'review')],
    ['user', table('users', 'user')],
  ]),
};

describe('the tables a piece of SQL names', () => {
  it('reads the table after each keyword, quoted or not, with its schema and modifiers', () => {
    expect(named('SELECT 1 FROM "order" o JOIN order_item ON true')).toEqual(['order', 'order_item']);
    expect(named('DELETE FROM ONLY public."user" WHERE true')).toEqual(['user']);
    expect(named('INSERT INTO Review (id) SELECT id FROM x CROSS JOIN LATERAL y')).toEqual([
      'review',
      'x',
      'y',
    ]);
    expect(named('CREATE TABLE IF NOT EXISTS t (id uuid REFERENCES "user"(id))')).toEqual(['t', 'user']);
    expect(named('TRUNCATE TABLE order_item')).toContain('order_item');
    expect(named('SELECT 1 FROM review r, "order" AS o, order_item')).toEqual([
      'review',
      'order',
      'order_item',
    ]);
  });

  it('passes what is not a table: strings, comments, other schemas, values, columns and functions', () => {
    // As the drops, jobs, auth and catalogue repositories write them.
    const text = `UPDATE drop_entry SET rank = v.rank FROM (VALUES \u0000\u0000) AS v(id, rank)
      WHERE drop_entry.id = v.id AND starts_with(identifier, 'reset-password: FROM "user"')
      AND rating IS DISTINCT FROM wanted.rating AND extract(epoch FROM created_at) > 0 -- FROM "order"
      AND EXISTS (SELECT 1 FROM pgboss.job) /* JOIN review */`;
    expect(named(text)).toEqual(['drop_entry', 'created_at']);
  });
});

describe("a module's SQL", () => {
  const file = 'apps/api/src/modules/reviews/reviews.repository.ts';

  it("finds another module's table named in sql`…`, sql.raw, .execute and .query, with its line", () => {
    const text = [
      "import { sql } from 'drizzle-orm';",
      'const a = sql`SELECT 1 FROM review JOIN "order" ON true`;',
      "const b = sql.raw('SELECT 1 FROM order_item');",
      'await db.execute(`DELETE FROM "user"`);',
      "await client.query('SELECT 1 FROM review');",
      `const c = sql\`SELECT ${$("sql.identifier('order_item')")}\`;`,
    ].join('\n');
    expect(foreignTablesInFile(file, text, 'reviews', tables)).toEqual([
      { file, line: 2, table: 'order', owner: 'orders', how: 'named' },
      { file, line: 3, table: 'order_item', owner: 'orders', how: 'named' },
      { file, line: 4, table: 'user', owner: 'users', how: 'named' },
      { file, line: 6, table: 'order_item', owner: 'orders', how: 'sql.identifier' },
    ]);
  });

  it("finds another module's table object interpolated, imported, through the index or aliased", () => {
    const text = [
      "import { sql } from 'drizzle-orm';",
      "import { alias } from 'drizzle-orm/pg-core';",
      "import * as schema from '../../db/schema';",
      "import { orderItem as items } from '../../db/schema/orders';",
      "import { review } from '../../db/schema/reviews';",
      "const buyer = alias(schema.user, 'buyer');",
      'const other = alias(items, "other");',
      `const a = sql\`SELECT ${$('review.id')} FROM ${$('review')} JOIN ${$('items')} ON ${$('items.productId')} = ${$('review.productId')}\`;`,
      `const b = sql\`SELECT ${$('schema.user.email')}, ${$('other.orderId')}\`;`,
    ].join('\n');
    expect(foreignTablesInFile(file, text, 'reviews', tables)).toEqual([
      { file, line: 8, table: 'order_item', owner: 'orders', how: 'interpolated' },
      { file, line: 9, table: 'user', owner: 'users', how: 'interpolated' },
      { file, line: 9, table: 'order_item', owner: 'orders', how: 'interpolated' },
    ]);
  });

  it('passes SQL that names only its own tables', () => {
    const text = [
      "import { sql } from 'drizzle-orm';",
      "import { review } from '../../db/schema/reviews';",
      `const a = sql<number>\`SELECT count(*) FROM ${$('review')} WHERE ${$('review.rating')} > 3\`;`,
      'await db.execute(sql`UPDATE review SET rating = 1 FROM (VALUES (1)) AS v(id)`);',
    ].join('\n');
    expect(foreignTablesInFile(file, text, 'reviews', tables)).toEqual([]);
  });
});
