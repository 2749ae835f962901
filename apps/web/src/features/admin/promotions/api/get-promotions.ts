import type { Promotion, PromotionList } from '@shop/contracts';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { PromotionsView } from '../promotions-view';

/** Every staff view of the promotions (the lists, one promotion) sits under this key. */
export const ADMIN_PROMOTIONS_KEY = ['admin', 'promotions'] as const;

/** The query string of a list: defaults left out. */
const listQuery = (view: PromotionsView) => ({
  state: view.state || undefined,
  search: view.search || undefined,
  page: view.page > 1 ? view.page : undefined,
});

/** `GET /api/promotions?state=&search=&page=` (staff): one page, newest first, archived ones only on asking. */
export function usePromotions(view: PromotionsView) {
  return useQuery({
    queryKey: [...ADMIN_PROMOTIONS_KEY, 'list', view.state, view.search, view.page],
    queryFn: () => api.get<PromotionList>('/promotions', listQuery(view)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A promotion some list already read. */
function cachedPromotion(queryClient: QueryClient, id: string): Promotion | undefined {
  for (const [, list] of queryClient.getQueriesData<PromotionList>({
    queryKey: [...ADMIN_PROMOTIONS_KEY, 'list'],
  })) {
    const found = list?.promotions.find((promotion) => promotion.id === id);
    if (found) return found;
  }
  return undefined;
}

export const promotionKey = (id: string) => [...ADMIN_PROMOTIONS_KEY, 'one', id] as const;

export function usePromotion(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: promotionKey(id),
    queryFn: () => api.get<Promotion>(`/promotions/${encodeURIComponent(id)}`),
    initialData: () => cachedPromotion(queryClient, id),
    staleTime: 30_000,
    retry: false,
  });
}
