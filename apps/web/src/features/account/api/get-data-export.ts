import type { DataExportStatus } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How often a copy being prepared is asked about. */
export const DATA_EXPORT_POLL_MS = 2000;

/** `GET /api/account/export/:id`: the copy's state and, once ready, its link and when it expires. */
export function getDataExport(id: string): Promise<DataExportStatus> {
  return api.get<DataExportStatus>(`/account/export/${encodeURIComponent(id)}`);
}

/** The copy `id` (none before one is asked for), asked about every 2 s while it is being prepared. */
export function useDataExport(id: string | null) {
  return useQuery({
    queryKey: ['data-export', id],
    queryFn: () => getDataExport(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    // Until it is ready (or failed, or expired); a refused answer stops it, and the card says why.
    refetchInterval: (query) =>
      query.state.status !== 'error' && (query.state.data?.state ?? 'preparing') === 'preparing'
        ? DATA_EXPORT_POLL_MS
        : false,
  });
}
