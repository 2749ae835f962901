import { is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { ELSEWHERE, NO_PERSONAL_DATA, PERSONAL_DATA } from './personal-data-map';

/**
 * The personal-data map against the schema itself (no database): every table is mapped or declared free of
 * personal data, every column that looks personal is in the map, and the map names nothing the schema does
 * not have.
 */

type TableConfig = ReturnType<typeof getTableConfig>;

/** Every table of db/schema, by its SQL name. */
const tables = new Map<string, TableConfig>(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .map((table) => [table.name, table]),
);

const config = (name: string): TableConfig => {
  const table = tables.get(name);
  if (!table) throw new Error(`no table ${name} in db/schema`);
  return table;
};
const columnNames = (name: string): Set<string> => new Set(config(name).columns.map((column) => column.name));

/** The tables a table's foreign keys point at, by column. */
function referencesOf(table: TableConfig): Map<string, string> {
  const targets = new Map<string, string>();
  for (const key of table.foreignKeys) {
    const reference = key.reference();
    const target = getTableConfig(reference.foreignTable).name;
    for (const column of reference.columns) targets.set(column.name, target);
  }
  return targets;
}

/**
 * What makes a column look personal, by its SQL name (matched whole words: `full_name`, `ship_to`) unless it
 * is a flag, a number or an instant (`email_verified` holds no address), and for free text by its type too
 * (a text column without an enum: an enum's values are the shop's, not a person's words). A country, state or region alone is not taken for personal: a table with an address
 * has an address or city column that is. Product, role and method names and staff's catalogue text look
 * personal by name: NO_PERSONAL_DATA and the map's `notPersonal` say which, with the reason.
 */
const BY_NAME: [kind: string, pattern: RegExp][] = [
  ['a name', /(^|_)(name|username|surname|nickname|recipient)(_|$)/],
  ['an e-mail address', /(^|_)(email|e_mail|mail)(_|$)/],
  ['an address', /(^|_)(address|street|city|postal|zip|postcode|line1|line2)(_|$)|^(ship|bill)_to$/],
  ['a phone number', /(^|_)(phone|mobile|telephone)(_|$)/],
  ['an IP address', /(^|_)ip(_|$)/],
  ['a browser or device', /(^|_)user_agent$|^device$/],
  ['a picture of a person', /(^|_)(image|avatar|photo)(_|$)/],
  [
    'an id of a person',
    /(^|_)(user|buyer|actor|customer|owner|member|author|invitee|account)_id$|_by$|^identifier$/,
  ],
];
const NO_WORDS = /^(boolean|smallint|integer|bigint|real|double precision|numeric|timestamp|date)/;
const FREE_TEXT = /(^|_)(comment|comments|message|note|notes|body|text|description|reason|bio|feedback)(_|$)/;

/** A table is tied to a person when it is mapped, or points at the user or at a mapped table. */
function tiedToPerson(name: string): boolean {
  if (name in PERSONAL_DATA) return true;
  return [...referencesOf(config(name)).values()].some(
    (target) => target === 'user' || target in PERSONAL_DATA,
  );
}

/** Why the scan takes `column` of `table` for personal, or undefined. */
function looksPersonal(table: string, column: PgColumn): string | undefined {
  if (referencesOf(config(table)).get(column.name) === 'user') return 'an id of a person';
  const byName = BY_NAME.find(([, pattern]) => pattern.test(column.name));
  if (byName && !NO_WORDS.test(column.getSQLType())) return byName[0];
  if (FREE_TEXT.test(column.name) && column.getSQLType() === 'text' && !column.enumValues?.length) {
    return 'free text';
  }
  if (['json', 'jsonb'].includes(column.getSQLType()) && tiedToPerson(table)) {
    return 'JSON in a table tied to a person';
  }
  return undefined;
}

/** Every column the scan flags, as `table.column (why)`. */
function flagged(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, table] of tables) {
    for (const column of table.columns) {
      const why = looksPersonal(name, column);
      if (why) found.set(`${name}.${column.name}`, why);
    }
  }
  return found;
}

/** Every column of a table that is mapped or waived, with the place that names it. */
function named(): { table: string; column: string; where: string }[] {
  return [
    ...Object.entries(PERSONAL_DATA).flatMap(([table, entry]) => [
      ...Object.keys(entry.columns).map((column) => ({ table, column, where: 'columns' })),
      ...Object.keys(entry.notPersonal ?? {}).map((column) => ({ table, column, where: 'notPersonal' })),
      ...[entry.owner, ...(entry.alsoNames ?? [])].map(({ column }) => ({ table, column, where: 'a link' })),
    ]),
    ...Object.entries(NO_PERSONAL_DATA).flatMap(([table, entry]) =>
      Object.keys(entry.notPersonal ?? {}).map((column) => ({ table, column, where: 'notPersonal' })),
    ),
  ];
}

