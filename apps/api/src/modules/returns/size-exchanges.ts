import type { DbOrTx } from '../../db/client';
import * as repository from './returns.repository';

/**
 * What the sizes module learns from returns (through the composition root): which pairs went back for
 * their size, and which a model's buyers exchanged for another size. Returns that count are the open and
 * received ones (not rejected or cancelled), as in the figures of returns.
 */

/**
 * Units of these orders' lines sent back for size (returned as too small or too large, or exchanged), by
 * `<orderId>/<position>`: pairs the buyer did not keep in that size.
 */
export async function sentBackForSize(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>> {
  const rows = await repository.findUnitsSentBackForSize(db, orderIds);
  return new Map(rows.map((row) => [`${row.orderId}/${row.position}`, row.units]));
}

/** Pairs of a product exchanged for another size: per size bought and size exchanged for. */
export function exchangesOfProduct(
  db: DbOrTx,
  productId: string,
): Promise<{ size: number; exchangeSize: number; units: number }[]> {
  return repository.findExchangesOfProduct(db, productId);
}
