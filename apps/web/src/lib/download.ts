import { ApiError, fetchWithStepUp, refusalOf } from './api';

/** The file's name: the server's (Content-Disposition) when it gives one, else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? fallback;
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(blob: Blob, name: string): void {
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
 * Downloads an export (a CSV) of the shop's API, asking for a step-up first when the server wants one
 * (every export does: decision 36); a refusal throws the typed error every other call throws.
 */
export async function downloadExport(
  path: string,
  fallbackName: string,
  headers: Record<string, string> = {},
): Promise<void> {
  let response: Response;
  try {
    response = await fetchWithStepUp(path, { credentials: 'same-origin', headers });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'We could not reach the shop. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await refusalOf(response);
  saveFile(await response.blob(), fileNameOf(response, fallbackName));
}
