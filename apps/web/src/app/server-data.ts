import type { QueryClient } from '@tanstack/react-query';
import { createContext, type LoaderFunction, RouterContextProvider } from 'react-router';
import type * as RouteDataModule from './route-data';
import type { RouteData } from './route-data';

/** The query cache of the page the server is rendering (entry-server.tsx): none in the browser. */
export const serverQueryClient = createContext<QueryClient | null>(null);

/**
 * A route's loader: on the server it loads the route's data (route-data.ts) before the page is rendered
 * once, and the query cache goes to the browser with the page. In the browser it does nothing: a page
 * fetches its own data as it renders and shows it loading meanwhile, so a client navigation never waits
 * for data. route-data.ts is imported only when it runs, so the browser never downloads it.
 */
export function serverData(pick: (data: typeof RouteDataModule) => RouteData): LoaderFunction {
  return async (args) => {
    const client = args.context instanceof RouterContextProvider ? args.context.get(serverQueryClient) : null;
    if (client) await pick(await import('./route-data'))(client, args);
    return null;
  };
}
