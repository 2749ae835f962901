import type { ReactNode } from 'react';
import { renderInRouter } from '../../test/render-routes';

/** Test helpers for the drop pages: the session as the API answers it, and a page at a URL. */

export const sessionBody = (emailVerified = true) => ({
  user: { id: 'u1', email: 'demo@shop.test', emailVerified, username: 'demo_user', role: 'user' },
});

/** Renders `element` at `url` for the route `path`, with the other pages it links to as plain text. */
export function renderAt(path: string, url: string, element: ReactNode) {
  const { router, client } = renderInRouter(
    [
      { path, element },
      { path: '/cart', element: <p>cart page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    url,
  );
  return { router, client };
}
