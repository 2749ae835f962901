import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import {
  DEFAULT_PAGE_HINTS,
  getShopCurrency,
  type PublicTaxSettings,
  type RenderOutcome,
  type RenderPage,
  setShopCurrency,
  type VisitorFetch,
} from '@shop/contracts';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type Query,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router';
import { createQueryClient } from './app/app';
import { ServerRedirect } from './app/guards';
import { type RenderedState, serializeRenderedState } from './app/rendered-state';
import { isNoindex, type RouteHandle } from './app/route-handle';
import { routes } from './app/routes';
import { serverQueryClient } from './app/server-data';
import { setServerFetch } from './lib/api';
import { PageHintsContext } from './lib/page-hints';
import { getShopTax, setShopTax } from './lib/shop-tax';
import { isSentInItsBlock } from './lib/structured-data';

/**
 * Renders a page on the server, with the data it shows, so the browser paints it before any script has
 * run; the browser's app then takes the HTML over (main.tsx). The API server calls `renderPage` for every
 * page request (apps/api/src/plugins/static-web.ts) and answers the plain shell when it fails.
 */

/** The API as the visitor of the page being rendered: each render runs in its own context. */
const visitorFetch = new AsyncLocalStorage<VisitorFetch>();
setServerFetch((input, init) => {
  const fetchAsVisitor = visitorFetch.getStore();
  if (!fetchAsVisitor) return Promise.reject(new Error('An API call outside a server render'));
  return fetchAsVisitor(input, init);
});

const handler = createStaticHandler(routes);

/**
 * The shop's currency and how it shows tax, read for each page (a change in the Tax tab shows on the next
 * page), for the prices the page writes. Every render in this process writes the one shop's prices, so the
 * formatter's currency and the tax note are shared; when the settings cannot be read, those last read stay.
 */
async function readShopSettings(fetchAsVisitor: VisitorFetch) {
  try {
    const response = await fetchAsVisitor('/api/tax/settings', { headers: { accept: 'application/json' } });
    if (response.ok) {
      const settings = (await response.json()) as PublicTaxSettings;
      setShopCurrency(settings.currency);
      setShopTax({ ...settings, collects: settings.collects === true });
    }
  } catch {
    // The page is still rendered, its prices in the currency last read.
  }
  return { currency: getShopCurrency(), tax: getShopTax() };
}

/** A render still waiting for code or data after this long is abandoned (the server sends the shell). */
const RENDER_ABORT_MS = 5000;

function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const timer = setTimeout(() => stream.abort(new Error('The render took too long')), RENDER_ABORT_MS);
    const stream = renderToPipeableStream(element, {
      // Every Suspense boundary is written in place: React would move a large one to the end of the
      // document with an inline script to put it back, which the CSP (script-src 'self') refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failed = error;
      },
    });
  });
}

/** Queries the page asked for that nobody loaded, and that the page would fetch itself. */
function unloadedQueries(queryClient: QueryClient, failed: Set<string>): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (failed.has(query.queryHash) || query.state.status !== 'pending') return false;
      const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    })
    .map((query) => query.queryHash);
}

/** Drops the queries that failed, so the page shows them loading and the browser fetches them. */
function dropFailed(queryClient: QueryClient): Set<string> {
  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' });
  for (const query of failed) queryClient.getQueryCache().remove(query);
  return new Set(failed.map((query) => query.queryHash));
}

/**
 * The route the server would render for `pathname`, when it renders one (routes.tsx), and whether the
 * page is kept out of search results.
 */
function matchPage(pathname: string): { page: RouteHandle | null; noindex: boolean } {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle);
  const page = handles.at(-1) as RouteHandle | undefined;
  return { page: page?.serverRendered ? page : null, noindex: isNoindex(handles) };
}

/** What the shell of a page the browser renders says in its head before any script runs (RootLayout's). */
const NOINDEX_HEAD = '<meta name="robots" content="noindex"/>';

/** What the routes' loaders get on the server: the query cache to fill, when the page is rendered. */
function loaderContext(queryClient: QueryClient | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(serverQueryClient, queryClient);
  return context;
}

/**
 * Renders `url` for the visitor whose API calls `fetchAsVisitor` makes, when its route is one the server
 * renders (routes.tsx), fitted to what the request `hints` of the visitor. The matched routes' loaders
 * load the page's data first (app/route-data.ts), then the page is rendered once; a query that fails is
 * left for the browser to fetch, as it would without the server.
 */
export const renderPage: RenderPage = (url, fetchAsVisitor, hints = DEFAULT_PAGE_HINTS) =>
  visitorFetch.run(fetchAsVisitor, async (): Promise<RenderOutcome> => {
    const request = new Request(new URL(url, 'http://shop.invalid'), { method: 'GET' });
    const { page, noindex } = matchPage(new URL(request.url).pathname);
    const queryClient = page ? createQueryClient() : null;
    const context = await handler.query(request, { requestContext: loaderContext(queryClient) });
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    if (context.errors) throw new Error('The route failed to load on the server');
    if (!page || !queryClient) return noindex ? { kind: 'shell', head: NOINDEX_HEAD } : { kind: 'shell' };
    const { currency, tax } = await readShopSettings(fetchAsVisitor);

    const failed = dropFailed(queryClient);
    const router = createStaticRouter(handler.dataRoutes, context);
    const redirect = { location: null as string | null };
    const html = await renderToHtml(
      <StrictMode>
        <ServerRedirect.Provider value={redirect}>
          <PageHintsContext.Provider value={hints}>
            <QueryClientProvider client={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryClientProvider>
          </PageHintsContext.Provider>
        </ServerRedirect.Provider>
      </StrictMode>,
    );
    if (redirect.location) return { kind: 'redirect', status: 302, location: redirect.location };
    const { head, body } = splitHoisted(html);
    const state: RenderedState = {
      // A JSON-LD document goes once, in its data block, which the browser reads it back from.
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && !isSentInItsBlock(query),
      }),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      hints,
      currency,
      tax,
    };
    return {
      kind: 'page',
      status: page.status ?? context.statusCode,
      head,
      body,
      state: serializeRenderedState(state),
      unloaded: unloadedQueries(queryClient, failed),
    };
  });

/** React writes the page's <title> and other head elements first: they belong in the document's head. */
function splitHoisted(html: string): { head: string; body: string } {
  const match = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/.exec(html);
  if (!match) return { head: '', body: html };
  return { head: match[0], body: html.slice(match[0].length) };
}
