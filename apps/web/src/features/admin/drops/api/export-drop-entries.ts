import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '../../../../lib/download';

/**
 * `GET /api/drops/:id/entries` with `Accept: text/csv`: the entries and winners as a CSV file. The same
 * address answers JSON to the table, so the file is fetched with the header and saved from a Blob.
 */
export function exportDropEntries(id: string): Promise<void> {
  return downloadExport(
    `/api/drops/${encodeURIComponent(id)}/entries`,
    `drop-${id.slice(0, 8)}-entries.csv`,
    { Accept: 'text/csv' },
  );
}

export function useExportDropEntries(id: string) {
  return useMutation({ mutationFn: () => exportDropEntries(id) });
}
