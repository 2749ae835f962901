import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { product } from './catalog';
import { createdAt, idKey, ownedBy, stamp } from './columns';
import { user } from './users';

/**
 * A shopper's wish to hear when a sold-out size of a product is on sale again. Open while `notified_at` is
 * null; the one e-mail claims it by setting `notified_at` (a failed send clears it again for a retry).
 */
export const stockAlert = pgTable(
  'stock_alert',
  {
    id: idKey(),
    userId: ownedBy('user_id', () => user.id),
    productId: ownedBy('product_id', () => product.id),
    size: doublePrecision('size').notNull(),
    createdAt: createdAt(),
    notifiedAt: stamp('notified_at'),
  },
  (t) => [
    // One open alert per shopper and size; once used up, the shopper may ask again.
    uniqueIndex('stock_alert_open_idx').on(t.userId, t.productId, t.size).where(sql`${t.notifiedAt} IS NULL`),
    // The subscribers of a size whose units came back.
    index('stock_alert_waiting_idx').on(t.productId, t.size).where(sql`${t.notifiedAt} IS NULL`),
  ],
);
