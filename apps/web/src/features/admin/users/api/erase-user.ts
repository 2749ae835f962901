import type { ErasureOutcome } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_USERS_KEY } from './get-users';

/**
 * `POST /api/users/:id/erase` (users.write, with a fresh second factor): the person's personal data is
 * erased as their own "Delete my account" does, or held while an order is open or a return in progress.
 * An erased person leaves the list.
 */
export function useEraseUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ErasureOutcome>(`/users/${encodeURIComponent(userId)}/erase`),
    onSuccess: (outcome) => {
      if ('erased' in outcome) return queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    },
  });
}
