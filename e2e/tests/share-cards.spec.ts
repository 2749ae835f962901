import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Share cards and what search engines read (issue 41), on the HTML the server answers: no browser and no
 * script reads it, as a crawler or a chat app's link preview does not. The card's image is opened and
 * measured. Then, in the browser: the JSON-LD data block breaks no content security policy, and the app
 * keeps one set of tags as it moves between pages.
 */

interface Summary {
  _id: string;
  name: string;
  price: number;
}

/** The HTML the server answers for `path`, with its status. */
async function serverHtml(request: APIRequestContext, path: string, status = 200): Promise<string> {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status(), path).toBe(status);
  expect(response.headers()['content-type']).toContain('text/html');
  return response.text();
}

const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The document head's <meta> and <link> tags, each as its attributes. */
function headTags(html: string): Record<string, string>[] {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  return Array.from(head.matchAll(/<(?:meta|link)\b([^>]*?)\/?>/g), ([, attributes = '']) =>
    Object.fromEntries(
      Array.from(attributes.matchAll(/([\w:-]+)="([^"]*)"/g), ([, name = '', value = '']) => [
        name,
        decode(value),
      ]),
    ),
  );
}

/** The content (or href) of every head tag whose property, name or rel is `key`. */
const valuesOf = (html: string, key: string) =>
  headTags(html)
    .filter((tag) => tag.property === key || tag.name === key || tag.rel === key)
    .map((tag) => tag.content ?? tag.href ?? '');

/** The one value of `key`: the page has exactly one such tag. */
function one(html: string, key: string): string {
  const values = valuesOf(html, key);
  expect(values, key).toHaveLength(1);
  return values[0] ?? '';
}

/** The page's JSON-LD documents, parsed. */
function jsonLd(html: string): unknown[] {
  return Array.from(
    html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    ([, text = '']) => {
      expect(text).not.toContain('<');
      return JSON.parse(text) as unknown;
    },
  );
}

/** The JSON-LD nodes of `type` in `documents` (in a @graph or a document of its own). */
const nodesOf = (documents: unknown[], type: string) =>
  documents
    .flatMap((document) => {
      const graph = (document as { '@graph'?: unknown[] })['@graph'];
      return graph ?? [document];
    })
    .filter((node) => (node as { '@type'?: unknown })['@type'] === type) as Record<string, unknown>[];

/** A JPEG's width and height, from its first start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.readUInt16BE(0), 'a JPEG starts with SOI').toBe(0xffd8);
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error(`not a JPEG marker at ${offset}`);
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0-SOF15, but DHT (C4), JPG (C8) and DAC (CC) are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no frame in the JPEG');
}

/** Opens a card's image as a crawler does: a 1200x630 JPEG. */
async function expectShareImage(request: APIRequestContext, url: string) {
  expect(url.startsWith(`${BASE_URL}/share/`), url).toBe(true);
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toContain('image/jpeg');
  expect(jpegSize(await response.body())).toEqual({ width: 1200, height: 630 });
}

/** The card every public page carries: Open Graph and Twitter's, pointing at one share image. */
async function expectCard(request: APIRequestContext, html: string, canonical: string, type: string) {
  expect(one(html, 'canonical')).toBe(canonical);
  expect(one(html, 'og:url')).toBe(canonical);
  expect(one(html, 'og:type')).toBe(type);
  expect(one(html, 'og:site_name')).toBe('Sneaker Shop');
  expect(one(html, 'og:title')).not.toBe('');
  expect(one(html, 'og:description')).not.toBe('');
  expect(one(html, 'og:image:width')).toBe('1200');
  expect(one(html, 'og:image:height')).toBe('630');
  expect(one(html, 'og:image:alt')).not.toBe('');
  expect(one(html, 'twitter:card')).toBe('summary_large_image');
  expect(one(html, 'twitter:title')).toBe(one(html, 'og:title'));
  expect(one(html, 'twitter:description')).toBe(one(html, 'og:description'));
  const image = one(html, 'og:image');
  expect(one(html, 'twitter:image')).toBe(image);
  expect(valuesOf(html, 'robots')).toEqual([]);
  await expectShareImage(request, image);
  return image;
}

async function firstProduct(request: APIRequestContext): Promise<Summary> {
  const response = await request.get('/api/products?limit=1');
  const { products } = (await response.json()) as { products: Summary[] };
  const product = products[0];
  if (!product) throw new Error('the seeded catalogue is empty');
  return product;
}

