import { type Shipment, sizeKey, trackingUrl } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as repository from './fulfilment.repository';

/** A parcel as the wire shows it: its carrier's tracking page, its lines by product and size. */
export function toShipment(row: repository.ShipmentRow & { lines: repository.ShipmentLineRow[] }): Shipment {
  const carrier = row.carrier;
  return {
    id: row.id,
    carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(carrier, row.trackingNumber),
    lines: row.lines.map((line) => ({
      productId: line.productId,
      size: sizeKey(line.size),
      count: line.count,
    })),
    shippedAt: row.shippedAt.toISOString(),
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
  };
}

/**
 * What left for each of these orders: every order shows it, through the after-sale reader the composition
 * root hands the orders module (decision 0032).
 */
export async function shipmentsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, Shipment[]>> {
  const byOrder = new Map<string, Shipment[]>();
  for (const row of await repository.findShipments(db, orderIds)) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(toShipment(row));
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
