import type { OrderReturn } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ORDERS_KEY } from '../../orders/api/get-orders';
import { ADMIN_RETURNS_KEY } from './get-returns';

/**
 * A staff action on a return: once the server answers, every returns list is read again, and so are the
 * orders (a receipt refunds and may add a replacement order).
 */
export function useReturnChange<Input>(change: (input: Input) => Promise<OrderReturn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_RETURNS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
      ]),
  });
}
