import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@shop/contracts';
import type { Storage } from '../../lib/storage';
import { escapeXml } from './xml';

/**
 * The pictures a shared link shows (Open Graph, Twitter's large card), drawn by the shop with sharp: a
 * product's from its own picture on a plain background with its name, brand and price and the shop's name;
 * the shop's own for the other pages; and the shop's logo as a PNG (the web's favicon mark, large enough for
 * Google's 112x112 minimum). The text is drawn with the machine's fonts (librsvg through fontconfig).
 */

const BACKGROUND = '#f5f5f5';
const INK = '#111111';
const ACCENT = '#ff5a1f';
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** The product's picture on the card: its 4:3 picture, as large as the card's height allows. */
const PICTURE = { left: 40, top: 45, width: 720, height: 540 } as const;
const TEXT_LEFT = 800;

/** The favicon's mark (apps/web/public/favicon.svg) in a 64x64 box. */
const MARK =
  '<rect width="64" height="64" rx="14" fill="#111"/><path d="M10 40c8 0 14-4 20-12 3 6 9 9 16 10 5 1 8 3 8 7v3H10z" fill="#fff"/><path d="M10 48h44" stroke="#ff5a1f" stroke-width="4"/>';

const markAt = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 64})">${MARK}</g>`;

/** What a product's card says. */
export interface ProductCard {
  name: string;
  brand: string;
  /** Its price as a shopper reads it ('$119.99'), and the regular one when on sale. */
  price: string;
  regularPrice: string | null;
  /** Its detail picture's path ('/uploads/products/…/detail.webp'). */
  picture: string;
}

/** Words wrapped to lines of at most `width` characters, at most `lines` of them (the last cut with …). */
function wrap(text: string, width: number, lines: number): string[] {
  const wrapped: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) line = next;
    else {
      wrapped.push(line);
      line = word;
    }
  }
  if (line) wrapped.push(line);
  const kept = wrapped
    .slice(0, lines)
    .map((each) => (each.length > width ? `${each.slice(0, width - 1)}…` : each));
  if (wrapped.length > lines) kept[lines - 1] = `${(kept[lines - 1] ?? '').slice(0, width - 1)}…`;
  return kept;
}

const text = (x: number, y: number, size: number, value: string, attributes = '') =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" ${attributes}>${escapeXml(value)}</text>`;

const svg = (width: number, height: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );

/** The stored file a shop path names ('/uploads/products/x/detail.webp' → its bytes), or null. */
async function storedPicture(storage: Storage, path: string): Promise<Buffer | null> {
  if (!path.startsWith('/uploads/')) return null;
  try {
    return (await storage.get(path.slice('/uploads/'.length)))?.data ?? null;
  } catch {
    return null;
  }
}

/** A product's 1200x630 card as JPEG: its picture (or the shop's mark without one) and its words. */
export async function drawProductCard(
  storage: Storage,
  shopName: string,
  card: ProductCard,
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const stored = await storedPicture(storage, card.picture);
  const picture = stored
    ? await sharp(stored)
        .resize(PICTURE.width, PICTURE.height, { fit: 'contain', background: BACKGROUND })
        .flatten({ background: BACKGROUND })
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  // Bold at 38 px, about 25 px a character: 14 fit between the picture and the right margin (360 px).
  const nameLines = wrap(card.name, 14, 3);
  const words = [
    markAt(TEXT_LEFT, 50, 48),
    text(TEXT_LEFT + 64, 84, 30, shopName, `font-weight="700" fill="${INK}"`),
    ...nameLines.map((line, index) =>
      text(TEXT_LEFT, 200 + index * 48, 38, line, `font-weight="700" fill="${INK}"`),
    ),
    text(TEXT_LEFT, 220 + nameLines.length * 48, 30, card.brand, 'fill="#555555"'),
    text(TEXT_LEFT, 540, 52, card.price, `font-weight="700" fill="${card.regularPrice ? ACCENT : INK}"`),
    card.regularPrice
      ? text(TEXT_LEFT, 585, 30, card.regularPrice, 'fill="#777777" text-decoration="line-through"')
      : '',
    `<rect x="0" y="${SHARE_IMAGE_HEIGHT - 12}" width="${SHARE_IMAGE_WIDTH}" height="12" fill="${ACCENT}"/>`,
    picture ? '' : markAt(PICTURE.left + 210, PICTURE.top + 120, 300),
  ].join('');
  return sharp({
    create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: BACKGROUND },
  })
    .composite([
      ...(picture ? [{ input: picture, left: PICTURE.left, top: PICTURE.top }] : []),
      { input: svg(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, words), left: 0, top: 0 },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** The shop's 1200x630 card (the pages that are not a product's) as JPEG: its mark, name and address. */
export async function drawShopCard(shopName: string, host: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const body = [
    `<rect width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" fill="${INK}"/>`,
    markAt(100, 175, 280),
    text(440, 300, 88, shopName, 'font-weight="700" fill="#ffffff"'),
    text(444, 370, 36, 'Sneakers for every day, court and street', 'fill="#dddddd"'),
    text(444, 430, 30, host, `fill="${ACCENT}"`),
    `<rect x="0" y="${SHARE_IMAGE_HEIGHT - 12}" width="${SHARE_IMAGE_WIDTH}" height="12" fill="${ACCENT}"/>`,
  ].join('');
  return sharp(svg(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, body))
    .flatten({ background: INK })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** The shop's logo, `size` pixels square, as PNG: the favicon's mark. */
export async function drawLogo(size: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${MARK}</svg>`;
  return sharp(Buffer.from(body)).png().toBuffer();
}
