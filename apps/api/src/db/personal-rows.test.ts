import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA } from '../modules/privacy/personal-data-map';
import { exportedColumns, type MappedTable } from './personal-rows';
import * as schema from './schema';

/** Every table's columns in their order, by the table's SQL name. */
const columnsOf = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .map((table) => [table.name, table.columns.map((column) => column.name)]),
);
const exported = (table: string) =>
  exportedColumns(PERSONAL_DATA[table] as MappedTable, columnsOf.get(table) ?? []);

describe("the columns a person's copy holds", () => {
  it('takes the columns marked export, and with exportRest every column the map does not list', () => {
    const entry: MappedTable = {
      owner: { column: 'user_id' },
      columns: { user_id: { export: false }, secret: { export: false }, words: { export: true } },
      exportRest: true,
    };
    expect(exportedColumns(entry, ['id', 'user_id', 'words', 'secret', 'created_at'])).toEqual([
      'id',
      'words',
      'created_at',
    ]);
    expect(exportedColumns({ ...entry, exportRest: false }, ['id', 'user_id', 'words', 'secret'])).toEqual([
      'words',
    ]);
  });

  it('keeps secrets and other people out of the tables of the shop', () => {
    expect(exported('account')).toEqual(['account_id', 'provider_id']);
    expect(exported('session')).not.toEqual(expect.arrayContaining(['token']));
    expect(exported('session')).toEqual(expect.arrayContaining(['ip_address', 'user_agent', 'created_at']));
    expect(exported('session')).not.toContain('impersonated_by');
    expect(exported('two_factor')).toEqual([]);
    expect(exported('verification')).toEqual([]);
    expect(exported('test_payment')).toEqual([]);
    expect(exported('media')).toEqual(['key', 'bytes']);
    expect(exported('user')).toEqual(expect.arrayContaining(['email', 'full_name', 'phone', 'created_at']));
    expect(exported('credit_entry')).not.toContain('actor_id');
    expect(exported('data_export')).toEqual(
      expect.arrayContaining(['id', 'state', 'created_at', 'ready_at', 'expires_at']),
    );
    expect(exported('data_export')).not.toContain('archive');
  });

  it('never takes a column the map marks export: false, in any table', () => {
    const leaks = Object.entries(PERSONAL_DATA).flatMap(([table, entry]) =>
      exported(table)
        .filter((column) => entry.columns[column]?.export === false)
        .map((column) => `${table}.${column}`),
    );
    expect(leaks).toEqual([]);
  });
});
