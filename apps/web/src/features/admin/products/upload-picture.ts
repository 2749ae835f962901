import { MAX_PRODUCT_PICTURE_BYTES, type ProductPictures } from '@shop/contracts';
import { type Upload, uploadFile } from '../../../lib/upload';

/** The largest product picture the shop takes (the API refuses more with 413). */
export const PICTURE_MAX_BYTES = MAX_PRODUCT_PICTURE_BYTES;

export const NOT_A_PICTURE_MESSAGE = 'This file is not a picture. Choose a JPEG, PNG, WebP or GIF image.';
export const PICTURE_TOO_LARGE_MESSAGE = 'This picture is larger than 10 MB. Choose a smaller one.';

/** Why the shop would refuse this file, before sending it; null when it may go. */
export function pictureProblem(file: File): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return NOT_A_PICTURE_MESSAGE;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_TOO_LARGE_MESSAGE;
  return null;
}

/** Resolves with the three stored sizes of the picture. */
export type PictureUpload = Upload<ProductPictures>;

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
  return uploadFile('/uploads/product', file, {
    onProgress,
    read: (data) => (isPictures(data) ? data : null),
    tooLargeMessage: PICTURE_TOO_LARGE_MESSAGE,
    missingMessage: 'The upload gave no picture addresses',
  });
}
