import { buildOrder, buildOrderLine } from '@shop/contracts/testing';
import type { FastifyInstance } from 'fastify';
import { order, orderItem, paymentEntry } from '../db/schema';

export interface PastLine {
  productId: string;
  name: string;
  brand?: string;
  size?: number;
  count: number;
  unitPriceCents: number;
  /** What a discount code took off the line (all its units). */
  discountCents?: number;
}

/** What a past order's lines and the order default to: the shared builders' defaults. */
const LINE = buildOrderLine();
const ORDER = buildOrder();

/**
 * An order written straight to the database, placed (and, when aprobed or refunded, paid) at `createdAt`
 * in `state`, its total the sum of its lines and shipping, its payments ledger a capture of the total when
 * paid and a refund of `refundedCents` (no stock moves, no provider): the reports and exports read orders
 * as they are, placed on days past. Answers its id.
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
  const provider = input.provider ?? ORDER.provider;
  const discountCents = input.lines.reduce((sum, line) => sum + (line.discountCents ?? 0), 0);
  const totalCents = input.lines.reduce(
    (sum, line) => sum + line.count * line.unitPriceCents,
    (input.shipping?.cents ?? 0) - discountCents,
  );
  const [row] = await app.db
    .insert(order)
    .values({
      userId: input.userId,
      state: input.state,
      provider,
      providerReference: `past_${input.createdAt.getTime()}`,
      totalCents,
      discountCents,
      ...(input.shipping ? { shippingName: input.shipping.name, shippingCents: input.shipping.cents } : {}),
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
      discountCents: line.discountCents ?? 0,
    })),
  );
  const paid = input.state === 'aprobed' || input.refundedAt !== undefined;
  const refunded = input.refundedCents ?? 0;
  const entries = [
    ...(paid && totalCents > 0
      ? [
          {
            kind: 'capture' as const,
            amountCents: totalCents,
            key: `capture:${row.id}`,
            createdAt: input.createdAt,
          },
        ]
      : []),
    ...(refunded > 0
      ? [
          {
            kind: 'refund' as const,
            amountCents: refunded,
            key: `refund-order:${row.id}`,
            createdAt: input.refundedAt ?? input.createdAt,
          },
        ]
      : []),
  ];
  if (entries.length > 0) {
    await app.db.insert(paymentEntry).values(
      entries.map((entry) => ({
        ...entry,
        orderId: row.id,
        tender: provider,
        reference: `past_${input.createdAt.getTime()}`,
      })),
    );
  }
  return row.id;
}
