import type { Order } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminOrderKey } from './get-order';
import { ADMIN_ORDER_LISTS_KEY } from './get-orders';

/** `PUT /api/orders/:id` with `{voucher:{state:'cancelled'}}`: staff cancel a pending order; its units return. */
export function cancelOrder(id: string): Promise<Order> {
  return api.put<Order>(`/orders/${encodeURIComponent(id)}`, { voucher: { state: 'cancelled' } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKey(order._id), order);
      return queryClient.invalidateQueries({ queryKey: ADMIN_ORDER_LISTS_KEY });
    },
  });
}
