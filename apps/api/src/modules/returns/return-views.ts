import { fromCents, type OrderReturn, type ReturnReason, sizeKey } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as orders from '../orders';
import * as payments from '../payments';
import * as repository from './returns.repository';

/**
 * A return as the API shows it; `returned`: what the payments ledger says its receipt gave back, and how;
 * `exchangeOrderNumber`: the number of its exchange's replacement order.
 */
export function toReturnWire(
  row: repository.ReturnRow & { lines: repository.ReturnLineRow[] },
  returned: payments.Returned = { cents: 0, parts: [] },
  exchangeOrderNumber: number | null = null,
): OrderReturn {
  return {
    id: row.id,
    number: `R-${row.number}`,
    orderId: row.orderId,
    state: row.state,
    reason: row.reason,
    comment: row.comment,
    message: row.staffMessage,
    lines: row.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      size: sizeKey(line.size),
      count: line.count,
      resolution: line.resolution,
      exchangeSize: line.exchangeSize === null ? null : sizeKey(line.exchangeSize),
      reason: line.reason,
      restock: line.restocked,
    })),
    refundedAmount: fromCents(returned.cents),
    refundedTax: fromCents(row.refundedTaxCents),
    refundParts: returned.parts.map((part) => ({ tender: part.tender, amount: fromCents(part.cents) })),
    refundTo: row.refundTo,
    exchangeOrderId: row.exchangeOrderId,
    exchangeOrderNumber,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    receivedAt: row.receivedAt ? row.receivedAt.toISOString() : null,
  };
}

/**
 * Returns as the API shows them, each with what the payments ledger says its receipt gave back and its
 * replacement order's number. One query after the other: `db` may be a transaction.
 */
export async function returnsWithRefunds(
  db: DbOrTx,
  rows: (repository.ReturnRow & { lines: repository.ReturnLineRow[] })[],
): Promise<OrderReturn[]> {
  const received = rows.filter((row) => row.state === 'received').map((row) => row.id);
  const refunded = await payments.returnedByReturn(db, received);
  const numbers = await orders.orderNumbersOf(db, exchangeOrderIds(rows));
  return rows.map((row) =>
    toReturnWire(
      row,
      refunded.get(row.id),
      row.exchangeOrderId ? (numbers.get(row.exchangeOrderId) ?? null) : null,
    ),
  );
}

function exchangeOrderIds(rows: repository.ReturnRow[]): string[] {
  return rows.flatMap((row) => (row.exchangeOrderId ? [row.exchangeOrderId] : []));
}

/** What a replacement order replaces pairs of: its original order and the return, by number. */
export interface Replaced {
  orderId: string;
  orderNumber: number;
  returnId: string;
  returnNumber: string;
}

/**
 * The origin of each of these orders that is a size exchange's replacement, by the replacement's id: every
 * order shows it, through the after-sale reader (decision 0032). One query after the other.
 */
export async function replacedBy(db: DbOrTx, orderIds: string[]): Promise<Map<string, Replaced>> {
  const rows = await repository.findReturnsExchangedBy(db, orderIds);
  const numbers = await orders.orderNumbersOf(
    db,
    rows.map((row) => row.orderId),
  );
  const byReplacement = new Map<string, Replaced>();
  for (const row of rows) {
    if (!row.exchangeOrderId) continue;
    byReplacement.set(row.exchangeOrderId, {
      orderId: row.orderId,
      orderNumber: numbers.get(row.orderId) ?? 0,
      returnId: row.id,
      returnNumber: `R-${row.number}`,
    });
  }
  return byReplacement;
}

/**
 * The returns of each of these orders: every order shows them, through the after-sale reader the
 * composition root hands the orders module (decision 0032).
 */
export async function returnsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderReturn[]>> {
  const byOrder = new Map<string, OrderReturn[]>();
  for (const wire of await returnsWithRefunds(db, await repository.findReturnsOfOrders(db, orderIds))) {
    byOrder.set(wire.orderId, [...(byOrder.get(wire.orderId) ?? []), wire]);
  }
  return byOrder;
}

/**
 * The units returns gave back for a refund (received, refund lines), of returns opened since `from`, by order
 * and line: the sales figures count them out.
 */
export function refundedLinesSince(db: DbOrTx, from: Date) {
  return repository.findRefundedLines(db, from);
}

/**
 * Returns opened in [from, to) that count (not rejected or cancelled): how many and their units, per reason
 * (counted per line), and per product.
 */
export async function returnFigures(db: DbOrTx, from: Date, to: Date, topProducts: number) {
  const [total, perReason, perProduct] = await Promise.all([
    repository.countReturns(db, from, to),
    repository.countReturnsPerReason(db, from, to),
    repository.countReturnedUnitsPerProduct(db, from, to, topProducts),
  ]);
  return {
    ...total,
    perReason: perReason as { reason: ReturnReason; returns: number; lines: number; units: number }[],
    perProduct,
  };
}

/** What a received return refunded, for the tax report: its tax given back, and its refunded lines' units. */
export interface RefundedTax {
  id: string;
  orderId: string;
  receivedAt: Date | null;
  refundedTaxCents: number;
  lines: { position: number; count: number }[];
}

/** The received returns of these orders, with the tax each gave back and the units it refunded per line. */
export async function refundedTaxOf(db: DbOrTx, orderIds: string[]): Promise<RefundedTax[]> {
  const rows = await repository.findReturnsOfOrders(db, orderIds);
  return rows
    .filter((row) => row.state === 'received')
    .map((row) => ({
      id: row.id,
      orderId: row.orderId,
      receivedAt: row.receivedAt,
      refundedTaxCents: row.refundedTaxCents,
      lines: row.lines
        .filter((line) => line.resolution === 'refund')
        .map((line) => ({ position: line.position, count: line.count })),
    }));
}
