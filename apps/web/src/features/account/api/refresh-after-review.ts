import type { BoughtItem, Review } from '@shop/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_QUERY_KEY } from '../../../lib/dashboard';
import { boughtQueryKey } from './get-bought';

/**
 * After a review is written or edited: the Bought card shows it at once, and everything that shows the
 * product's rating (its page, the catalogue, the user's dashboard) is read again.
 */
export function refreshAfterReview(queryClient: QueryClient, uid: string, productId: string, review: Review) {
  queryClient.setQueryData<BoughtItem[]>(boughtQueryKey(uid), (items) =>
    items?.map((item) => (item.product._id === productId ? { ...item, review } : item)),
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: boughtQueryKey(uid) }),
    queryClient.invalidateQueries({ queryKey: ['product', productId] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY(uid) }),
  ]);
}
