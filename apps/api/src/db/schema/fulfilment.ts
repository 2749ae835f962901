import { CARRIERS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { idKey, orderLineKey, ownedBy, stamp, uuidRef } from './columns';
import { order } from './orders';
import { user } from './users';

/** The fulfilment module's tables: each parcel that left for an order, and the order lines in it. */
export const shipment = pgTable(
  'shipment',
  {
    id: idKey(),
    orderId: ownedBy('order_id', () => order.id),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedBy: uuidRef('shipped_by', () => user.id, 'set null'),
    shippedAt: stamp('shipped_at').notNull().defaultNow(),
    deliveredAt: stamp('delivered_at'),
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
    shipmentId: ownedBy('shipment_id', () => shipment.id),
    orderId: uuid('order_id').notNull(),
    /** The order line's position, and its product and size as the order holds them. */
    ...orderLineKey(),
    size: doublePrecision('size').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.position] }),
    check('shipment_line_count_positive', sql`${t.count} > 0`),
    index('shipment_line_order_idx').on(t.orderId, t.position),
  ],
);
