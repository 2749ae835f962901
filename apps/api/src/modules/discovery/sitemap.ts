import { BRANDS, CATEGORIES, GENDERS } from '@shop/contracts';
import { absoluteUrl, catalogueUrl, productUrl } from './listed-product';
import { element, XML_DECLARATION } from './xml';

/**
 * The sitemap (sitemaps.org 0.9, with Google's image extension): an index naming the child sitemaps: the
 * pages (the marketing pages, the catalogue by each brand, category and gender as the web writes those
 * filters, and the drops' pages: a few hundred at most) and the products on sale, by id, with their last
 * change and main picture, split into files of at most `limit` URLs (50,000 by the protocol). And
 * robots.txt, which names it.
 */

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** What the sitemap lists of a product on sale. */
export interface SitemapProduct {
  id: string;
  updatedAt: Date;
  /** Its main picture (a path of the shop or a URL). */
  picture: string;
}

/** A drop's public page. */
export interface SitemapDrop {
  id: string;
  updatedAt: Date;
}

export interface SitemapInput {
  siteUrl: string;
  products: readonly SitemapProduct[];
  drops: readonly SitemapDrop[];
}

/** The sitemap's files: the index, the pages, and the products split into files of at most the limit. */
export interface SitemapFiles {
  index: string;
  pages: string;
  products: string[];
}

/** The paths of the sitemap's files, as the routes serve them. */
export const PAGES_SITEMAP = '/sitemaps/pages.xml';
export const productsSitemap = (page: number) => `/sitemaps/products-${page}.xml`;

/** A W3C datetime, to the millisecond (a change within the second still moves it). */
const stamp = (date: Date) => date.toISOString();

const latest = (dates: readonly Date[]): Date | undefined =>
  dates.reduce<Date | undefined>((last, date) => (!last || date > last ? date : last), undefined);

interface Entry {
  loc: string;
  lastmod?: Date;
  image?: string;
}

function urlset(entries: readonly Entry[], withImages: boolean): string {
  const urls = entries.map(
    (entry) =>
      `<url>${element('loc', entry.loc)}${entry.lastmod ? element('lastmod', stamp(entry.lastmod)) : ''}${
        entry.image ? `<image:image>${element('image:loc', entry.image)}</image:image>` : ''
      }</url>`,
  );
  const namespaces = `xmlns="${SITEMAP_NS}"${withImages ? ` xmlns:image="${IMAGE_NS}"` : ''}`;
  return `${XML_DECLARATION}\n<urlset ${namespaces}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** The pages that are the same for every visitor: the marketing pages and the catalogue by brand, category, gender. */
export function marketingPages(siteUrl: string): string[] {
  return [
    `${siteUrl}/`,
    `${siteUrl}/home`,
    `${siteUrl}/women`,
    `${siteUrl}/basketball`,
    ...BRANDS.map((brand) => catalogueUrl(siteUrl, 'brand', brand)),
    ...CATEGORIES.map((category) => catalogueUrl(siteUrl, 'category', category)),
    ...GENDERS.map((gender) => catalogueUrl(siteUrl, 'gender', gender)),
  ];
}

/** Splits `items` into runs of at most `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/** The sitemap's files for these products and drops, each child at most `limit` URLs. */
export function sitemapFiles(input: SitemapInput, limit: number): SitemapFiles {
  const { siteUrl } = input;
  const pageEntries: Entry[] = [
    ...marketingPages(siteUrl).map((loc) => ({ loc })),
    ...input.drops.map((drop) => ({ loc: `${siteUrl}/drops/${drop.id}`, lastmod: drop.updatedAt })),
  ];
  const productRuns = chunks(input.products, Math.max(1, limit));
  const products = productRuns.map((run) =>
    urlset(
      run.map((product) => ({
        loc: productUrl(siteUrl, product.id),
        lastmod: product.updatedAt,
        image: absoluteUrl(siteUrl, product.picture),
      })),
      true,
    ),
  );
  const children = [
    { loc: `${siteUrl}${PAGES_SITEMAP}`, lastmod: latest(input.drops.map((drop) => drop.updatedAt)) },
    ...productRuns.map((run, index) => ({
      loc: `${siteUrl}${productsSitemap(index + 1)}`,
      lastmod: latest(run.map((product) => product.updatedAt)),
    })),
  ];
  const index = `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${children
    .map(
      (child) =>
        `<sitemap>${element('loc', child.loc)}${child.lastmod ? element('lastmod', stamp(child.lastmod)) : ''}</sitemap>`,
    )
    .join('\n')}\n</sitemapindex>\n`;
  return { index, pages: urlset(pageEntries, false), products };
}

/** Pages that are a person's own, a step of buying, staff's, or for development: no search engine's business. */
const PRIVATE_PATHS = [
  '/account',
  '/cart',
  '/checkout',
  '/order-completed',
  '/order-canceled',
  '/test-gateway',
  '/dev',
  '/api/',
  '/invitation',
  '/drops/*/queue',
];

/** robots.txt: everything public may be crawled but the private pages; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
