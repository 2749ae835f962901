import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import type { Storage } from './storage';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 256;

/**
 * A profile picture: decoded and re-encoded (anything that is not an image is refused, and no metadata or
 * payload survives), cropped square and stored as WebP.
 */
export async function storeAvatar(storage: Storage, data: Buffer): Promise<string> {
  const { default: sharp } = await import('sharp');
  let webp: Buffer;
  try {
    webp = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not a picture we can read (use JPEG, PNG, WebP or GIF)',
      {
        file: 'must be an image',
      },
    );
  }
  return storage.put(`avatars/${randomUUID()}.webp`, webp, 'image/webp');
}

/**
 * A profile picture path is accepted only when it names an avatar this shop stored (the contracts' pattern
 * has already refused any other shape, `..` included).
 */
export async function requireStoredAvatar(storage: Storage, url: string): Promise<void> {
  const key = url.replace(/^\/uploads\//, '');
  if (!key.startsWith('avatars/') || !(await storage.has(key))) {
    throw AppError.invalid('image', 'must be a picture uploaded to the shop');
  }
}
