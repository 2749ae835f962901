import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveProduct,
  modifyProduct,
  type Pictures,
  staffProduct,
  xmlProblems,
  xmlValues,
} from '../../test/discovery';
import { createDrop } from '../../test/drops';
import { storedPictures } from '../../test/product-pictures';
import { send } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testShop } from '../../test/test-shop';
import { discoveryCatalog } from '../catalog';
import { sitemapFiles } from './sitemap';

const { app, staff } = testShop({ catalogue: true, staff: true });
const SITE = 'http://localhost:3000';
let pictures: Pictures;

beforeAll(async () => {
  pictures = await storedPictures(app(), staff().cookie);
});

async function xml(url: string, on = app()): Promise<string> {
  const response: LightMyRequestResponse = await on.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(xmlProblems(response.body), url).toEqual([]);
  return response.body;
}

/** Every product URL of the sitemap, with its lastmod and picture, as another instance (or this one) reads it. */
async function sitemapProducts(on = app()) {
  const index = await xml('/sitemap.xml', on);
  const children = xmlValues(index, 'loc').filter((loc) => loc.includes('/sitemaps/products-'));
  const products = new Map<string, { lastmod: string; image: string }>();
  for (const child of children) {
    const file = await xml(child.replace(SITE, ''), on);
    for (const [, url = ''] of file.matchAll(/<url>(.*?)<\/url>/g)) {
      const [loc = ''] = xmlValues(url, 'loc');
      products.set(loc.replace(`${SITE}/home/`, ''), {
        lastmod: xmlValues(url, 'lastmod')[0] ?? '',
        image: xmlValues(url, 'image:loc')[0] ?? '',
      });
    }
  }
  return products;
}

/** Waits (at most 60 s) until `check` holds of the sitemap another instance answers. */
async function within60s(on: TestApp['app'], check: (ids: Set<string>) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (check(new Set((await sitemapProducts(on)).keys()))) return Date.now() - started;
    expect(Date.now() - started, 'seen within 60 s').toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('robots.txt', () => {
  it('allows every public page, keeps the private ones out and names the sitemap', async () => {
    const response = await send(app(), 'GET', '/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /account',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /order-completed',
        'Disallow: /order-canceled',
        'Disallow: /test-gateway',
        'Disallow: /dev',
        'Disallow: /api/',
        'Disallow: /invitation',
        'Disallow: /drops/*/queue',
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('the sitemap', () => {
  it('is an index of the pages and the products, in the sitemap and image namespaces', async () => {
    const index = await xml('/sitemap.xml');
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xmlValues(index, 'loc')).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/products-1.xml`,
    ]);
    const pages = xmlValues(await xml('/sitemaps/pages.xml'), 'loc');
    expect(pages).toEqual(
      expect.arrayContaining([
        `${SITE}/`,
        `${SITE}/home`,
        `${SITE}/women`,
        `${SITE}/basketball`,
        `${SITE}/home?brand=nike`,
        `${SITE}/home?brand=adidas`,
        `${SITE}/home?category=basketball`,
        `${SITE}/home?category=running`,
        `${SITE}/home?gender=women`,
        `${SITE}/home?gender=unisex`,
      ]),
    );
    const products = await xml('/sitemaps/products-1.xml');
    expect(products).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    );
    const listed = await sitemapProducts();
    const { total } = (await send(app(), 'GET', '/api/products?limit=1')).json<{ total: number }>();
    expect(listed.size).toBe(total);
    for (const [id, { lastmod, image }] of listed) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
      expect(image).toMatch(/^http:\/\/localhost:3000\/uploads\/products\/.+\/detail\.webp$/);
    }
  });

  it('splits the products into files of at most the limit, every product in one of them', async () => {
    const { products } = await discoveryCatalog(app().db);
    const limit = 25;
    const files = sitemapFiles(
      {
        siteUrl: SITE,
        products: products.map((row) => ({
          id: row.id,
          updatedAt: row.updatedAt,
          picture: row.detailPicture,
        })),
        drops: [],
      },
      limit,
    );
    expect(files.products).toHaveLength(Math.ceil(products.length / limit));
    const locs = files.products.flatMap((file) => {
      expect(xmlProblems(file)).toEqual([]);
      const urls = xmlValues(file, 'loc');
      expect(urls.length).toBeLessThanOrEqual(limit);
      return urls;
    });
    expect(locs).toEqual(products.map((row) => `${SITE}/home/${row.id}`));
    expect(xmlValues(files.index, 'loc')).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      ...files.products.map((_, index) => `${SITE}/sitemaps/products-${index + 1}.xml`),
    ]);
  });

  it("moves a product's lastmod when it changes, lists a public drop's page, and lets an archived product leave", async () => {
    const made = await staffProduct(app(), staff().cookie, pictures);
    const before = (await sitemapProducts()).get(made._id);
    expect(before?.image).toBe(`${SITE}${made.detail_picture}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await modifyProduct(app(), staff().cookie, made._id, { name: 'Changed Runner' });
    const after = (await sitemapProducts()).get(made._id);
    expect(Date.parse(after?.lastmod ?? '')).toBeGreaterThan(Date.parse(before?.lastmod ?? ''));

    const drop = await createDrop(app(), staff().cookie, {
      productId: made._id,
      mode: 'queue',
      releaseAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(xmlValues(await xml('/sitemaps/pages.xml'), 'loc')).toContain(`${SITE}/drops/${drop.id}`);

    await archiveProduct(app(), staff().cookie, made._id);
    expect((await sitemapProducts()).has(made._id)).toBe(false);
    expect(xmlValues(await xml('/sitemaps/pages.xml'), 'loc')).not.toContain(`${SITE}/drops/${drop.id}`);
  });

  it('answers 304 while nothing changed, and 404 in the envelope for a file it does not have', async () => {
    const first = await send(app(), 'GET', '/sitemap.xml');
    const again = await app().inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of ['/sitemaps/products-99.xml', '/sitemaps/products-0.xml', '/sitemaps/products-x.xml']) {
      const missing = await send(app(), 'GET', url);
      expect(missing.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(missing.json().error.code, url).toMatch(/NOT_FOUND|VALIDATION_ERROR/);
    }
  });
});

/** Two instances of the shop on one PostgreSQL database: a change through one is in the other's sitemap. */
describe.runIf(process.env.TEST_DATABASE_URL)('the sitemap of another instance', () => {
  let second: TestApp;

  beforeAll(async () => {
    second = await createTestApp({ database: app().config.database });
  });

  afterAll(async () => {
    await second?.close();
  });

  it('lists a product created through the first within 60 s, and leaves it within 60 s of its archiving', async () => {
    const before = await sitemapProducts(second.app);
    const made = await staffProduct(app(), staff().cookie, pictures);
    expect(before.has(made._id)).toBe(false);
    const appeared = await within60s(second.app, (ids) => ids.has(made._id));
    await archiveProduct(app(), staff().cookie, made._id);
    const left = await within60s(second.app, (ids) => !ids.has(made._id));
    // The version check makes it at once.
    expect(Math.max(appeared, left)).toBeLessThan(5_000);
  });
});
