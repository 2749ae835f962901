import type { DataExportStarted } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/account/export`: asks for a copy of the signed-in person's data (202 `{ id }`), prepared in the
 * background and e-mailed as a link; a second request within the hour is refused (429, its message says
 * when to try again).
 */
export function requestDataExport(): Promise<DataExportStarted> {
  return api.post<DataExportStarted>('/account/export');
}

export function useRequestDataExport() {
  return useMutation({ mutationFn: requestDataExport });
}
