import type { DbOrTx } from '../../db/client';
import * as repository from './orders.repository';

/**
 * What the sizes module learns from orders (through the composition root): which pairs buyers paid for,
 * and how many pairs of a model were sold.
 */

/** The paid lines of the first `buyers` buyers after `after` (by id), ordered by buyer. */
export function paidLinesOfBuyers(
  db: DbOrTx,
  after: string | null,
  buyers: number,
): Promise<repository.PaidLine[]> {
  return repository.findPaidLinesOfBuyers(db, after, buyers);
}

/** One buyer's paid lines. */
export function paidLinesOfBuyer(db: DbOrTx, userId: string): Promise<repository.PaidLine[]> {
  return repository.findPaidLinesOfBuyer(db, userId);
}

/** Pairs of a product sold in paid orders (an exchange's replacement is no new sale). */
export function pairsBought(db: DbOrTx, productId: string): Promise<number> {
  return repository.countPairsBought(db, productId);
}
