import type { ErrorEnvelope } from '@shop/contracts';
import { ApiError } from '../../../lib/api';

/** The largest picture the shop takes (the API refuses more with 413). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const NOT_A_PICTURE_MESSAGE = 'This file is not a picture. Choose a JPEG, PNG, WebP or GIF image.';
export const TOO_LARGE_MESSAGE = 'This picture is larger than 5 MB. Choose a smaller one.';

/** Why the shop would refuse this file, before sending it; null when it may go. */
export function avatarProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_A_PICTURE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

export interface AvatarUpload {
  /** Resolves with the stored picture's address. */
  done: Promise<string>;
  abort: () => void;
}

/**
 * `POST /api/uploads/avatar` (multipart, one `file`), answering `{url}`. Sent with XMLHttpRequest because
 * fetch reports no upload progress: `onProgress` gets 0 to 1 as the bytes leave.
 */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): AvatarUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    xhr.open('POST', '/api/uploads/avatar');
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
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
              (xhr.status === 413 ? TOO_LARGE_MESSAGE : `The upload failed (${xhr.status})`),
            envelope?.error?.fields,
          ),
        );
        return;
      }
      const url = (data as { url?: unknown } | undefined)?.url;
      if (typeof url !== 'string') {
        reject(new ApiError(500, 'HTTP_ERROR', 'The upload gave no picture address'));
        return;
      }
      onProgress(1);
      resolve(url);
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
