import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { testQueryClient } from './query-client';

/**
 * Renders `routes` in a memory router opened at `entry`, under a query cache: a fresh test one unless
 * `client` is given. Answers the router (to read where the page went), the cache and the rendered view.
 */
export function renderInRouter(
  routes: RouteObject[],
  entry: string,
  client: QueryClient = testQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** A stand-in for a page the tests do not render: says its name and the URL it was opened at. */
export function Where({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{`${name} at ${pathname}${search}`}</p>;
}
