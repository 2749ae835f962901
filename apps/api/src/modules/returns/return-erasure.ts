import type { DbOrTx } from '../../db/client';
import * as repository from './returns.repository';

/**
 * A buyer's erasure (issue 40) as the returns see it: a return in progress holds it; once done, the
 * returns stay (what refunds and credit notes were for) without the buyer's words or staff's to them.
 */
export const returnsInProgressOf = (db: DbOrTx, userId: string) =>
  repository.findReturnsInProgressOf(db, userId);
export const eraseReturnWords = (db: DbOrTx, userId: string) => repository.eraseReturnWords(db, userId);
