import { CARRIERS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { order } from './orders';
import { user } from './users';

/** The fulfilment module's tables: each parcel that left for an order, and the order lines in it. */
export const shipment = pgTable(
  'shipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedBy: uuid('shipped_by').references(() => user.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('shipment_carrier_valid', oneOf(t.carrier, CARRIERS)),
    index('shipment_order_idx').on(t.orderId, t.shippedAt),
  ],
);

/** How many units of one order line (by its position) a shipment holds. */
export const shipmentLine = pgTable(
  'shipment_line',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipment.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    /** The order line's position, and its product and size as the order holds them. */
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    size: doublePrecision('size').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.position] }),
    check('shipment_line_count_positive', sql`${t.count} > 0`),
    index('shipment_line_order_idx').on(t.orderId, t.position),
  ],
);
