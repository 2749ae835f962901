import type { JsonLdDocument } from '@shop/contracts';
import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { STRUCTURED_DATA_ATTRIBUTE } from './page-head';

const STRUCTURED_DATA = 'structured-data';

/** `GET /api/structured-data/products/:id`: the product page's Product and BreadcrumbList (404 when gone). */
export const productStructuredDataQuery = (productId: string) =>
  queryOptions({
    queryKey: [STRUCTURED_DATA, 'product', productId],
    queryFn: () => api.get<JsonLdDocument>(`/structured-data/products/${encodeURIComponent(productId)}`),
  });

/** `GET /api/structured-data/home`: the landing page's Organization and WebSite. */
export const homeStructuredDataQuery = queryOptions({
  queryKey: [STRUCTURED_DATA, 'home'],
  queryFn: () => api.get<JsonLdDocument>('/structured-data/home'),
});

/**
 * Whether a query's data goes to the browser in its page's JSON-LD block only, not again in the page's
 * rendered state (entry-server.tsx): the browser's first render reads it back from the block.
 */
export const isSentInItsBlock = (query: Pick<Query, 'queryKey'>) => query.queryKey[0] === STRUCTURED_DATA;

/** The document the server wrote in this page's block for `name`, when the page has one. */
function fromItsBlock(name: string): JsonLdDocument | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const block of document.querySelectorAll(`script[${STRUCTURED_DATA_ATTRIBUTE}]`)) {
    if (block.getAttribute(STRUCTURED_DATA_ATTRIBUTE) !== name) continue;
    try {
      return JSON.parse(block.textContent ?? '') as JsonLdDocument;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The document the server loaded for this page (app/route-data.ts), and the name of its block. The
 * browser never asks the API for it: search engines read each page's HTML as the server rendered it, so
 * a page the app navigates to costs no request for it, and never shows another page's document.
 */
export function useStructuredData(query: ReturnType<typeof productStructuredDataQuery>) {
  const name = query.queryKey.join(' ');
  const { data } = useQuery({ ...query, enabled: false, initialData: () => fromItsBlock(name) });
  return { document: data, name };
}
