import type { Drop } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_DROPS_KEY } from './get-drops';

/** `POST /api/drops/:id/draw`: the draw now, once the entry has closed (it also runs by itself then). */
export function useDrawDrop(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Drop>(`/drops/${encodeURIComponent(id)}/draw`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_DROPS_KEY }),
  });
}