test.describe('share cards and search engines', () => {
  test("a product page's HTML carries its card, price, canonical URL and JSON-LD Product", async ({
    request,
  }) => {
    const product = await firstProduct(request);
    const html = await serverHtml(request, `/home/${product._id}?size=9&utm_source=chat`);
    const image = await expectCard(request, html, `${BASE_URL}/home/${product._id}`, 'product');
    expect(image).toBe(`${BASE_URL}/share/products/${product._id}.jpg`);
    expect(one(html, 'og:title')).toBe(product.name);
    expect(Number(one(html, 'product:price:amount'))).toBe(product.price);
    expect(one(html, 'product:price:currency')).toMatch(/^[A-Z]{3}$/);
    expect(['in stock', 'out of stock', 'preorder']).toContain(one(html, 'product:availability'));

    const documents = jsonLd(html);
    expect(documents).toHaveLength(1);
    const [productNode] = nodesOf(documents, 'Product');
    expect(productNode).toMatchObject({ name: product.name });
    expect(nodesOf(documents, 'BreadcrumbList')).toHaveLength(1);
  });

  test("the landing page's HTML carries the shop's card and its Organization and WebSite", async ({
    request,
  }) => {
    const html = await serverHtml(request, '/');
    const image = await expectCard(request, html, `${BASE_URL}/`, 'website');
    expect(image).toBe(`${BASE_URL}/share/shop.jpg`);
    const documents = jsonLd(html);
    expect(documents).toHaveLength(1);
    expect(nodesOf(documents, 'Organization')).toHaveLength(1);
    expect(nodesOf(documents, 'WebSite')).toHaveLength(1);
  });

  test("a catalogue page's HTML names its canonical URL without its sort, its neighbours and its breadcrumbs", async ({
    request,
  }) => {
    const html = await serverHtml(request, '/home?category=running&sort=price-asc&page=2');
    const canonical = `${BASE_URL}/home?category=running&page=2`;
    await expectCard(request, html, canonical, 'website');
    expect(one(html, 'prev')).toBe(`${BASE_URL}/home?category=running`);
    // A next page when the running shoes fill a third page.
    const list = await request.get('/api/products?category=running&page=2&limit=12');
    const { pages } = (await list.json()) as { pages: number };
    expect(valuesOf(html, 'next')).toEqual(pages > 2 ? [`${BASE_URL}/home?category=running&page=3`] : []);
    const [breadcrumbs] = nodesOf(jsonLd(html), 'BreadcrumbList');
    expect(breadcrumbs?.itemListElement).toEqual([
      expect.objectContaining({ position: 1, item: `${BASE_URL}/` }),
      expect.objectContaining({ position: 2, item: canonical }),
    ]);
  });

  test('the cart, a search that found nothing and a missing page are kept out of search results', async ({
    page,
  }) => {
    // A guest asking for the cart is sent to sign in, a page kept out of search results too.
    const guest = await serverHtml(page.request, '/cart');
    expect(valuesOf(guest, 'robots')).toEqual(['noindex']);
    await signedInBuyer(page, 'sharecards');
    const cart = await serverHtml(page.request, '/cart');
    expect(cart).toContain('id="rendered-state"');
    expect(valuesOf(cart, 'robots')).toEqual(['noindex']);
    expect(valuesOf(cart, 'canonical')).toEqual([]);

    const nothing = await serverHtml(page.request, '/home?search=qqqqzzzzxxxx');
    expect(valuesOf(nothing, 'robots')).toEqual(['noindex']);
    const missing = await serverHtml(page.request, '/no-such-page', 404);
    expect(valuesOf(missing, 'robots')).toEqual(['noindex']);
  });

  test('in the browser, the JSON-LD breaks no content security policy and each page keeps one set of tags', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|hydrat|did not match|Minified React error/i.test(message.text()))
        problems.push(message.text());
    });
    const canonicals = page.locator('head link[rel="canonical"]');
    const jsonLdScripts = page.locator('script[type="application/ld+json"]');

    await page.goto(`/home/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(canonicals).toHaveCount(1);
    await expect(canonicals).toHaveAttribute('href', `${BASE_URL}/home/${product._id}`);
    await expect(page.locator('head meta[property="og:title"]')).toHaveCount(1);
    await expect(jsonLdScripts).toHaveCount(1);

    // To the catalogue without a new page load: the product's tags leave with it.
    await page.getByRole('link', { name: /Back to products/ }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sneakers' })).toBeVisible();
    await expect(canonicals).toHaveCount(1);
    await expect(canonicals).toHaveAttribute('href', `${BASE_URL}/home`);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('head meta[property^="product:"]')).toHaveCount(0);
    await expect(jsonLdScripts).toHaveCount(1);
    expect(problems).toEqual([]);
  });
});
