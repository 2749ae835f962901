import type { Product, ProductList } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalCatalogPath, readCatalogState } from '../../lib/catalog/catalog-params';
import { aj1Detail } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderInRouter } from '../../test/render-routes';
import { CatalogPage } from './catalog-page';

/**
 * The catalogue's head (issue 41): its canonical URL keeps what changes the products listed and drops
 * what only orders them; a page of a series names its neighbours; a search that found nothing is kept
 * out of search results; its breadcrumbs lead from the landing page.
 */

const ORIGIN = window.location.origin;
const shoe: Product = aj1Detail();
let total: number;
let pages: number;
beforeEach(() => {
  total = 30;
  pages = 3;
  mockApi(({ path, search }) => {
    if (path === '/api/products') {
      const list: ProductList = {
        products: total > 0 ? [shoe] : [],
        total,
        totalExact: true,
        page: Number(search.get('page') ?? 1),
        pages,
      };
      return { body: list };
    }
    if (path === '/api/drops') return { body: { drops: [] } };
    return undefined;
  });
});

afterEach(() => {
  expect(document.head.querySelector('link, meta')).toBeNull();
});

async function renderCatalog(path: string, status = '30 products') {
  const view = renderInRouter([{ path: '/home', element: <CatalogPage /> }], path);
  await screen.findByText(status);
  return view;
}

const links = (rel: string) =>
  Array.from(document.head.querySelectorAll(`link[rel="${rel}"]`)).map((tag) => tag.getAttribute('href'));
const meta = (key: string) =>
  Array.from(document.head.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)).map((tag) =>
    tag.getAttribute('content'),
  );
const breadcrumbs = () => {
  const scripts = Array.from(document.querySelectorAll('script[type="application/ld+json"]'));
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]?.textContent ?? '') as {
    '@type': string;
    itemListElement: { position: number; name: string; item: string }[];
  };
};

describe('the catalogue head', () => {
  it('keeps the filters, the search and the page in its canonical URL, and drops the sort', async () => {
    const { unmount } = await renderCatalog('/home?category=running&sort=price-asc&search=air&page=2');
    const canonical = `${ORIGIN}/home?category=running&search=air&page=2`;
    expect(links('canonical')).toEqual([canonical]);
    expect(meta('og:url')).toEqual([canonical]);
    // Its neighbours, in the same form: page 1 has no page parameter.
    expect(links('prev')).toEqual([`${ORIGIN}/home?category=running&search=air`]);
    expect(links('next')).toEqual([`${ORIGIN}/home?category=running&search=air&page=3`]);
    expect(meta('og:type')).toEqual(['website']);
    expect(meta('og:title')).toEqual(['Results for "air" · Sneaker Shop']);
    expect(meta('og:image')).toEqual([`${ORIGIN}/share/shop.jpg`]);
    expect(meta('twitter:card')).toEqual(['summary_large_image']);
    expect(meta('og:description')[0]).toContain('Sneakers matching "air" (Category: Running)');
    expect(meta('robots')).toEqual([]);
    expect(breadcrumbs()).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${ORIGIN}/` },
        { position: 2, name: 'Results for "air"', item: canonical },
      ],
    });
    unmount();
  });

  it('names no previous page on the first and no next page on the last', async () => {
    const first = await renderCatalog('/home?sort=name-desc');
    expect(links('canonical')).toEqual([`${ORIGIN}/home`]);
    expect(links('prev')).toEqual([]);
    expect(links('next')).toEqual([`${ORIGIN}/home?page=2`]);
    first.unmount();

    const last = await renderCatalog('/home?page=3');
    expect(links('canonical')).toEqual([`${ORIGIN}/home?page=3`]);
    expect(links('prev')).toEqual([`${ORIGIN}/home?page=2`]);
    expect(links('next')).toEqual([]);
    last.unmount();
  });

  it('keeps a search that found nothing out of search results, and nothing else', async () => {
    total = 0;
    pages = 0;
    const nothing = await renderCatalog('/home?search=zzzz', '0 products');
    expect(meta('robots')).toEqual(['noindex']);
    expect(links('canonical')).toEqual([`${ORIGIN}/home?search=zzzz`]);
    nothing.unmount();

    // An empty filtered list is not a search: it stays indexable.
    const filtered = await renderCatalog('/home?brand=gucci', '0 products');
    expect(meta('robots')).toEqual([]);
    filtered.unmount();
  });

  it('moves its tags along with the URL as the shopper pages, one of each', async () => {
    const { router, unmount } = await renderCatalog('/home?brand=nike');
    await router.navigate('/home?brand=nike&page=2');
    await waitFor(() => expect(links('canonical')).toEqual([`${ORIGIN}/home?brand=nike&page=2`]));
    expect(links('prev')).toEqual([`${ORIGIN}/home?brand=nike`]);
    expect(links('next')).toEqual([`${ORIGIN}/home?brand=nike&page=3`]);
    expect(meta('og:url')).toEqual([`${ORIGIN}/home?brand=nike&page=2`]);
    unmount();
  });

  it('names the upcoming drops as their own page', async () => {
    const { unmount } = renderInRouter([{ path: '/home', element: <CatalogPage /> }], '/home?upcoming=1');
    await screen.findByRole('heading', { level: 1, name: 'Upcoming drops' });
    await waitFor(() => expect(links('canonical')).toEqual([`${ORIGIN}/home?upcoming=1`]));
    expect(links('next')).toEqual([]);
    unmount();
  });
});

describe('the canonical catalogue path', () => {
  it('keeps the filters, the size and the search, and the page past the first', () => {
    const state = readCatalogState(
      new URLSearchParams('sort=price-desc&brand=nike&size=44&sizeSystem=EU&onSale=true&search=air&page=1'),
    );
    expect(canonicalCatalogPath('/home', state)).toBe(
      '/home?brand=nike&onSale=true&size=44&sizeSystem=EU&search=air',
    );
    expect(canonicalCatalogPath('/home', state, 4)).toBe(
      '/home?brand=nike&onSale=true&size=44&sizeSystem=EU&search=air&page=4',
    );
    expect(canonicalCatalogPath('/home', readCatalogState(new URLSearchParams('sort=name-asc')))).toBe(
      '/home',
    );
  });
});
