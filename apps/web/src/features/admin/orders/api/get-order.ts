import type { Order } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_ORDERS_KEY } from './get-orders';

export const adminOrderKey = (id: string) => [...ADMIN_ORDERS_KEY, 'one', id] as const;

/** `GET /api/orders/:id`: any order with its customer and lines (admin). */
export function getOrder(id: string): Promise<Order> {
  return api.get<Order>(`/orders/${encodeURIComponent(id)}`);
}

/** One order; the list's copy shows at once when the detail was opened from it. */
export function useAdminOrder(id: string, initial: Order | undefined) {
  return useQuery({
    queryKey: adminOrderKey(id),
    queryFn: () => getOrder(id),
    initialData: initial,
    staleTime: initial ? 30_000 : 0,
  });
}
