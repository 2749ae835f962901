import type { StockAlert } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelStockAlert, STOCK_ALERTS_QUERY_KEY } from '../../../lib/stock-alerts';

/** `DELETE /api/stock-alerts/:id`: the user no longer wants the e-mail; the alert leaves the list at once. */
export function useDeleteStockAlert(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelStockAlert(id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<StockAlert[]>(STOCK_ALERTS_QUERY_KEY(uid), (alerts) =>
        alerts?.filter((alert) => alert._id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: STOCK_ALERTS_QUERY_KEY(uid) });
    },
  });
}
