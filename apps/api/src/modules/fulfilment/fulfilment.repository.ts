import type { Carrier } from '@shop/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shipment, shipmentLine } from '../../db/schema/fulfilment';

export type ShipmentRow = typeof shipment.$inferSelect;
export type ShipmentLineRow = typeof shipmentLine.$inferSelect;

/** The shipments of these orders, oldest first, each with its lines. */
export async function findShipments(
  db: DbOrTx,
  orderIds: string[],
): Promise<(ShipmentRow & { lines: ShipmentLineRow[] })[]> {
  if (orderIds.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db.select().from(shipment).where(inArray(shipment.orderId, orderIds)).orderBy(asc(shipment.shippedAt)),
    db
      .select()
      .from(shipmentLine)
      .where(inArray(shipmentLine.orderId, orderIds))
      .orderBy(asc(shipmentLine.position)),
  ]);
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.shipmentId === row.id) }));
}

/** How many units of each of the order's lines (by position) its shipments took so far. */
export async function shippedCounts(db: DbOrTx, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({
      position: shipmentLine.position,
      count: sql<number>`sum(${shipmentLine.count})`.mapWith(Number),
    })
    .from(shipmentLine)
    .where(eq(shipmentLine.orderId, orderId))
    .groupBy(shipmentLine.position);
  return new Map(rows.map((row) => [row.position, row.count]));
}

export interface NewShipment {
  orderId: string;
  carrier: Carrier;
  trackingNumber: string;
  shippedBy: string;
  lines: { position: number; productId: string; size: number; count: number }[];
}

/** One parcel and its lines. */
export async function insertShipment(db: DbOrTx, input: NewShipment): Promise<ShipmentRow> {
  const [row] = await db
    .insert(shipment)
    .values({
      orderId: input.orderId,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shippedBy: input.shippedBy,
    })
    .returning();
  if (!row) throw new Error('The shipment was not created');
  await db
    .insert(shipmentLine)
    .values(input.lines.map((line) => ({ ...line, shipmentId: row.id, orderId: input.orderId })));
  return row;
}

export async function findShipment(
  db: DbOrTx,
  orderId: string,
  shipmentId: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipment)
    .where(and(eq(shipment.id, shipmentId), eq(shipment.orderId, orderId)));
  return row;
}

/** Marks the parcel delivered, once: undefined when it was already (or is not the order's). */
export async function markDelivered(
  db: DbOrTx,
  orderId: string,
  shipmentId: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .update(shipment)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(shipment.id, shipmentId), eq(shipment.orderId, orderId), isNull(shipment.deliveredAt)))
    .returning();
  return row;
}

/** How many of the order's parcels are still on their way. */
export async function undeliveredCount(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(shipment)
    .where(and(eq(shipment.orderId, orderId), isNull(shipment.deliveredAt)));
  return row?.count ?? 0;
}
