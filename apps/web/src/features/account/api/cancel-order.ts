import type { Order } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY } from './get-orders';

/** `PUT /api/orders/:id` with `{voucher:{state:'cancelled'}}`: the owner cancels a pending order. */
export function cancelOrder(id: string): Promise<Order> {
  return api.put<Order>(`/orders/${encodeURIComponent(id)}`, { voucher: { state: 'cancelled' } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData([...ORDERS_QUERY_KEY, 'one', order._id], order);
      return queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
  });
}
