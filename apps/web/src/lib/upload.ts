import type { ErrorEnvelope } from '@shop/contracts';
import { ApiError } from './api';

export interface Upload<T> {
  /** Resolves with what the shop answered, read by `read`. */
  done: Promise<T>;
  abort: () => void;
}

interface UploadOptions<T> {
  /** Called with 0 to 1 as the bytes leave. */
  onProgress: (fraction: number) => void;
  /** The answer of a successful upload, or null when it is not what was expected. */
  read: (data: unknown) => T | null;
  /** What a 413 without an envelope says. */
  tooLargeMessage: string;
  /** What a success without the expected answer says. */
  missingMessage: string;
}

/**
 * Sends one file (multipart field `file`) to `/api{path}` with XMLHttpRequest, because fetch reports no
 * upload progress. Same-origin, so the session cookie goes with it; refusals come back as ApiError with
 * the envelope's code, message and fields, like every other call.
 */
export function uploadFile<T>(path: string, file: File, options: UploadOptions<T>): Upload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', `/api${path}`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const envelope = data as Partial<ErrorEnvelope> | undefined;
        reject(
          new ApiError(
            xhr.status,
            envelope?.error?.code ?? 'HTTP_ERROR',
            envelope?.error?.message ??
              (xhr.status === 413 ? options.tooLargeMessage : `The upload failed (${xhr.status})`),
            envelope?.error?.fields,
          ),
        );
        return;
      }
      const answer = options.read(data);
      if (answer === null) {
        reject(new ApiError(xhr.status, 'HTTP_ERROR', options.missingMessage));
        return;
      }
      options.onProgress(1);
      resolve(answer);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'NETWORK_ERROR', 'We could not reach the shop. Check your connection and try again.'),
      );
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was stopped'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
