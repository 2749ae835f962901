import type { JsonLdDocument } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHintsContext } from '../../lib/page-hints';
import { homeStructuredDataQuery } from '../../lib/structured-data';
import { mockApi } from '../../test/mock-api';
import { testQueryClient } from '../../test/query-client';
import { CataloguePageHead } from './catalogue-page-head';
import { LandingHead } from './landing-head';

/** The landing page's head (the shop's JSON-LD and card) and the shop's own catalogue pages' (/women...). */

const ORIGIN = 'https://shop.example';
const HOME: JsonLdDocument = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'Organization', name: 'Sneaker Shop', url: `${ORIGIN}/` },
    {
      '@type': 'WebSite',
      url: `${ORIGIN}/`,
      potentialAction: { '@type': 'SearchAction', target: `${ORIGIN}/home?search={search_term_string}` },
    },
  ],
};

/** `head` as the server rendered it for the shop at ORIGIN (its page hints), with `loaded` in the cache. */
function renderHead(head: React.ReactNode, loaded?: JsonLdDocument) {
  const client = testQueryClient();
  if (loaded) client.setQueryData(homeStructuredDataQuery.queryKey, loaded);
  return render(
    <PageHintsContext.Provider value={{ screen: 'wide', cartLines: 0, origin: ORIGIN }}>
      <QueryClientProvider client={client}>{head}</QueryClientProvider>
    </PageHintsContext.Provider>,
  );
}

const content = (selector: string) =>
  Array.from(document.head.querySelectorAll(selector)).map(
    (tag) => tag.getAttribute('content') ?? tag.getAttribute('href'),
  );
const jsonLd = () =>
  Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
    (script) => JSON.parse(script.textContent ?? '') as unknown,
  );

afterEach(() => {
  expect(document.head.querySelector('link, meta')).toBeNull();
});

describe('the landing page head', () => {
  it('carries the shop and its search as JSON-LD, once, and its card names the shop at its public origin', () => {
    const { calls } = mockApi(() => undefined);
    const { unmount } = renderHead(<LandingHead />, HOME);
    expect(jsonLd()).toEqual([HOME]);
    expect(content('link[rel="canonical"]')).toEqual([`${ORIGIN}/`]);
    expect(content('meta[property="og:url"]')).toEqual([`${ORIGIN}/`]);
    expect(content('meta[property="og:type"]')).toEqual(['website']);
    expect(content('meta[property="og:title"]')).toEqual(['Sneaker Shop']);
    expect(content('meta[property="og:image"]')).toEqual([`${ORIGIN}/share/shop.jpg`]);
    expect(content('meta[name="twitter:image"]')).toEqual([`${ORIGIN}/share/shop.jpg`]);
    expect(content('meta[name="twitter:card"]')).toEqual(['summary_large_image']);
    expect(content('meta[property="og:description"]')[0]).toMatch(/sneakers from nike, adidas/);
    expect(calls).toEqual([]);
    unmount();
  });

  it('writes no JSON-LD when the server did not load it, and does not ask for it', () => {
    const { calls } = mockApi(() => undefined);
    const { unmount } = renderHead(<LandingHead />);
    expect(jsonLd()).toEqual([]);
    expect(content('link[rel="canonical"]')).toEqual([`${ORIGIN}/`]);
    expect(calls).toEqual([]);
    unmount();
  });
});

describe("the shop's own catalogue pages' head", () => {
  it('carries their breadcrumbs from the landing page and their card', () => {
    const { unmount } = renderHead(
      <CataloguePageHead name="Women" path="/women" description="Sneakers for women." />,
    );
    expect(jsonLd()).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
          { '@type': 'ListItem', position: 2, name: 'Women', item: `${ORIGIN}/women` },
        ],
      },
    ]);
    expect(content('link[rel="canonical"]')).toEqual([`${ORIGIN}/women`]);
    expect(content('meta[property="og:title"]')).toEqual(['Women · Sneaker Shop']);
    expect(content('meta[name="twitter:description"]')).toEqual(['Sneakers for women.']);
    unmount();
  });
});
