import type { JsonLdDocument, ProductDetail } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productStructuredDataQuery } from '../../lib/structured-data';
import { dropSummary } from '../../test/drop-fixtures';
import { AJ1, aj1Detail, DUNK } from '../../test/fixtures';
import { type ApiCall, mockApi } from '../../test/mock-api';
import { testQueryClient } from '../../test/query-client';
import { renderInRouter } from '../../test/render-routes';
import { productAvailability } from './product-head';
import { ProductPage } from './product-page';

/**
 * The product page's head (issue 41): one canonical URL, the share card with the product's picture, price
 * and availability, and the JSON-LD the server loaded, in one data block.
 */

const ORIGIN = window.location.origin;
const dunk = aj1Detail({ _id: DUNK, name: 'Dunk Low Panda', description: '<p>Black &amp; white.</p>' });
const structuredData = (name: string): JsonLdDocument => ({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'Product', name },
    { '@type': 'BreadcrumbList', itemListElement: [] },
  ],
});

let shoe: ProductDetail;
let drops: unknown[];
let calls: ApiCall[];
beforeEach(() => {
  shoe = aj1Detail({ price: 120, compareAtPrice: 150 });
  drops = [];
  ({ calls } = mockApi(({ path }) => {
    if (path === `/api/products/details/${AJ1}`) return { body: [shoe] };
    if (path === `/api/products/details/${DUNK}`) return { body: [dunk] };
    if (path === '/api/drops') return { body: { drops } };
    if (path === '/api/auth/get-session') return { body: null };
    return undefined;
  }));
});

afterEach(() => {
  // Hoisted tags leave with the page: nothing is left in the head for the next test.
  expect(document.head.querySelector('link[rel="canonical"], meta[property^="og:"]')).toBeNull();
});

/** The product page at `path`, with the JSON-LD the server would have loaded for `loaded` products. */
function renderProduct(path: string, loaded: { id: string; document: JsonLdDocument }[] = []) {
  const client = testQueryClient();
  for (const { id, document } of loaded)
    client.setQueryData(productStructuredDataQuery(id).queryKey, document);
  return renderInRouter([{ path: '/home/:id', element: <ProductPage /> }], path, client);
}

const meta = (key: string) =>
  Array.from(document.head.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)).map((tag) =>
    tag.getAttribute('content'),
  );
const links = (rel: string) =>
  Array.from(document.head.querySelectorAll(`link[rel="${rel}"]`)).map((tag) => tag.getAttribute('href'));
const jsonLdScripts = () => Array.from(document.querySelectorAll('script[type="application/ld+json"]'));

