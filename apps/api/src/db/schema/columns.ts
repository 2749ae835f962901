import { type AnyPgColumn, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share. Each builds the very column the tables used to spell out, so the
 * generated SQL is unchanged. No table is imported here (the tables import this file): a reference's
 * target comes from its caller.
 */

/** A random uuid primary key named `id`. */
export const idKey = () => uuid('id').primaryKey().defaultRandom();

/** A timestamp with time zone, nullable unless chained otherwise. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, set on insert. */
export const createdAt = () => stamp('created_at').notNull().defaultNow();

/** `created_at` and `updated_at`, both set on insert. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/** A uuid column referencing another table's column, nullable unless chained otherwise. */
export const uuidRef = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade' | 'set null') =>
  uuid(name).references(target, onDelete ? { onDelete } : {});

/** A required uuid column referencing another table's column, its rows deleted with the row it names. */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  uuidRef(name, target, 'cascade').notNull();

/** An order line as another table points at it: its position in the order and its product. */
export const orderLineKey = () => ({
  position: integer('position').notNull(),
  productId: uuid('product_id').notNull(),
});
