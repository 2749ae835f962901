import type { DataExportStarted } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/**
 * `POST /api/users/:id/export` (users.read, with a fresh second factor): a copy of the person's data is
 * prepared as their own "Download my data" prepares it, and its link is e-mailed to the member of staff who
 * asked. One copy of a person an hour (429).
 */
export function useExportUser(userId: string) {
  return useMutation({
    mutationFn: () => api.post<DataExportStarted>(`/users/${encodeURIComponent(userId)}/export`),
  });
}
