import { type Upload, uploadFile } from '../../../lib/upload';

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

/** Resolves with the stored picture's address. */
export type AvatarUpload = Upload<string>;

/**
 * `POST /api/uploads/avatar` (multipart, one `file`), answering `{url}`, with its progress (0 to 1).
 */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): AvatarUpload {
  return uploadFile('/uploads/avatar', file, {
    onProgress,
    read: (data) => {
      const url = (data as { url?: unknown } | undefined)?.url;
      return typeof url === 'string' ? url : null;
    },
    tooLargeMessage: TOO_LARGE_MESSAGE,
    missingMessage: 'The upload gave no picture address',
  });
}
