import type { AbandonedCheckoutsPage } from '@shop/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { SALES_QUERY_KEY } from './get-sales-report';

export const ABANDONED_CHECKOUTS_QUERY_KEY = [...SALES_QUERY_KEY, 'abandoned-checkouts'] as const;

/**
 * `GET /api/admin/abandoned-checkouts?page=N` (orders.read): one page of the abandoned checkouts of the
 * last 90 days, newest first, with the figures of them all.
 */
export function getAbandonedCheckouts(page: number): Promise<AbandonedCheckoutsPage> {
  return api.get<AbandonedCheckoutsPage>('/admin/abandoned-checkouts', { page });
}

/** The abandoned checkouts, a page at a time: each 'Show more' adds the next page under the last. */
export function useAbandonedCheckouts() {
  return useInfiniteQuery({
    queryKey: ABANDONED_CHECKOUTS_QUERY_KEY,
    queryFn: ({ pageParam }) => getAbandonedCheckouts(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
