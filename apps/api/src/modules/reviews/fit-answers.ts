import type { DbOrTx } from '../../db/client';
import * as repository from './reviews.repository';

/** How the reviews of one size of a product say it fits: runs small, true to size, runs large. */
export interface FitAnswers {
  productId: string;
  /** The size key their writers bought ('9.5'). */
  size: string;
  small: number;
  true: number;
  large: number;
}

/**
 * The fit answers of the reviews written in [from, to), per product and the size their writers bought;
 * reviews without an answer, or without the size bought, are left out.
 */
export async function fitAnswersPerSize(db: DbOrTx, from: Date, to: Date): Promise<FitAnswers[]> {
  const bySize = new Map<string, FitAnswers>();
  for (const row of await repository.countFitAnswers(db, from, to)) {
    const id = `${row.productId} ${row.size}`;
    const answers = bySize.get(id) ?? {
      productId: row.productId,
      size: row.size,
      small: 0,
      true: 0,
      large: 0,
    };
    answers[row.fit] += row.answers;
    bySize.set(id, answers);
  }
  return [...bySize.values()];
}
