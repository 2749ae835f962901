import type { DbOrTx } from '../../db/client';
import * as repository from './drops.repository';

/**
 * An entrant's erasure (issue 40): their draw entries stay (a draw's published result lists them by
 * anonymous id), without the address, phone and ship-to they were made from; their drop notices go.
 */
export const eraseEntrant = (db: DbOrTx, userId: string) => repository.eraseEntrant(db, userId);
