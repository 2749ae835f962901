import type { Order } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY } from './get-orders';

/** `GET /api/orders/:id`: one of the user's orders with its lines (for a detail opened from its link). */
export function getOrder(id: string): Promise<Order> {
  return api.get<Order>(`/orders/${encodeURIComponent(id)}`);
}

export function useOrder(id: string, initial: Order | undefined) {
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, 'one', id],
    queryFn: () => getOrder(id),
    initialData: initial,
    staleTime: initial ? 30_000 : 0,
  });
}
