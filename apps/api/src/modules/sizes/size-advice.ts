import { SIZE_ADVICE_MIN_BUYERS, type SizeAdvice, sizeKey } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import * as repository from './size-advice.repository';

/**
 * "You kept 10 in Air Force 1. Buyers who kept 10 in Air Force 1 mostly kept 10.5 in this model" (issue 39).
 * A pair is kept when its line is in a paid order and was not sent back for its size (returned as too small
 * or too large, or exchanged); an exchange's replacement is a pair kept in the new size. The statistics are
 * worked out in the background (refreshSizeAdvice) into the `size_advice` table; a shopper's request reads
 * only their own pairs and those rows.
 */

/** A line of a paid order with its buyer, as the orders module gives it. */
interface PaidLine {
  orderId: string;
  position: number;
  userId: string;
  productId: string;
  name: string;
  size: number;
  count: number;
}

/** What size advice needs from the app: the composition root asks orders, returns and the catalogue. */
export interface SizeAdviceDeps {
  db: Db;
  /** The paid lines of the first `buyers` buyers whose ids sort after `after`, ordered by buyer. */
  paidLinesOfBuyers(db: DbOrTx, after: string | null, buyers: number): Promise<PaidLine[]>;
  /** One buyer's paid lines. */
  paidLinesOfBuyer(db: DbOrTx, userId: string): Promise<PaidLine[]>;
  /** Units of these orders' lines sent back for size, by `<orderId>/<position>`. */
  sentBackForSize(db: DbOrTx, orderIds: string[]): Promise<Map<string, number>>;
  /** Whether a product is on sale. */
  productExists(db: DbOrTx, productId: string): Promise<boolean>;
}

/**
 * The refresh runs every quarter of an hour on one instance, and not after each payment or return: a row
 * moves only once SIZE_ADVICE_MIN_BUYERS buyers agree, so one more sale or return seldom changes an
 * answer, while a refresh reads every buyer's pairs. Staff and tests may queue a run at any time (the
 * `sizeAdvice` job).
 */
export const SIZE_ADVICE_SCHEDULE = '*/15 * * * *';

/** Buyers whose pairs a refresh reads at once. */
const BUYERS_PER_READ = 250;

/** A pair a buyer kept: the product and the size. */
type Kept = Pick<PaidLine, 'userId' | 'productId' | 'name' | 'size'>;

/** The lines' pairs that were kept: each line less its units sent back for size, when some are left. */
async function keptOf(deps: SizeAdviceDeps, lines: readonly PaidLine[]): Promise<Kept[]> {
  const sentBack = await deps.sentBackForSize(deps.db, [...new Set(lines.map((line) => line.orderId))]);
  return lines.filter((line) => line.count > (sentBack.get(`${line.orderId}/${line.position}`) ?? 0));
}

/**
 * The buyers counted per target product, basis product and basis size, then per size kept in the target:
 * a buyer counts once for each size they kept in the target, under each size they kept in the basis.
 */
class Tally {
  private readonly counts = new Map<string, Map<number, number>>();

  /** One buyer's kept pairs. */
  add(pairs: readonly Kept[]): void {
    const sizes = new Map<string, Set<number>>();
    for (const pair of pairs)
      sizes.set(pair.productId, (sizes.get(pair.productId) ?? new Set()).add(pair.size));
    for (const [basis, basisSizes] of sizes)
      for (const [target, targetSizes] of sizes) {
        if (target === basis) continue;
        for (const basisSize of basisSizes) {
          const place = `${target} ${basis} ${basisSize}`;
          const kept = this.counts.get(place) ?? new Map<number, number>();
          for (const size of targetSizes) kept.set(size, (kept.get(size) ?? 0) + 1);
          this.counts.set(place, kept);
        }
      }
  }

  /**
   * Per target, basis and basis size: the size most buyers kept in the target (the smaller of two kept as
   * often), when `least` buyers or more kept it.
   */
  rows(least: number): repository.SizeAdviceRow[] {
    const rows: repository.SizeAdviceRow[] = [];
    for (const [place, kept] of this.counts) {
      const [productId = '', basisProductId = '', basisSize = ''] = place.split(' ');
      let best: { size: number; buyers: number } | undefined;
      for (const [size, buyers] of kept)
        if (!best || buyers > best.buyers || (buyers === best.buyers && size < best.size))
          best = { size, buyers };
      if (best && best.buyers >= least)
        rows.push({ productId, basisProductId, basisSize: Number(basisSize), ...best });
    }
    return rows;
  }
}

/** Each buyer's pairs, one buyer after another (the pairs come ordered by buyer). */
function* byBuyer(pairs: readonly Kept[]): Generator<Kept[]> {
  let start = 0;
  for (let index = 1; index <= pairs.length; index += 1) {
    if (index === pairs.length || pairs[index]?.userId !== pairs[start]?.userId) {
      yield pairs.slice(start, index);
      start = index;
    }
  }
}

/**
 * The `sizeAdvice` job: counts every buyer's kept pairs, model against model, and replaces the advice
 * table with the rows SIZE_ADVICE_MIN_BUYERS buyers or more agree on. Answers how many rows it holds.
 */
export async function refreshSizeAdvice(deps: SizeAdviceDeps): Promise<number> {
  const tally = new Tally();
  let after: string | null = null;
  for (;;) {
    const lines = await deps.paidLinesOfBuyers(deps.db, after, BUYERS_PER_READ);
    const last = lines.at(-1);
    if (!last) break;
    for (const pairs of byBuyer(await keptOf(deps, lines))) tally.add(pairs);
    after = last.userId;
  }
  const rows = tally.rows(SIZE_ADVICE_MIN_BUYERS);
  await inTransaction(deps.db, (tx) => repository.replaceAdvice(tx, rows));
  return rows.length;
}

/**
 * `GET /api/products/:id/size-advice`: of the advice rows about the product from a pair the shopper kept,
 * the one most buyers agree on (SIZE_ADVICE_MIN_BUYERS at least), or null; 404 when it is not on sale.
 */
export async function sizeAdviceFor(
  deps: SizeAdviceDeps,
  userId: string,
  productId: string,
): Promise<SizeAdvice> {
  if (!(await deps.productExists(deps.db, productId))) throw AppError.notFound('Product');
  const kept = (await keptOf(deps, await deps.paidLinesOfBuyer(deps.db, userId))).filter(
    (pair) => pair.productId !== productId,
  );
  const names = new Map(kept.map((pair) => [pair.productId, pair.name]));
  const keptSizes = new Set(kept.map((pair) => `${pair.productId} ${pair.size}`));
  const [best] = (await repository.findAdvice(deps.db, productId, [...names.keys()]))
    .filter((row) => row.buyers >= SIZE_ADVICE_MIN_BUYERS)
    .filter((row) => keptSizes.has(`${row.basisProductId} ${row.basisSize}`))
    .sort(
      (a, b) =>
        b.buyers - a.buyers ||
        (a.basisProductId < b.basisProductId ? -1 : a.basisProductId > b.basisProductId ? 1 : 0) ||
        a.basisSize - b.basisSize,
    );
  if (!best) return null;
  return {
    size: sizeKey(best.size),
    basis: {
      productId: best.basisProductId,
      name: names.get(best.basisProductId) ?? '',
      size: sizeKey(best.basisSize),
    },
    buyers: best.buyers,
  };
}
