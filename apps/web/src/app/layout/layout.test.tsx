import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rehydrateCart, useCartStore } from '../../lib/cart/cart-store';
import type { SessionUser } from '../../lib/session';
import { testQueryClient } from '../../test/query-client';
import { renderInRouter } from '../../test/render-routes';
import { searchUrl } from './nav-search';
import { RootLayout } from './root-layout';

/** A page that shows its heading only once its data has come, as the shop's product page does. */
function HeadingAfterData() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // Kept: this timer is the page's simulated slow data, not a wait in the test.
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>loaded later</h1> : <p>Loading</p>;
}

/** The layout for `user`; `undefined`: the session is not known yet. */
function renderLayout(user: SessionUser | null | undefined, path = '/') {
  const client = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  if (user !== undefined) client.setQueryData(['session'], user);
  return renderInRouter(
    [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <p>landing</p> },
          { path: 'later', Component: HeadingAfterData },
          { path: '*', element: <h1>elsewhere</h1> },
        ],
      },
    ],
    path,
    client,
  ).router;
}

const baseUser: SessionUser = {
  uid: 'u1',
  username: 'sam',
  email: 'sam@example.com',
  emailVerified: true,
  role: 'user',
};

function menuEntries(): string[] {
  fireEvent.click(screen.getByRole('button', { name: 'Account' }));
  const menu = screen.getByRole('button', { name: 'Account' }).parentElement?.querySelector('.dropdown-menu');
  if (!(menu instanceof HTMLElement)) throw new Error('no menu');
  return Array.from(menu.querySelectorAll('a, button')).map((item) => item.textContent ?? '');
}

describe('site layout', () => {
  beforeEach(() => {
    // jsdom has no scrolling; the layout scrolls to the top on every new page.
    vi.stubGlobal('scrollTo', vi.fn());
  });

  it('builds the search URL with only the encoded term', () => {
    expect(searchUrl('air max 90')).toBe('/home?search=air%20max%2090');
    expect(searchUrl('  ')).toBe('/home');
    expect(searchUrl('a&b=c')).toBe('/home?search=a%26b%3Dc');
  });

  it('searches from the navbar and clears the input', () => {
    const router = renderLayout(null);
    const input = screen.getByPlaceholderText('search');
    fireEvent.change(input, { target: { value: 'jordan 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?search=jordan%201');
    expect(input).toHaveValue('');
  });

  it('shows the main links and the footer credits', () => {
    renderLayout(null);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/home', '/basketball', '/women']);
    expect(screen.getByText('Made by a team of 7 developers')).toBeInTheDocument();
    expect(screen.getByText(/© 2023/)).toBeInTheDocument();
  });

  it('offers Sign up in the footer to a guest only', () => {
    const signUpLinks = () =>
      within(screen.getByRole('contentinfo'))
        .queryAllByRole('link', { name: 'Sign up' })
        .map((link) => link.getAttribute('href'));
    renderLayout(null);
    expect(signUpLinks()).toEqual(['/register', '/register']);
    cleanup();
    renderLayout(baseUser);
    expect(screen.getByText('Made by a team of 7 developers')).toBeInTheDocument();
    expect(signUpLinks()).toEqual([]);
    cleanup();
    renderLayout({ ...baseUser, role: 'admin' });
    expect(signUpLinks()).toEqual([]);
  });

  it('shows no Sign up while it does not know who is looking yet', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderLayout(undefined);
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('offers Login and Register to a guest', () => {
    renderLayout(null);
    expect(menuEntries()).toEqual(['Login', 'Register']);
  });

  it('offers the user menu to a user', () => {
    renderLayout(baseUser);
    expect(menuEntries()).toEqual([
      'Profile',
      'Favorites',
      'Orders',
      'Bought',
      'Security',
      'Sessions',
      'LogOut',
    ]);
  });

  it('offers the admin menu to an admin', () => {
    renderLayout({ ...baseUser, role: 'admin' });
    expect(menuEntries()).toEqual([
      'Orders',
      'Products',
      'Users',
      'Profile',
      'Security',
      'Sessions',
      'LogOut',
    ]);
  });

  it('offers a member of staff only the entries their role opens (fulfilment: no Products, no Users)', () => {
    renderLayout({ ...baseUser, role: 'fulfilment' });
    expect(menuEntries()).toEqual(['Orders', 'Profile', 'Security', 'Sessions', 'LogOut']);
  });

  it('logs out: home first, then the sign-out call, then a guest menu', async () => {
    const pathAtCall: string[] = [];
    let router: ReturnType<typeof renderLayout> | undefined;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      pathAtCall.push(`${String(input)} from ${router?.state.location.pathname}`);
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    router = renderLayout(baseUser, '/account/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'LogOut' }));
    });
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    // The footer's size system reads the signed-in shopper's profile; the sign-out is called from home.
    expect(pathAtCall.filter((call) => !call.startsWith('/api/users/dashboard/'))[0]).toBe(
      '/api/auth/sign-out from /',
    );
    expect(menuEntries()).toEqual(['Login', 'Register']);
  });

  it('shows how many units the cart holds on the cart icon', async () => {
    localStorage.setItem(
      'carrito',
      JSON.stringify([
        { id: 'p1', name: 'Runner', description: '', img: '/a.webp', size: '9', price: 100, count: 2 },
        { id: 'p2', name: 'Court', description: '', img: '/b.webp', size: '10', price: 80, count: 1 },
      ]),
    );
    rehydrateCart();
    renderLayout(null);
    const cart = screen.getByRole('button', { name: 'Cart' });
    await waitFor(() => expect(cart.querySelector('.cart-count')).toHaveAttribute('data-count', '3'));
    expect(cart).toHaveAccessibleDescription('3 items in cart');
    act(() => useCartStore.getState().clear());
    await waitFor(() => expect(cart.querySelector('.cart-count')).toBeNull());
  });

  it('asks a guest to log in before entering the cart', async () => {
    const router = renderLayout(null);
    fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
    expect(await screen.findByText('You must be logged in to enter the cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LogIn' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/');
    // The popover takes focus, so LogIn is the next stop for a keyboard; Escape gives focus back.
    await waitFor(() => expect(screen.getByRole('link', { name: 'LogIn' })).toHaveFocus());
    fireEvent.keyUp(document, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart' })).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument());
  });

  it("moves focus to the new page's main heading on navigation, waiting for a heading that comes later", async () => {
    const router = renderLayout(null);
    await act(() => router.navigate('/anywhere'));
    expect(screen.getByRole('heading', { level: 1, name: 'elsewhere' })).toHaveFocus();
    await act(() => router.navigate('/later'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'loaded later' })).toHaveFocus(),
    );
    // A query-string change (a filter, a page of a list) leaves focus where it is.
    const search = screen.getByPlaceholderText('search');
    search.focus();
    await act(() => router.navigate('/later?page=2'));
    expect(search).toHaveFocus();
  });

  it('takes a signed-in user to the cart', () => {
    const router = renderLayout(baseUser);
    fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('shows the scroll-to-top button only past 100 px', async () => {
    renderLayout(null);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    for (const y of [100, 101]) {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      if (y === 100) expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
