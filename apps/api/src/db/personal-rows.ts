import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * A person's rows in every table of the personal-data map (modules/privacy/personal-data-map.ts), as their
 * copy of their data holds them ("Download my data", issue 40). The map is handed in: it is the one place
 * that names every table holding personal data, on purpose, so this reader lives in the database layer
 * with the schema and reads any of them. Each table's rows are found from the person by the map's `owner`
 * (a column holding their user id, or an id of a row of a `via` table), or for the few the map says `how`,
 * by a rule of its own below (HOW). Only the columns the export may hold are read (`exportedColumns`):
 * secrets and other people's ids never leave.
 */

/** What the reader needs of one table of the map. */
export interface MappedTable {
  owner: { column: string; via?: string; how?: string };
  columns: Readonly<Record<string, { export: boolean }>>;
  exportRest: boolean;
}
export type PersonalMap = Readonly<Record<string, MappedTable>>;

/** One table of the copy: the columns read, in the table's order, and the person's rows. */
export interface PersonalRows {
  table: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

/**
 * The columns of a table that go into the copy, in the table's order: each column the map lists with
 * `export: true`, and with `exportRest` every column it does not list (a listed `export: false` stays out).
 */
export function exportedColumns(entry: MappedTable, tableColumns: readonly string[]): string[] {
  return tableColumns.filter((column) => {
    const mapped = entry.columns[column];
    return mapped ? mapped.export : entry.exportRest;
  });
}

/** The person the rows are found from. */
interface Person {
  id: string;
  email: string;
  image: string | null;
}

const id = (name: string) => sql.identifier(name);

/** The condition that finds a table's rows of the person (`whereOf` of another table), or null for none. */
type RowsOf = (table: string) => SQL | null;

/**
 * The tables whose rows the map finds by `how`: the condition on their rows, or null when none is the
 * person's or none is exported. A table the map gives a `how` without a rule here is an error.
 */
const HOW: Readonly<Record<string, (person: Person, rowsOf: RowsOf) => SQL | null>> = {
  // The profile picture the shop stores: the user's image is /uploads/<key>.
  media: (person) =>
    person.image?.startsWith('/uploads/') ? sql`${id('key')} = ${person.image.slice(9)}` : null,
  // Staff's actions on the person: on their account (their user id), their orders and their returns.
  audit_event: (person, rowsOf) => {
    const about = [sql`${id('subject_id')} = ${person.id}`];
    for (const table of ['order', 'order_return']) {
      const rows = rowsOf(table);
      if (rows)
        about.push(sql`${id('subject_id')} IN (SELECT ${id('id')}::text FROM ${id(table)} WHERE ${rows})`);
    }
    return sql.join(about, sql` OR `);
  },
  // Invitations sent to the person's address, or accepted by their account.
  staff_invitation: (person) =>
    sql`lower(${id('email')}) = lower(${person.email}::text) OR ${id('accepted_by')} = ${person.id}`,
  // One-time tokens and security counters: secrets, never in a copy.
  verification: () => null,
  rate_limit: () => null,
};

/** The condition that finds the person's rows of `table`, or null when none is to be read. */
function whereOf(map: PersonalMap, table: string, person: Person): SQL | null {
  const entry = map[table];
  if (!entry) throw new Error(`${table} is not in the personal-data map`);
  const { column, via, how } = entry.owner;
  if (how !== undefined) {
    const rule = HOW[table];
    if (!rule) throw new Error(`${table}: the map says how its rows are found, personal-rows.ts has no rule`);
    const rows = rule(person, (other) => whereOf(map, other, person));
    return rows ? sql`(${rows})` : null;
  }
  if (via !== undefined) {
    const rows = whereOf(map, via, person);
    return rows ? sql`${id(column)} IN (SELECT ${id('id')} FROM ${id(via)} WHERE ${rows})` : null;
  }
  return sql`${id(column)} = ${person.id}`;
}

type Rows<T> = { rows: T[] };

/** Every column of the mapped tables, in each table's order, with its type. */
async function columnsOf(
  db: DbOrTx,
  tables: string[],
): Promise<Map<string, { name: string; type: string }[]>> {
  const result = (await db.execute(sql`
    SELECT table_name AS "table", column_name AS "name", data_type AS "type"
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name IN ${tables}
    ORDER BY table_name, ordinal_position`)) as unknown as Rows<{
    table: string;
    name: string;
    type: string;
  }>;
  const columns = new Map<string, { name: string; type: string }[]>();
  for (const row of result.rows) columns.set(row.table, [...(columns.get(row.table) ?? []), row]);
  return columns;
}

/** A column as the copy holds it: bytes (a picture) as base64, everything else as PostgreSQL's JSON writes it. */
const selected = (column: { name: string; type: string }) =>
  column.type === 'bytea'
    ? sql`translate(encode(${id(column.name)}, 'base64'), chr(10), '') AS ${id(column.name)}`
    : id(column.name);

/**
 * The person's rows of every table of `map` that holds any for them and has a column to export, in the
 * map's order, each row as JSON (instants as ISO 8601 text, JSON columns as they are): null when the
 * user does not exist.
 */
export async function personalRows(
  db: DbOrTx,
  map: PersonalMap,
  userId: string,
): Promise<PersonalRows[] | null> {
  const found = (await db.execute(
    sql`SELECT ${id('id')} AS "id", ${id('email')} AS "email", ${id('image')} AS "image" FROM ${id('user')} WHERE ${id('id')} = ${userId}`,
  )) as unknown as Rows<Person>;
  const person = found.rows[0];
  if (!person) return null;
  const tables = Object.keys(map);
  const columns = await columnsOf(db, tables);
  const copy: PersonalRows[] = [];
  for (const table of tables) {
    const entry = map[table] as MappedTable;
    const rows = whereOf(map, table, person);
    const all = columns.get(table) ?? [];
    const names = exportedColumns(
      entry,
      all.map((column) => column.name),
    );
    if (!rows || names.length === 0) continue;
    const read = all.filter((column) => names.includes(column.name)).map(selected);
    const result = (await db.execute(sql`
      SELECT row_to_json(person_row)::text AS "row"
      FROM (SELECT ${sql.join(read, sql`, `)} FROM ${id(table)} WHERE ${rows}) AS person_row`)) as unknown as Rows<{
      row: string;
    }>;
    copy.push({ table, columns: names, rows: result.rows.map(({ row }) => JSON.parse(row)) });
  }
  return copy;
}
