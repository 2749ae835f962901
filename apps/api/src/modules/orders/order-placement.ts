import type { DbOrTx, Tx } from '../../db/client';
import * as repository from './orders.repository';

/** What checkout asks of the orders as it places one, in its own transaction. */

/**
 * How many pending orders a user has and how many units they hold, counted under a per-user lock held until
 * `tx` ends: checkout counts in the transaction that creates the order, so two parallel checkouts of one
 * account are counted one after the other and cannot both pass a cap.
 */
export async function lockedPendingHoldings(tx: Tx, userId: string) {
  await repository.lockOrdersOfUser(tx, userId);
  return repository.pendingHoldings(tx, userId);
}

/** Pairs of these products a buyer holds in pending or paid orders (a drop's per-person limit), by product. */
export function unitsHeldBy(db: DbOrTx, userId: string, productIds: string[]): Promise<Map<string, number>> {
  return repository.unitsHeldBy(db, userId, productIds);
}

export type NewOrder = repository.NewOrder;

/** Writes a pending order with its lines, as the pricing function made it. */
export function createPendingOrder(tx: Tx, order: NewOrder): Promise<repository.OrderRow> {
  return repository.insertOrder(tx, order);
}

/** Records the provider's payment page for an order: its reference, and where the buyer pays it. */
export function setPaymentPage(
  db: DbOrTx,
  orderId: string,
  page: { reference: string; url: string },
): Promise<void> {
  return repository.setPaymentPage(db, orderId, page);
}
