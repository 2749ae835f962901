import { asc, inArray } from 'drizzle-orm';
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
