import type { FitAnswer } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as repository from './reviews.repository';

/**
 * How a product's reviewers say it fits, for its page (the sizes module words it): how many gave each
 * answer, per size they bought (null for a review written before the size was kept).
 */
export function fitAnswersOfProduct(
  db: DbOrTx,
  productId: string,
): Promise<{ fit: FitAnswer; size: string | null; answers: number }[]> {
  return repository.countFitAnswersOfProduct(db, productId);
}
