import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DROPS_QUERY_KEY, withdrawEntry } from '../../../lib/drops/drops-api';

/** `DELETE /api/drops/:id/entries/me`: withdraws the entry while the draw's entry is open; every drop view reloads. */
export function useWithdrawDropEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dropId: string) => withdrawEntry(dropId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DROPS_QUERY_KEY }),
  });
}
