import type { Order } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminOrderKey } from './get-order';
import { ADMIN_ORDER_LISTS_KEY } from './get-orders';

/**
 * `POST /api/orders/:id/refund` (admin): the payment goes back through its provider and the paid order
 * becomes cancelled, once (409 when already refunded; 502/503 when the provider fails, the order still paid).
 * Its pairs stay sold.
 */
export function refundOrder(id: string): Promise<Order> {
  return api.post<Order>(`/orders/${encodeURIComponent(id)}/refund`);
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKey(order._id), order);
      return queryClient.invalidateQueries({ queryKey: ADMIN_ORDER_LISTS_KEY });
    },
  });
}
