import type { LowStockPage } from '@shop/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { SALES_QUERY_KEY } from './get-sales-report';

export const LOW_STOCK_QUERY_KEY = [...SALES_QUERY_KEY, 'low-stock'] as const;

/** `GET /api/admin/sales/low-stock?page=N` (lowStockQuerySchema): one page of the sizes running low. */
export function getLowStock(page: number): Promise<LowStockPage> {
  return api.get<LowStockPage>('/admin/sales/low-stock', { page });
}

/** The sizes running low, a page at a time: each 'Show more' adds the next page under the last. */
export function useLowStock() {
  return useInfiniteQuery({
    queryKey: LOW_STOCK_QUERY_KEY,
    queryFn: ({ pageParam }) => getLowStock(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