describe('the personal-data map', () => {
  it('scans for what it is meant to find', () => {
    const found = flagged();
    for (const column of [
      'user.email',
      'user.full_name',
      'user.phone',
      'user.postal_code',
      'user.my_sizes',
      'order.ship_to',
      'order.user_id',
      'session.ip_address',
      'session.user_agent',
      'order_return.comment',
      'review.description',
      'audit_event.before',
      'staff_invitation.invited_by',
      'credit_account.user_id',
    ]) {
      expect(found.has(column), column).toBe(true);
    }
    // An enum's values are the shop's words, not the shopper's.
    expect(found.has('order_return.reason')).toBe(false);
  });

  it('maps every table, or declares it free of personal data, and names only tables that exist', () => {
    const neither = [...tables.keys()].filter(
      (name) => !(name in PERSONAL_DATA) && !(name in NO_PERSONAL_DATA),
    );
    const both = Object.keys(PERSONAL_DATA).filter((name) => name in NO_PERSONAL_DATA);
    const unknown = [...Object.keys(PERSONAL_DATA), ...Object.keys(NO_PERSONAL_DATA)].filter(
      (name) => !tables.has(name),
    );
    expect(neither, 'tables in neither PERSONAL_DATA nor NO_PERSONAL_DATA').toEqual([]);
    expect(both, 'tables in both').toEqual([]);
    expect(unknown, 'tables the schema does not have').toEqual([]);
  });

  it('holds every column that looks personal', () => {
    const missing = [...flagged()]
      .filter(([key]) => {
        const [table = '', column = ''] = key.split('.');
        const mapped = PERSONAL_DATA[table];
        if (mapped) return !(column in mapped.columns) && !(column in (mapped.notPersonal ?? {}));
        return !(column in (NO_PERSONAL_DATA[table]?.notPersonal ?? {}));
      })
      .map(([key, why]) => `${key} (${why})`);
    expect(missing, 'columns that look personal, missing from the map').toEqual([]);
  });

  it('names only columns that exist, and waives only columns that look personal', () => {
    const unknown = named()
      .filter(({ table, column }) => !columnNames(table).has(column))
      .map(({ table, column, where }) => `${table}.${column} (${where})`);
    expect(unknown, 'columns the schema does not have').toEqual([]);
    const found = flagged();
    const needless = named()
      .filter(({ table, column, where }) => where === 'notPersonal' && !found.has(`${table}.${column}`))
      .map(({ table, column }) => `${table}.${column}`);
    expect(needless, 'notPersonal columns the scan does not flag').toEqual([]);
  });

  it('declares free of personal data no table that points at a user', () => {
    const pointing = Object.keys(NO_PERSONAL_DATA).filter((name) =>
      [...referencesOf(config(name)).values()].includes('user'),
    );
    expect(pointing).toEqual([]);
  });

  it('finds every mapped row from its person, and lists the columns that do', () => {
    const problems = Object.entries(PERSONAL_DATA).flatMap(([table, entry]) => {
      const links = [entry.owner, ...(entry.alsoNames ?? [])];
      return [
        ...links
          .filter(({ column }) => !(column in entry.columns))
          .map(({ column }) => `${table}.${column}: a link, not in its columns`),
        ...links
          .filter(({ via }) => via !== undefined && !(via in PERSONAL_DATA))
          .map(({ column, via }) => `${table}.${column}: via ${via}, which is not mapped`),
        ...links
          .filter(
            ({ column, via, how }) => !via && !how && referencesOf(config(table)).get(column) !== 'user',
          )
          .filter(({ column }) => !(table === 'user' && column === 'id'))
          .map(
            ({ column }) => `${table}.${column}: neither references the user nor says how it leads to one`,
          ),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('says the same of a table and of its columns: deleted rows take every column, kept rows say why', () => {
    const problems = Object.entries(PERSONAL_DATA).flatMap(([table, entry]) => {
      const columns = Object.entries(entry.columns);
      return [
        ...(entry.rows === 'keep' && !entry.why ? [`${table}: rows kept without a why`] : []),
        ...columns
          .filter(([, column]) => (entry.rows === 'delete') !== (column.erase === 'delete'))
          .map(
            ([name, column]) =>
              `${table}.${name}: erase '${column.erase}' in a table whose rows ${entry.rows === 'delete' ? 'go' : 'stay'}`,
          ),
        ...columns
          .filter(([, column]) => column.erase === 'keep' && !column.why)
          .map(([name]) => `${table}.${name}: kept without a why`),
        ...columns
          .filter(([name]) => name in (entry.notPersonal ?? {}))
          .map(([name]) => `${table}.${name}: both personal and not`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('keeps the personal data outside the schema apart from its tables', () => {
    expect(Object.keys(ELSEWHERE).filter((place) => tables.has(place))).toEqual([]);
  });
});
