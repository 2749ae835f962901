import type { StaffDropEntry } from '@shop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { ADMIN_DROPS_KEY } from './get-drops';

/** `GET /api/drops/:id/entries` (staff): every entry of a drop with its entrant, status, rank and payment. */
export const dropEntriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_DROPS_KEY, 'entries', id],
    queryFn: async (): Promise<StaffDropEntry[]> =>
      (await api.get<{ entries: StaffDropEntry[] }>(`/drops/${encodeURIComponent(id)}/entries`)).entries,
    staleTime: 0,
  });

export function useDropEntries(id: string) {
  return useQuery(dropEntriesQuery(id));
}