describe('the product page head', () => {
  it('names its canonical URL without the query, and shows the product on its share card', async () => {
    const { unmount } = renderProduct(`/home/${AJ1}?size=9&utm_source=feed`);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    const url = `${ORIGIN}/home/${AJ1}`;
    expect(links('canonical')).toEqual([url]);
    expect(meta('og:url')).toEqual([url]);
    expect(meta('og:type')).toEqual(['product']);
    expect(meta('og:site_name')).toEqual(['Sneaker Shop']);
    expect(meta('og:title')).toEqual(['Air Jordan 1 Mid XQ']);
    expect(meta('og:description')).toEqual(['Only 240 pairs.']);
    expect(meta('og:image')).toEqual([`${ORIGIN}/share/products/${AJ1}.jpg`]);
    expect(meta('og:image:width')).toEqual(['1200']);
    expect(meta('og:image:height')).toEqual(['630']);
    expect(meta('og:image:alt')).toEqual(['Air Jordan 1 Mid XQ']);
    expect(meta('twitter:card')).toEqual(['summary_large_image']);
    expect(meta('twitter:title')).toEqual(['Air Jordan 1 Mid XQ']);
    expect(meta('twitter:description')).toEqual(['Only 240 pairs.']);
    expect(meta('twitter:image')).toEqual([`${ORIGIN}/share/products/${AJ1}.jpg`]);
    // The price paid today (the sale's), in the shop's currency, and whether it can be had.
    expect(meta('product:price:amount')).toEqual(['120.00']);
    expect(meta('product:price:currency')).toEqual(['USD']);
    expect(meta('product:availability')).toEqual(['in stock']);
    expect(meta('robots')).toEqual([]);
    unmount();
  });

  it('renders the JSON-LD the server loaded in one data block, with no `<` that could close it', async () => {
    const hostile = 'Air </script><script>alert(1)</script>';
    const { unmount } = renderProduct(`/home/${AJ1}`, [{ id: AJ1, document: structuredData(hostile) }]);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    const scripts = jsonLdScripts();
    expect(scripts).toHaveLength(1);
    const text = scripts[0]?.textContent ?? '';
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(structuredData(hostile));
    // The browser never asks for it: search engines read the server's HTML.
    expect(calls.some((call) => call.path.startsWith('/api/structured-data'))).toBe(false);
    unmount();
  });

  it("reads the document back from the server's data block as the app takes the page over", async () => {
    // The server sent the document once, in the page's block (not in the rendered state): the block of
    // another product's page is not this one's.
    const block = (id: string, name: string) => {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.setAttribute('data-structured-data', `structured-data product ${id}`);
      script.textContent = JSON.stringify(structuredData(name));
      return document.body.appendChild(script);
    };
    const served = [block(DUNK, 'Dunk Low Panda'), block(AJ1, 'Air Jordan 1 Mid XQ')];
    const { container, unmount } = renderProduct(`/home/${AJ1}`);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    const rendered = container.querySelectorAll('script[type="application/ld+json"]');
    expect(rendered).toHaveLength(1);
    expect(JSON.parse(rendered[0]?.textContent ?? '')).toEqual(structuredData('Air Jordan 1 Mid XQ'));
    expect(rendered[0]?.getAttribute('data-structured-data')).toBe(`structured-data product ${AJ1}`);
    expect(calls.some((call) => call.path.startsWith('/api/structured-data'))).toBe(false);
    unmount();
    for (const script of served) script.remove();
  });

  it('keeps one set of tags, the new page’s, when the shopper goes to another product', async () => {
    const { router, unmount } = renderProduct(`/home/${AJ1}`, [
      { id: AJ1, document: structuredData('Air Jordan 1 Mid XQ') },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    await router.navigate(`/home/${DUNK}`);
    await screen.findByRole('heading', { level: 1, name: 'Dunk Low Panda' });
    await waitFor(() => expect(links('canonical')).toEqual([`${ORIGIN}/home/${DUNK}`]));
    expect(meta('og:title')).toEqual(['Dunk Low Panda']);
    expect(meta('og:description')).toEqual(['Black & white.']);
    expect(meta('twitter:image')).toEqual([`${ORIGIN}/share/products/${DUNK}.jpg`]);
    // The first product's document went with its page; the second's was not loaded by a server.
    expect(jsonLdScripts()).toHaveLength(0);
    unmount();
  });

  it('says a product sold out in every size is out of stock, and one before its drop a pre-order', async () => {
    shoe = aj1Detail({ stock: { '9': 0, '10': 0 } });
    const soldOut = renderProduct(`/home/${AJ1}`);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    expect(meta('product:availability')).toEqual(['out of stock']);
    soldOut.unmount();

    shoe = aj1Detail();
    drops = [dropSummary({ state: 'entry_open' })];
    const dropped = renderProduct(`/home/${AJ1}`);
    await screen.findByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' });
    await waitFor(() => expect(meta('product:availability')).toEqual(['preorder']));
    dropped.unmount();
  });

  it('keeps a product that is not found out of search results, with no card', async () => {
    const { unmount } = renderProduct('/home/00000000-0000-4000-8000-000000000000');
    await screen.findByRole('heading', { name: "We couldn't find this sneaker" });
    expect(meta('robots')).toEqual(['noindex']);
    expect(links('canonical')).toEqual([]);
    unmount();
  });
});

describe('product availability', () => {
  it('is a pre-order before a drop’s release, and by the stock once it is live', () => {
    const inStock = { stock: { '9': 0, '10': 2 } };
    const soldOut = { stock: { '9': 0 } };
    expect(productAvailability(inStock, null)).toBe('in stock');
    expect(productAvailability(soldOut, null)).toBe('out of stock');
    for (const state of ['scheduled', 'entry_open', 'entry_closed', 'drawn', 'pre_queue'] as const) {
      expect(productAvailability(inStock, { state })).toBe('preorder');
    }
    expect(productAvailability(inStock, { state: 'live' })).toBe('in stock');
    expect(productAvailability(soldOut, { state: 'live' })).toBe('out of stock');
  });
});
