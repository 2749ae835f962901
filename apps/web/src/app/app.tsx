import { DEFAULT_PAGE_HINTS, type PageHints } from '@shop/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { MOTION_ATTRIBUTE } from '../lib/motion';
import { PageHintsContext } from '../lib/page-hints';
import { watchProductSizing } from '../lib/product-sizing';

/** Sets the currency of the prices before the first render (main.tsx). */
export { setShopCurrency } from '@shop/contracts';
/** Fills the query cache with the data a page was rendered with (main.tsx). */
export { hydrate } from '@tanstack/react-query';
/** Sets how tax is shown beside the prices before the first render (main.tsx). */
export { setShopTax } from '../lib/shop-tax';

/** Decorative motion waits at most this long for the browser to be idle after the page went live. */
const MOTION_AFTER_MS = 3000;

/** One per browser tab, and one per page the server renders. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

export function App({
  queryClient,
  router,
  hints = DEFAULT_PAGE_HINTS,
}: {
  queryClient: QueryClient;
  router: ComponentProps<typeof RouterProvider>['router'];
  /** The hints the server rendered the page being taken over with. */
  hints?: PageHints;
}) {
  // The page is live: public/boot.js lets forms submit from now on (and journeys wait for this mark).
  // Decorative motion starts when the browser is next idle (marketing.css): not while the page loads.
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.live = '';
    const startMotion = () => html.setAttribute(MOTION_ATTRIBUTE, '');
    if (typeof requestIdleCallback !== 'function') return startMotion();
    const idle = requestIdleCallback(startMotion, { timeout: MOTION_AFTER_MS });
    return () => cancelIdleCallback(idle);
  }, []);
  // The products the shopper sees are noted, so their sizes elsewhere (cart, orders) read in their system.
  useEffect(() => watchProductSizing(queryClient), [queryClient]);
  return (
    <PageHintsContext.Provider value={hints}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PageHintsContext.Provider>
  );
}
