import { ORDERS_PAGE_SIZE, type Order } from '@shop/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ORDER_SORTS, type OrdersFilters } from '../orders-view';

/** Every staff view of the orders sits under this key; the lists under `[...key, 'list']`. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
export const ADMIN_ORDER_LISTS_KEY = [...ADMIN_ORDERS_KEY, 'list'] as const;

/**
 * `GET /api/orders?ordersSort={json}&search=&state=&from=&to=&page=N&limit=20` (admin): one page of every
 * customer's orders, each with its customer. A page shorter than the limit is the last.
 */
export function getOrders(filters: OrdersFilters, page: number): Promise<Order[]> {
  return api.get<Order[]>('/orders', {
    ordersSort: JSON.stringify(ORDER_SORTS[filters.sort].sort),
    search: filters.search,
    state: filters.state,
    from: filters.from,
    to: filters.to,
    page,
    limit: ORDERS_PAGE_SIZE,
  });
}

/** Every customer's orders with these filters, a page at a time ('Load more'). */
export const adminOrdersQuery = (filters: OrdersFilters) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_ORDER_LISTS_KEY, filters],
    queryFn: ({ pageParam }) => getOrders(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Order[], pages: Order[][]) =>
      last.length < ORDERS_PAGE_SIZE ? undefined : pages.length + 1,
    staleTime: 0,
  });

export function useAdminOrders(filters: OrdersFilters) {
  return useInfiniteQuery(adminOrdersQuery(filters));
}
