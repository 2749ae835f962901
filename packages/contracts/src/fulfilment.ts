import { SIZE_PATTERN } from './constants';
import { CARRIERS, TRACKING_NUMBER_PATTERN } from './fulfilment-rules';
import { limitQuerySchema, pageQuerySchema } from './paging';
import { z } from './zod';

/** A line of an order, as shipments and returns name it: the product and size, and how many units. */
export const orderLineRefSchema = z.object({
  productId: z.uuid({ error: 'must be a product id' }),
  size: z
    .union([z.string(), z.number()], { error: 'must be a shoe size such as 9 or 9.5' })
    .transform((size) => String(size))
    .refine((size) => SIZE_PATTERN.test(size), { error: 'must be a shoe size such as 9 or 9.5' }),
  count: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1000, { error: 'must be at most 1000' }),
});

/** `POST /api/orders/:id/shipments` (staff): which units left, with whom, under which number. */
export const shipmentBodySchema = z.object({
  lines: z
    .array(orderLineRefSchema)
    .min(1, { error: 'must name at least one line' })
    .max(50, { error: 'must have at most 50 lines' }),
  carrier: z.enum(CARRIERS, { error: `must be one of ${CARRIERS.join(', ')}` }),
  trackingNumber: z
    .string({ error: 'is required' })
    .trim()
    .regex(TRACKING_NUMBER_PATTERN, { error: 'must be 4 to 40 letters, digits, spaces or dashes' }),
});
export type ShipmentBody = z.infer<typeof shipmentBodySchema>;

export const shipmentParamsSchema = z.object({
  id: z.uuid({ error: 'must be an order id' }),
  shipmentId: z.uuid({ error: 'must be a shipment id' }),
});

export const shipmentLineSchema = z.object({
  productId: z.string(),
  size: z.string(),
  count: z.number().int(),
});
export const shipmentSchema = z.object({
  id: z.string(),
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  lines: z.array(shipmentLineSchema),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** `GET /api/fulfilment/to-ship` (staff): paid orders not fully shipped, oldest first, one page. */
export const TO_SHIP_PAGE_SIZE = 20;
export const toShipQuerySchema = z.object({
  page: pageQuerySchema,
  limit: limitQuerySchema(TO_SHIP_PAGE_SIZE),
});
export type ToShipQuery = z.infer<typeof toShipQuerySchema>;

/** An order line as the shipments count it: its product, size and how many were bought. */
export interface LineToShip {
  id: string;
  size: string;
  count: number;
}

/**
 * How many units of each line are still to ship: the lines' counts minus what the shipments already took
 * (a shipment names a line by its product and size), in the lines' order; fully shipped lines show 0.
 */
export function leftToShip<Line extends LineToShip>(
  lines: Line[],
  shipments: { lines: { productId: string; size: string; count: number }[] }[],
): (Line & { left: number })[] {
  const shipped = new Map<string, number>();
  for (const shipment of shipments) {
    for (const line of shipment.lines) {
      const key = `${line.productId}|${line.size}`;
      shipped.set(key, (shipped.get(key) ?? 0) + line.count);
    }
  }
  return lines.map((line) => {
    const key = `${line.id}|${line.size}`;
    const taken = Math.min(shipped.get(key) ?? 0, line.count);
    shipped.set(key, (shipped.get(key) ?? 0) - taken);
    return { ...line, left: line.count - taken };
  });
}
