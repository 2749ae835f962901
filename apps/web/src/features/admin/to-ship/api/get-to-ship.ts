import { type PackingOrder, TO_SHIP_PAGE_SIZE } from '@shop/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_ORDERS_KEY } from '../../orders/api/get-orders';

/** Under every staff view of the orders: a shipment or a refund there refreshes this list too. */
export const TO_SHIP_KEY = [...ADMIN_ORDERS_KEY, 'to-ship'] as const;

/** `GET /api/fulfilment/to-ship?page=N&limit=20` (admin): paid orders not fully shipped, oldest first. */
export function getToShip(page: number): Promise<PackingOrder[]> {
  return api.get<PackingOrder[]>('/fulfilment/to-ship', { page, limit: TO_SHIP_PAGE_SIZE });
}

export const toShipQuery = infiniteQueryOptions({
  queryKey: TO_SHIP_KEY,
  queryFn: ({ pageParam }) => getToShip(pageParam),
  initialPageParam: 1,
  getNextPageParam: (last: PackingOrder[], pages: PackingOrder[][]) =>
    last.length < TO_SHIP_PAGE_SIZE ? undefined : pages.length + 1,
  staleTime: 0,
});

export function useToShip() {
  return useInfiniteQuery(toShipQuery);
}
