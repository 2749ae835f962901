import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { DEFAULT_PAGE_HINTS, type PageHints } from '@shop/contracts';
import { dehydrate, type Query, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './app/app';
import { ServerRedirect } from './app/guards';
import { type RenderedState, serializeRenderedState } from './app/rendered-state';
import { type RouteHandle, routes } from './app/routes';
import { setServerFetch } from './lib/api';
import { PageHintsContext } from './lib/page-hints';

/**
 * Renders a page on the server, with the data it shows, so the browser paints it before any script has
 * run; the browser's app then takes the HTML over (main.tsx). The API server calls `renderPage` for every
 * page request (apps/api/src/plugins/static-web.ts) and answers the plain shell when it fails.
 */

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The API as the visitor of the page being rendered: each render runs in its own context. */
const visitorFetch = new AsyncLocalStorage<Fetch>();
setServerFetch((input, init) => {
  const fetchAsVisitor = visitorFetch.getStore();
  if (!fetchAsVisitor) return Promise.reject(new Error('An API call outside a server render'));
  return fetchAsVisitor(input, init);
});

/** Rounds of fetching: a page's data can lead to more (the session opens a guarded page's queries). */
const MAX_FETCH_ROUNDS = 3;

export type RenderOutcome =
  | { kind: 'page'; status: number; head: string; body: string; state: string }
  | { kind: 'redirect'; status: number; location: string }
  /** The page is not one the server renders: the browser renders it from the shell. */
  | { kind: 'shell' };

const handler = createStaticHandler(routes);

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

/** The page's queries that nobody has tried to fetch yet and that the page would fetch itself. */
function unfetchedQueries(queryClient: QueryClient, tried: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (tried.has(query.queryHash) || query.state.status !== 'pending') return false;
      const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    });
}

/**
 * Renders `url` for the visitor whose API calls `fetchAsVisitor` makes, when its route is one the server
 * renders (routes.tsx), fitted to what the request `hints` of the visitor. Queries the page starts
 * are fetched and the page rendered again, until it asks for nothing new; a query that fails is left for
 * the browser to fetch, as it would without the server.
 */
export async function renderPage(
  url: string,
  fetchAsVisitor: Fetch,
  hints: PageHints = DEFAULT_PAGE_HINTS,
): Promise<RenderOutcome> {
  const request = new Request(new URL(url, 'http://shop.invalid'), { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  if (context.errors) throw new Error('The route failed to load on the server');
  const page = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!page?.serverRendered) return { kind: 'shell' };

  return visitorFetch.run(fetchAsVisitor, async () => {
    const queryClient = createQueryClient();
    const router = createStaticRouter(handler.dataRoutes, context);
    const redirect = { location: null as string | null };
    const app = () => {
      redirect.location = null;
      return (
        <StrictMode>
          <ServerRedirect.Provider value={redirect}>
            <PageHintsContext.Provider value={hints}>
              <QueryClientProvider client={queryClient}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </QueryClientProvider>
            </PageHintsContext.Provider>
          </ServerRedirect.Provider>
        </StrictMode>
      );
    };
    const tried = new Set<string>();
    let html = await renderToHtml(app());
    for (let round = 0; round < MAX_FETCH_ROUNDS; round += 1) {
      const queries = unfetchedQueries(queryClient, tried);
      if (queries.length === 0) break;
      await Promise.all(
        queries.map((query) => {
          tried.add(query.queryHash);
          return queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey, retry: false });
        }),
      );
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      html = await renderToHtml(app());
    }
    if (redirect.location) return { kind: 'redirect', status: 302, location: redirect.location };
    const { head, body } = splitHoisted(html);
    const state: RenderedState = {
      queries: dehydrate(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      hints,
    };
    return {
      kind: 'page',
      status: page.status ?? context.statusCode,
      head,
      body,
      state: serializeRenderedState(state),
    };
  });
}

/** React writes the page's <title> and other head elements first: they belong in the document's head. */
function splitHoisted(html: string): { head: string; body: string } {
  const match = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/.exec(html);
  if (!match) return { head: '', body: html };
  return { head: match[0], body: html.slice(match[0].length) };
}
