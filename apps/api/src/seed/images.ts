import type { Storage } from '../lib/storage';
import { type SneakerArt, sneakerSvg } from './sneaker-art';

/**
 * The WebP variants of every product picture: the catalogue's card, detail and original URLs.
 * Encoding is most of the seed's time: the card (shown in every grid) gets the slow, careful settings;
 * the large variants a faster effort and plain chroma subsampling, which halves their cost for ~5% bytes.
 */
export const PICTURE_VARIANTS = [
  { name: 'card', width: 480, height: 360, quality: 82, effort: 4, smartSubsample: true },
  { name: 'detail', width: 1200, height: 900, quality: 80, effort: 2, smartSubsample: false },
  { name: 'original', width: 1600, height: 1200, quality: 80, effort: 2, smartSubsample: false },
] as const;

export type PictureVariant = (typeof PICTURE_VARIANTS)[number]['name'];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A product's picture variant in the storage, served at `/uploads/products/<slug>/<variant>.webp`. */
export function pictureKey(slug: string, variant: PictureVariant): string {
  if (!SLUG.test(slug)) throw new Error(`Not a product slug: ${JSON.stringify(slug)}`);
  return `products/${slug}/${variant}.webp`;
}

/**
 * Draws a product's shoe and stores the variants that are missing; pictures already stored are kept.
 * The storage keeps each file whole (the disk writes it under a temporary name and renames it), so an
 * interrupted seed never leaves a truncated picture that a later run would skip. Returns how many files
 * were stored.
 */
export async function writeProductPictures(storage: Storage, art: SneakerArt): Promise<number> {
  const missing: (typeof PICTURE_VARIANTS)[number][] = [];
  for (const variant of PICTURE_VARIANTS) {
    if (!(await storage.has(pictureKey(art.slug, variant.name)))) missing.push(variant);
  }
  if (missing.length === 0) return 0;
  // Only a run that has pictures to draw loads sharp (libvips): a restart with every file stored does not.
  const { default: sharp } = await import('sharp');
  // Each picture is drawn once: libvips' operation cache would only hold on to memory.
  sharp.cache(false);
  // Draw once at the largest size; the smaller variants are scaled down from it (which also smooths
  // their edges, like supersampling).
  const largest = PICTURE_VARIANTS[2];
  const { data, info } = await sharp(Buffer.from(sneakerSvg(art, largest.width, largest.height)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const variant of missing) {
    let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    if (variant.width !== info.width) image = image.resize(variant.width, variant.height);
    const webp = await image
      .webp({ quality: variant.quality, effort: variant.effort, smartSubsample: variant.smartSubsample })
      .toBuffer();
    await storage.put(pictureKey(art.slug, variant.name), webp, 'image/webp');
  }
  return missing.length;
}

/** Runs `task` over `items`, at most `concurrency` at a time. */
export async function eachLimit<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

export interface PicturesSummary {
  /** Products whose pictures were all stored already. */
  skipped: number;
  /** Files written. */
  written: number;
}

/** Pictures for every product, rendering a couple at a time (the seed runs on small machines). */
export async function writeCataloguePictures(
  storage: Storage,
  products: readonly SneakerArt[],
  concurrency = 2,
): Promise<PicturesSummary> {
  const summary: PicturesSummary = { skipped: 0, written: 0 };
  await eachLimit(products, concurrency, async (product) => {
    const written = await writeProductPictures(storage, product);
    if (written === 0) summary.skipped += 1;
    summary.written += written;
  });
  return summary;
}
