import type { OrderReturn, ReturnBody } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORDERS_QUERY_KEY } from './get-orders';

export interface CreateReturnInput {
  orderId: string;
  body: ReturnBody;
}

/**
 * `POST /api/orders/:id/returns` (the owner): which units go back, why, and a refund or another size for
 * each. 201 the return (`requested`); outside the return window or over what was shipped, a 4xx in the
 * envelope saying why.
 */
export function createReturn({ orderId, body }: CreateReturnInput): Promise<OrderReturn> {
  return api.post<OrderReturn>(`/orders/${encodeURIComponent(orderId)}/returns`, body);
}

/** Opens a return; the order (its returns, what can still go back) is read again. */
export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
