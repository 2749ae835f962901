import type { DbOrTx, Tx } from '../../db/client';
import * as repository from './orders.repository';

/**
 * What the returns module asks of the orders module (docs/decisions/0029): the order a return is made
 * from, locked while it is checked; what was refunded of it; and a size exchange's replacement order.
 */

export type ReturnedOrder = repository.OrderRow & { items: repository.OrderItemRow[] };

/**
 * The order with its lines, its row locked until `tx` ends: every change to one order's returns takes
 * this lock first (then the stock rows, in the catalogue's lock order), so two returns of one line made
 * at once are checked one after the other and cannot deadlock.
 */
export async function lockOrderForReturn(tx: Tx, orderId: string): Promise<ReturnedOrder | undefined> {
  const row = await repository.lockOrder(tx, orderId);
  if (!row) return undefined;
  return { ...row, items: await repository.findItems(tx, [orderId]) };
}

/** The order with its lines, unlocked. */
export async function orderForReturn(db: DbOrTx, orderId: string): Promise<ReturnedOrder | undefined> {
  const row = await repository.findOrder(db, orderId);
  if (!row) return undefined;
  return { ...row, items: await repository.findItems(db, [orderId]) };
}

/** The numbers of these orders, by id (the staff's list of returns shows them). */
export const orderNumbersOf = repository.findNumbers;

/** How long a return's refund holds the order's refund claim; a crashed attempt's claim runs out. */
const REFUND_CLAIM_SECONDS = 120;

/**
 * Claims the order's refund for a return's receipt: one refund of an order at a time, whether staff refund
 * the whole order or receive one of its returns. False when another holds it or the order is not paid.
 */
export function claimOrderRefund(db: DbOrTx, orderId: string): Promise<boolean> {
  return repository.claimRefund(db, orderId, REFUND_CLAIM_SECONDS);
}

export const releaseOrderRefund = repository.releaseRefund;

/**
 * Counts a partial refund on the order (its state and `refunded_at` stay: only a whole-order refund
 * cancels it) and ends the claim. False when it would exceed what was paid (nothing changes).
 */
export const addRefunded = repository.addRefundedCents;

/** A size exchange's replacement: paid at zero, linked to the original, waiting to be shipped. */
export async function createReplacementOrder(
  tx: Tx,
  original: ReturnedOrder,
  lines: { position: number; size: number; count: number }[],
): Promise<string> {
  const items = lines.map((line) => {
    const item = original.items.find((candidate) => candidate.position === line.position);
    if (!item) throw new Error(`Order ${original.id} has no line ${line.position}`);
    return {
      productId: item.productId,
      name: item.name,
      brand: item.brand,
      picture: item.picture,
      size: line.size,
      count: line.count,
      unitPriceCents: item.unitPriceCents,
      // A replacement costs nothing: the discount took nothing off it.
      discountCents: 0,
    };
  });
  const row = await repository.insertReplacementOrder(tx, original, items);
  return row.id;
}
