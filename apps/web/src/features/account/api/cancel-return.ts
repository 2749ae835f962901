import type { OrderReturn } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY } from './get-orders';

/**
 * `POST /api/returns/:id/cancel` (the owner): withdraws a return while it is requested or approved; a size
 * held for an exchange goes back on sale. Answers the return, now `cancelled`.
 */
export function cancelReturn(id: string): Promise<OrderReturn> {
  return api.post<OrderReturn>(`/returns/${encodeURIComponent(id)}/cancel`);
}

export function useCancelReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
