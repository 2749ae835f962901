import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { order, orderItem, shipment, shipmentLine } from '../db/schema';

/**
 * A parcel that left for an order, written straight to the tables (as the fulfilment module records one):
 * the given units of its lines (by product and size; every unit of every line when none is given),
 * shipped at `shippedAt` and delivered at `deliveredAt` if given. The order's fulfilment follows: shipped
 * (or delivered) once every unit left, partially shipped before. Answers the shipment's id.
 */
export async function shipOrder(
  app: FastifyInstance,
  orderId: string,
  options: {
    lines?: { productId: string; size: number; count: number }[];
    shippedAt?: Date;
    deliveredAt?: Date;
  } = {},
): Promise<string> {
  const items = await app.db.select().from(orderItem).where(eq(orderItem.orderId, orderId));
  const lines =
    options.lines?.map((line) => {
      const item = items.find((row) => row.productId === line.productId && row.size === line.size);
      if (!item) throw new Error(`Order ${orderId} has no line ${line.productId} ${line.size}`);
      return { ...line, position: item.position };
    }) ?? items.map((item) => ({ ...item }));
  const [row] = await app.db
    .insert(shipment)
    .values({
      orderId,
      carrier: 'ups',
      trackingNumber: `1Z${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      shippedAt: options.shippedAt ?? new Date(),
      deliveredAt: options.deliveredAt ?? null,
    })
    .returning({ id: shipment.id });
  if (!row) throw new Error('no shipment');
  await app.db.insert(shipmentLine).values(
    lines.map((line) => ({
      shipmentId: row.id,
      orderId,
      position: line.position,
      productId: line.productId,
      size: line.size,
      count: line.count,
    })),
  );
  const shipped = await app.db.select().from(shipmentLine).where(eq(shipmentLine.orderId, orderId));
  const all = items.every(
    (item) =>
      shipped.filter((line) => line.position === item.position).reduce((sum, line) => sum + line.count, 0) >=
      item.count,
  );
  await app.db
    .update(order)
    .set({ fulfilment: all ? (options.deliveredAt ? 'delivered' : 'shipped') : 'partially_shipped' })
    .where(eq(order.id, orderId));
  return row.id;
}
