import type { ProductDetail } from '@shop/contracts';
import { useQueries } from '@tanstack/react-query';
import { productQuery } from '../../../lib/catalog/catalog-queries';

/** Units on sale per size of each product, as its page shows them; absent while loading or failed. */
export type StockByProduct = ReadonlyMap<string, ProductDetail['stock']>;

/**
 * `GET /api/products/details/:id` for each product of a return form: which sizes have units on sale, so an
 * exchange offers only those. Read afresh each time the form opens (stock moves).
 */
export function useExchangeStock(productIds: readonly string[]) {
  return useQueries({
    queries: [...new Set(productIds)].map((id) => ({ ...productQuery(id), staleTime: 0 })),
    combine: (results) => {
      const ids = [...new Set(productIds)];
      const stock = new Map<string, ProductDetail['stock']>();
      results.forEach((result, index) => {
        const id = ids[index];
        if (id !== undefined && result.data) stock.set(id, result.data.stock);
      });
      return {
        stock: stock as StockByProduct,
        loading: results.some((result) => result.isPending),
        failed: results.some((result) => result.isError),
      };
    },
  });
}
