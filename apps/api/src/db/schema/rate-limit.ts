import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/** Fixed-window counters for rate limits (per IP and per account), shared by every API instance. */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: stamp('window_start').notNull().default(sql`now()`),
});
