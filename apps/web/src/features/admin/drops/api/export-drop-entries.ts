import type { ErrorEnvelope } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../../lib/api';

/** The file's name: the server's (Content-Disposition) when it gives one, else the drop's short id. */
function fileNameOf(response: Response, id: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `drop-${id.slice(0, 8)}-entries.csv`;
}

/** The server's refusal as the typed error every other call throws. */
async function refusalOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let envelope: Partial<ErrorEnvelope> | undefined;
  try {
    envelope = text ? (JSON.parse(text) as Partial<ErrorEnvelope>) : undefined;
  } catch {
    envelope = undefined;
  }
  return new ApiError(
    response.status,
    envelope?.error?.code ?? 'HTTP_ERROR',
    envelope?.error?.message ?? `The export failed (${response.status})`,
    envelope?.error?.fields,
  );
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * `GET /api/drops/:id/entries` with `Accept: text/csv`: the entries and winners as a CSV file. The same
 * address answers JSON to the table, so the file is fetched with the header and saved from a Blob.
 */
export async function exportDropEntries(id: string): Promise<void> {
  let response: Response;
  try {
    response = await apiFetch(`/api/drops/${encodeURIComponent(id)}/entries`, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'We could not reach the shop. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await refusalOf(response);
  saveFile(await response.blob(), fileNameOf(response, id));
}

export function useExportDropEntries(id: string) {
  return useMutation({ mutationFn: () => exportDropEntries(id) });
}
