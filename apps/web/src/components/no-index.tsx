/**
 * Keeps the page out of search results (issue 41). On its own, small, for the layout that every page
 * loads first (app/layout/root-layout.tsx) and the pages that say it of one state (a search that found
 * nothing, a product that is gone).
 */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
