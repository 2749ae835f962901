import { sizeKey } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as repository from './returns.repository';

/** What returns say about one size of a product: pairs sent back for size, why, and where they went. */
export interface SizeReturns {
  productId: string;
  /** The size key bought ('9.5'). */
  size: string;
  /** Every pair sent back for size, once: returned as too small or too large, or exchanged. */
  sizeReturns: number;
  tooSmall: number;
  tooLarge: number;
  /** Pairs exchanged for a larger size, and for a smaller one. */
  exchangedUp: number;
  exchangedDown: number;
}

/**
 * The pairs sent back for size in the returns opened in [from, to) that count (requested, approved or
 * received), per product and size bought: returned as too small or too large (for a refund or an
 * exchange), and exchanged for a larger or a smaller size (whatever the reason given).
 */
export async function sizeReturnsPerSize(db: DbOrTx, from: Date, to: Date): Promise<SizeReturns[]> {
  const bySize = new Map<string, SizeReturns>();
  for (const line of await repository.findSizeReturnLines(db, from, to)) {
    const size = sizeKey(line.size);
    const id = `${line.productId} ${size}`;
    const row = bySize.get(id) ?? {
      productId: line.productId,
      size,
      sizeReturns: 0,
      tooSmall: 0,
      tooLarge: 0,
      exchangedUp: 0,
      exchangedDown: 0,
    };
    row.sizeReturns += line.units;
    if (line.reason === 'too_small') row.tooSmall += line.units;
    if (line.reason === 'too_large') row.tooLarge += line.units;
    if (line.exchangeSize !== null && line.exchangeSize > line.size) row.exchangedUp += line.units;
    if (line.exchangeSize !== null && line.exchangeSize < line.size) row.exchangedDown += line.units;
    bySize.set(id, row);
  }
  return [...bySize.values()];
}
