import {
  fromCents,
  type OrderReturn,
  type ReturnReason,
  type ReturnRefundTo,
  type ReturnResolution,
  type ReturnState,
  sizeKey,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as repository from './returns.repository';

/** A return as the API shows it. */
export function toReturnWire(row: repository.ReturnRow & { lines: repository.ReturnLineRow[] }): OrderReturn {
  return {
    id: row.id,
    number: `R-${row.number}`,
    orderId: row.orderId,
    state: row.state as ReturnState,
    reason: row.reason as ReturnReason,
    comment: row.comment,
    message: row.staffMessage,
    lines: row.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      size: sizeKey(line.size),
      count: line.count,
      resolution: line.resolution as ReturnResolution,
      exchangeSize: line.exchangeSize === null ? null : sizeKey(line.exchangeSize),
      restock: line.restocked,
    })),
    refundedAmount: fromCents(row.refundedCents),
    refundTo: row.refundTo as ReturnRefundTo,
    exchangeOrderId: row.exchangeOrderId,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt ? row.receivedAt.toISOString() : null,
  };
}

/**
 * The returns module's read face: the returns of each order. The orders module shows them on every order;
 * it imports nothing of the orders module, so orders can ask it (docs/decisions/0029).
 */
export async function returnsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderReturn[]>> {
  const byOrder = new Map<string, OrderReturn[]>();
  for (const row of await repository.findReturnsOfOrders(db, orderIds)) {
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), toReturnWire(row)]);
  }
  return byOrder;
}

/** Returns opened in [from, to) that count (not rejected or cancelled), per reason and per product. */
export async function returnFigures(db: DbOrTx, from: Date, to: Date, topProducts: number) {
  const [perReason, perProduct] = await Promise.all([
    repository.countReturnsPerReason(db, from, to),
    repository.countReturnedUnitsPerProduct(db, from, to, topProducts),
  ]);
  return { perReason: perReason as { reason: ReturnReason; returns: number; units: number }[], perProduct };
}
