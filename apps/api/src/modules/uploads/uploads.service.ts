import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';

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

export { MAX_PRODUCT_PICTURE_BYTES } from '@shop/contracts';

/** The three sizes of a product picture (as the seed draws them); the background fills what the shoe does not. */
const PRODUCT_VARIANTS = [
  { field: 'card_picture', name: 'card', width: 480, height: 360 },
  { field: 'detail_picture', name: 'detail', width: 1200, height: 900 },
  { field: 'original_picture', name: 'original', width: 1600, height: 1200 },
] as const;
const PICTURE_BACKGROUND = { r: 245, g: 245, b: 245 };

/** Formats sharp may read for a product picture, and the declared types each may arrive as. SVG is not one. */
const PICTURE_TYPES: Record<string, readonly string[]> = {
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
  gif: ['image/gif'],
  heif: ['image/avif', 'image/heif', 'image/heic'],
  tiff: ['image/tiff'],
};

/** Markup that has no business inside a picture: a script or an SVG document riding along. */
const MARKUP = /<script|<svg/i;

const unsupported = (reason: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `The file ${reason} (use JPEG, PNG, WebP, GIF, AVIF or TIFF)`, {
    file: reason,
  });

export type ProductPictureUrls = Record<(typeof PRODUCT_VARIANTS)[number]['field'], string>;

/**
 * A product picture: checked (a raster image of an allowed format, the type it was declared as, no markup
 * inside), decoded and re-encoded by sharp into three WebP sizes (no metadata or payload survives), stored
 * under `products/<uuid>/`. Nothing is stored unless all three were made.
 */
export async function storeProductPictures(
  storage: Storage,
  data: Buffer,
  declaredType: string,
): Promise<ProductPictureUrls> {
  if (MARKUP.test(data.toString('latin1')))
    throw AppError.invalid('file', 'must not contain a script or SVG markup');
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw unsupported('is not a picture we can read');
  }
  const declared = PICTURE_TYPES[format ?? ''];
  if (!declared) throw unsupported(`is ${format === 'svg' ? 'an SVG drawing' : 'not a picture we can read'}`);
  if (!declared.includes(declaredType.toLowerCase())) {
    throw unsupported(`is declared as ${declaredType || 'nothing'} but holds a ${format} picture`);
  }
  let encoded: Buffer[];
  try {
    encoded = await Promise.all(
      PRODUCT_VARIANTS.map((variant) =>
        sharp(data, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(variant.width, variant.height, { fit: 'contain', background: PICTURE_BACKGROUND })
          .flatten({ background: PICTURE_BACKGROUND })
          .webp({ quality: 82 })
          .toBuffer(),
      ),
    );
  } catch {
    throw unsupported('is not a picture we can read');
  }
  const folder = `products/${randomUUID()}`;
  const urls = await Promise.all(
    PRODUCT_VARIANTS.map((variant, index) =>
      storage.put(`${folder}/${variant.name}.webp`, encoded[index] as Buffer, 'image/webp'),
    ),
  );
  return {
    card_picture: urls[0] as string,
    detail_picture: urls[1] as string,
    original_picture: urls[2] as string,
  };
}

/**
 * Product picture paths are accepted only when they name pictures this shop stored (the contracts' pattern
 * has already refused any other shape). Answers the first field that fails, or nothing.
 */
export async function requireStoredProductPictures(
  storage: Storage,
  pictures: Partial<Record<string, string>>,
): Promise<void> {
  for (const [field, url] of Object.entries(pictures)) {
    if (url === undefined) continue;
    const key = url.replace(/^\/uploads\//, '');
    if (!key.startsWith('products/') || !(await storage.has(key))) {
      throw AppError.invalid(field, 'must be a picture uploaded to the shop');
    }
  }
}
