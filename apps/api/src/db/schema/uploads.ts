import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** node-postgres reads a bytea as a Buffer, PGlite as a Uint8Array: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded and seeded pictures, kept in the database when it is PostgreSQL so that every instance serves
 * every picture (docs/decisions/0018). Only the uploads module reads or writes it. A key is written once
 * and never changed: its pictures are served as immutable.
 */
export const media = pgTable('media', {
  /** The path under /uploads/, e.g. `avatars/<uuid>.webp`. */
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /** The length of `bytes`, readable (for the table's size per folder) without fetching them. */
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
