import type { Product } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { batchedRead } from '../../lib/batched-read';
import * as repository from './catalog.repository';
import { toProductWire } from './product-wire';

const readers = new WeakMap<DbOrTx, (id: string) => Promise<Product | undefined>>();

/**
 * A product on sale as its page shows it, read as of now; 404 when it is not on sale. The product pages
 * asked for at the same time are read in one statement (the visits that arrive while one is read wait for
 * the next), so a busy instance spends one query on many pages, and no page is older than its request.
 */
export async function productPage(db: DbOrTx, id: string): Promise<Product> {
  let read = readers.get(db);
  if (!read) {
    read = batchedRead(async (ids: string[]) => {
      const rows = await repository.findProductsByIds(db, ids);
      return new Map(rows.map((row) => [row.id, toProductWire(row)]));
    });
    readers.set(db, read);
  }
  const product = await read(id);
  if (!product) throw AppError.notFound('Product');
  return product;
}
