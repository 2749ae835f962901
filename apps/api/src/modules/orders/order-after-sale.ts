import type { FulfilmentState, OrderState } from '@shop/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import * as repository from './orders.repository';

/**
 * What the modules of the after-sale (fulfilment, returns) ask of an order (docs/decisions/0029): the
 * order locked while a shipment or a return of it is made, its numbers, where its fulfilment stands, and a
 * size exchange's replacement order.
 */

/** An order's row and lines, the row locked until `tx` ends (shipments are made one at a time per order). */
export interface LockedOrder {
  id: string;
  number: number;
  userId: string;
  state: OrderState;
  fulfilment: FulfilmentState;
  items: { position: number; productId: string; size: number; count: number }[];
}

export async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | undefined> {
  const row = await repository.lockOrder(tx, orderId);
  if (!row) return undefined;
  const items = await repository.findItems(tx, [orderId]);
  return {
    id: row.id,
    number: row.number,
    userId: row.userId,
    state: row.state,
    fulfilment: row.fulfilment,
    items: items.map(({ position, productId, size, count }) => ({ position, productId, size, count })),
  };
}

/** Records how much of the order left: in the transaction of the shipment or delivery that changed it. */
export async function setFulfilment(db: DbOrTx, orderId: string, fulfilment: FulfilmentState): Promise<void> {
  await repository.setFulfilment(db, orderId, fulfilment);
}

/** An order with its lines, as a return of it is checked and refunded. */
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
export function orderNumbersOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  return repository.findNumbers(db, orderIds);
}

/** These orders' numbers and currencies by id: the staff's returns show money in their order's currency. */
export function orderNumbersAndCurrenciesOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { number: number; currency: string }>> {
  return repository.findNumbersAndCurrencies(db, orderIds);
}

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
      genders: item.genders,
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
