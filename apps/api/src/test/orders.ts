import { buildOrder, buildOrderLine } from '@shop/contracts/testing';
import type { FastifyInstance } from 'fastify';
import { order, orderItem } from '../db/schema';

export interface PastLine {
  productId: string;
  name: string;
  brand?: string;
  size?: number;
  count: number;
  unitPriceCents: number;
}

/** What a past order's lines and the order default to: the shared builders' defaults. */
const LINE = buildOrderLine();
const ORDER = buildOrder();

/**
 * An order written straight to the database, placed (and, when aprobed or refunded, paid) at `createdAt`
 * in `state`, its total the sum of its lines and shipping (no stock moves, no payment): the reports and exports read orders as they are. Answers its id.
 */
export async function pastOrder(
  app: FastifyInstance,
  input: {
    userId: string;
    state: 'pending' | 'aprobed' | 'cancelled';
    createdAt: Date;
    provider?: string;
    lines: PastLine[];
    /** What it was charged for shipping (default: the free standard method, as the column defaults say). */
    shipping?: { name: string; cents: number };
    /** Refunded since, in part or (with `refundedAt`, cancelled) whole. */
    refundedCents?: number;
    refundedAt?: Date;
  },
): Promise<string> {
  const [row] = await app.db
    .insert(order)
    .values({
      userId: input.userId,
      state: input.state,
      provider: input.provider ?? ORDER.provider,
      totalCents: input.lines.reduce(
        (sum, line) => sum + line.count * line.unitPriceCents,
        input.shipping?.cents ?? 0,
      ),
      ...(input.shipping ? { shippingName: input.shipping.name, shippingCents: input.shipping.cents } : {}),
      refundedCents: input.refundedCents ?? 0,
      refundedAt: input.refundedAt,
      // Paid when placed: an aprobed order, or a cancelled one that was refunded.
      paidAt: input.state === 'aprobed' || input.refundedAt ? input.createdAt : undefined,
      // A pending order's reservation still runs, so the sweep leaves it alone.
      reservedUntil: input.state === 'pending' ? new Date(Date.now() + 3_600_000) : input.createdAt,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning({ id: order.id });
  if (!row) throw new Error('no order');
  await app.db.insert(orderItem).values(
    input.lines.map((line, position) => ({
      orderId: row.id,
      position,
      productId: line.productId,
      name: line.name,
      brand: line.brand ?? LINE.brand,
      picture: LINE.card_picture,
      size: line.size ?? Number(LINE.size),
      count: line.count,
      unitPriceCents: line.unitPriceCents,
    })),
  );
  return row.id;
}
