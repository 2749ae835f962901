import type { DbOrTx, Tx } from '../../db/client';
import * as repository from './orders.repository';

/**
 * A buyer's erasure (issue 40) as the orders see it: what holds it (open orders, the last order's date),
 * counted under the lock checkout places orders under, so an order placed meanwhile is seen; and the
 * orders kept as accounting records with their ship-to stripped to its country and state.
 */
export async function lockedOpenOrdersOf(tx: Tx, userId: string) {
  await repository.lockOrdersOfUser(tx, userId);
  return repository.findOpenOrdersOf(tx, userId);
}
export const eraseBuyer = (db: DbOrTx, userId: string) => repository.eraseBuyer(db, userId);
