import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../test/query-client';
import { renderInRouter } from '../test/render-routes';
import { RootLayout } from './layout/root-layout';
import { isNoindex, type RouteHandle } from './route-handle';
import { routes } from './routes';

/**
 * Pages kept out of search results (issue 41): the visitor's own pages, the forms, the checkout's steps,
 * invitations, the test gateway, dev pages and the not-found page say `noindex`; the storefront does not.
 */

const PRIVATE_PAGES = [
  '/login',
  '/register',
  '/restore-password',
  '/verify-email',
  '/cart',
  '/checkout/u1',
  '/account/profile',
  '/account/orders',
  '/account/favorites',
  '/account/products',
  '/drops/d1/queue',
  '/order-completed',
  '/order-canceled',
  '/invitation/a-token',
  '/test-gateway/ref-1',
  '/dev/outbox',
  '/demogrid',
  '/preview',
  '/no-such-page',
  '/account/no-such-section',
];
const PUBLIC_PAGES = ['/', '/home', '/home/p1', '/women', '/basketball', '/drops/d1'];

const noindexAt = (path: string) =>
  isNoindex((matchRoutes(routes, path) ?? []).map((match) => match.route.handle));

describe('the routes kept out of search results', () => {
  it.each(PRIVATE_PAGES)('%s says noindex', (path) => {
    expect(noindexAt(path)).toBe(true);
  });

  it.each(PUBLIC_PAGES)('%s is left to be indexed', (path) => {
    expect(noindexAt(path)).toBe(false);
  });
});

describe('the layout', () => {
  beforeEach(() => {
    // jsdom has no scrolling; the layout scrolls to the top on every new page.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  const PRIVATE: RouteHandle = { noindex: true };
  const robots = () =>
    Array.from(document.head.querySelectorAll('meta[name="robots"]')).map((tag) =>
      tag.getAttribute('content'),
    );

  it('says noindex on a page whose route is private, once, and takes it away on a public page', async () => {
    const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
    client.setQueryData(['session'], null);
    const { router, unmount } = renderInRouter(
      [
        {
          path: '/',
          Component: RootLayout,
          children: [
            { index: true, element: <h1>landing</h1> },
            { handle: PRIVATE, children: [{ path: 'cart', element: <h1>cart</h1> }] },
            { path: 'login', handle: PRIVATE, element: <h1>login</h1> },
          ],
        },
      ],
      '/cart',
      client,
    );
    await screen.findByRole('heading', { name: 'cart' });
    expect(robots()).toEqual(['noindex']);
    await router.navigate('/login');
    await screen.findByRole('heading', { name: 'login' });
    expect(robots()).toEqual(['noindex']);
    await router.navigate('/');
    await screen.findByRole('heading', { name: 'landing' });
    await waitFor(() => expect(robots()).toEqual([]));
    unmount();
  });
});
