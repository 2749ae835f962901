import type { Order } from '@shop/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

/** `PUT /api/orders/:id` with `{voucher:{state:'cancelled'}}`: a pending order is cancelled; its units return. */
function cancelOrder(id: string): Promise<Order> {
  return api.put<Order>(`/orders/${encodeURIComponent(id)}`, { voucher: { state: 'cancelled' } });
}

/**
 * Cancelling a pending order (its owner, or staff): `onCancelled` puts the cancelled order into the caller's
 * caches and refreshes its lists.
 */
export function useCancelOrderMutation(
  onCancelled: (order: Order, queryClient: QueryClient) => Promise<void>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => onCancelled(order, queryClient),
  });
}
