import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@shop/contracts';
import { usePageHints } from './page-hints';

/**
 * What a page tells search engines and the sites its link is shared on (issue 41): its canonical URL,
 * Open Graph and Twitter cards, JSON-LD. The tags themselves are components/page-head.tsx; React hoists
 * them into the document's head, on the server (entry-server.tsx) and in the browser.
 */

/** The shop's name, as every page title ends with it. */
export const SITE_NAME = 'Sneaker Shop';

/** The share images the API draws (1200x630 JPEG): a product's picture, and the shop's card. */
export const SHARE_IMAGE_SIZE = { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT } as const;
export const SHOP_SHARE_IMAGE = '/share/shop.jpg';
export const productShareImage = (productId: string) =>
  `/share/products/${encodeURIComponent(productId)}.jpg`;

/**
 * The shop's public origin for absolute URLs: SITE_URL's, as the server rendered the page with (its page
 * hints, so the browser's first render writes the same tags), else the browser's own.
 */
export function useSiteOrigin(): string {
  const { origin } = usePageHints();
  if (origin) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * The attribute of a JSON-LD data block that names the query whose document it holds (lib/structured-data):
 * the browser's first render reads the document back from it.
 */
export const STRUCTURED_DATA_ATTRIBUTE = 'data-structured-data';

/** A JSON-LD document as the text of its script element: no `<` in it can end the element early. */
export function jsonLdText(document: unknown): string {
  return JSON.stringify(document).replace(/</g, '\\u003c');
}
