import type { PageHints } from './page-hints';

/**
 * The web app's server render (apps/web/src/entry-server.tsx) as the API server calls it
 * (apps/api/src/plugins/page-render.ts): declared here once, so both sides agree on it.
 */

/** The API as the visitor of the page being rendered: the page's API calls go through it. */
export type VisitorFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What rendering a page gave. */
export type RenderOutcome =
  | {
      kind: 'page';
      status: number;
      /** The head elements the page rendered (its <title>, ...): they go in the document's head. */
      head: string;
      /** The page's HTML, for #root. */
      body: string;
      /** The data the page was rendered with, as JSON safe inside a <script> element. */
      state: string;
      /**
       * Queries the page asked for that its routes' loaders did not load: the page went out showing them
       * loading and the browser fetches them. Empty unless a route forgot to declare some of its data.
       */
      unloaded: string[];
    }
  | { kind: 'redirect'; status: number; location: string }
  /**
   * The page is not one the server renders: the browser renders it from the shell, with `head` (a page
   * kept out of search results says so before any script runs) in the shell's head.
   */
  | { kind: 'shell'; head?: string };

/** Renders the page at `url` for the visitor whose API calls `fetchAsVisitor` makes, fitted to `hints`. */
export type RenderPage = (
  url: string,
  fetchAsVisitor: VisitorFetch,
  hints?: PageHints,
) => Promise<RenderOutcome>;
