import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, useEffect } from 'react';
import { RouterProvider } from 'react-router';

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
}: {
  queryClient: QueryClient;
  router: ComponentProps<typeof RouterProvider>['router'];
}) {
  // The page is live: public/boot.js lets forms submit from now on (and journeys wait for this mark).
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
