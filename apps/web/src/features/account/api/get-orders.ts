import { ORDERS_PAGE_SIZE, type Order, type OrdersSort } from '@shop/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const ORDERS_QUERY_KEY = ['orders', 'own'] as const;

export interface OrdersPageQuery {
  uid: string;
  sort: OrdersSort;
  page: number;
}

/**
 * `GET /api/orders?ordersSort={json}&_id=uid&page=N&limit=20` (ordersQuerySchema): one page of the user's
 * own orders. A page shorter than the limit is the last.
 */
export function getOrders({ uid, sort, page }: OrdersPageQuery): Promise<Order[]> {
  return api.get<Order[]>('/orders', {
    ordersSort: JSON.stringify(sort),
    _id: uid,
    page,
    limit: ORDERS_PAGE_SIZE,
  });
}

/** The user's own orders, a page at a time ('Load more'). */
export const ordersQuery = (uid: string, sort: OrdersSort) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS_QUERY_KEY, uid, sort],
    queryFn: ({ pageParam }) => getOrders({ uid, sort, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: Order[], pages: Order[][]) =>
      last.length < ORDERS_PAGE_SIZE ? undefined : pages.length + 1,
    staleTime: 0,
  });

export function useOrders(uid: string, sort: OrdersSort) {
  return useInfiniteQuery(ordersQuery(uid, sort));
}
