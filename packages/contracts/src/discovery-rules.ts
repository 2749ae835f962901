/** Being found (issue 41), free of zod so any page can import it cheaply. */

/** A sitemap holds at most this many URLs (sitemaps.org); the products are split into files of this many. */
export const SITEMAP_URL_LIMIT = 50_000;

/** A share card's size, as Open Graph and Twitter's large card show it (1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
