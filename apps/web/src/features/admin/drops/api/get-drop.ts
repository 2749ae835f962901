import type { Drop } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_DROPS_KEY } from './get-drops';

/** `GET /api/drops/:id`: one drop with its sizes, commitment and, once drawn, the seed and entry ids. */
export const adminDropQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_DROPS_KEY, 'drop', id],
    queryFn: () => api.get<Drop>(`/drops/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export function useAdminDrop(id: string) {
  return useQuery(adminDropQuery(id));
}
