import { type ErrorEnvelope, MAX_PRODUCT_PICTURE_BYTES, type ProductPictures } from '@shop/contracts';
import { ApiError } from '../../../lib/api';

/** The largest product picture the shop takes (the API refuses more with 413). */
export const PICTURE_MAX_BYTES = MAX_PRODUCT_PICTURE_BYTES;

export const NOT_A_PICTURE_MESSAGE = 'This file is not a picture. Choose a JPEG, PNG, WebP or GIF image.';
export const PICTURE_TOO_LARGE_MESSAGE = 'This picture is larger than 10 MB. Choose a smaller one.';
const NETWORK_MESSAGE = 'We could not reach the shop. Check your connection and try again.';

/** Why the shop would refuse this file, before sending it; null when it may go. */
export function pictureProblem(file: File): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return NOT_A_PICTURE_MESSAGE;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_TOO_LARGE_MESSAGE;
  return null;
}

export interface PictureUpload {
  /** Resolves with the three stored sizes of the picture. */
  done: Promise<ProductPictures>;
  abort: () => void;
}

function isPictures(data: unknown): data is ProductPictures {
  const answer = data as Partial<Record<keyof ProductPictures, unknown>> | undefined;
  return (
    typeof answer?.card_picture === 'string' &&
    typeof answer.detail_picture === 'string' &&
    typeof answer.original_picture === 'string'
  );
}

/**
 * `POST /api/uploads/product` (multipart, one `file`), answering `{ card_picture, detail_picture,
 * original_picture }`. Sent with XMLHttpRequest because fetch reports no upload progress: `onProgress`
 * gets 0 to 1 as the bytes leave. Refusals come back as ApiError, like every other call.
 */
export function uploadProductPicture(file: File, onProgress: (fraction: number) => void): PictureUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ProductPictures>((resolve, reject) => {
    xhr.open('POST', '/api/uploads/product');
    // Same origin: the session cookie goes with it, as with fetch's `credentials: 'same-origin'`.
    xhr.withCredentials = false;
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
              (xhr.status === 413 ? PICTURE_TOO_LARGE_MESSAGE : `The upload failed (${xhr.status})`),
            envelope?.error?.fields,
          ),
        );
        return;
      }
      if (!isPictures(data)) {
        reject(new ApiError(xhr.status, 'HTTP_ERROR', 'The upload gave no picture addresses'));
        return;
      }
      onProgress(1);
      resolve(data);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was stopped'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
