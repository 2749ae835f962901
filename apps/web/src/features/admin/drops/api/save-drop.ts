import type { Drop, DropBody } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_DROPS_KEY } from './get-drops';

/** `POST /api/drops` (a new drop) or `PUT /api/drops/:id` (a change to one not started yet). */
export function useSaveDrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DropBody }) =>
      id ? api.put<Drop>(`/drops/${encodeURIComponent(id)}`, body) : api.post<Drop>('/drops', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_DROPS_KEY }),
  });
}
