import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A CHECK that a text column holds one of `values`, the contracts' list for it: the list is written once,
 * and the constraint follows it (drizzle-kit sees the same SQL text as long as the list is unchanged).
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const quoted = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(quoted)})`;
}

/** A CHECK that every element of a text array column is one of `values`, the contracts' list for it. */
export function allOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const quoted = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} <@ ARRAY[${sql.raw(quoted)}]::text[]`;
}
