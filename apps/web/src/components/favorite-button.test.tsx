import type { UserDashboard } from '@shop/contracts';
import { buildProduct } from '@shop/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_QUERY_KEY } from '../lib/dashboard';
import { useSession } from '../lib/session';
import { AJ1, DUNK, dashboardFixture, UID } from '../test/fixtures';
import { type ApiCall, errorBody, mockApi } from '../test/mock-api';
import { renderInRouter } from '../test/render-routes';
import { ProductCard } from './product-card';

const aj1 = buildProduct({ _id: AJ1, name: 'Air Jordan 1 Mid XQ' });
const dunk = buildProduct({ _id: DUNK, name: 'Dunk Low Panda' });

const session = (emailVerified: boolean) => ({
  user: { id: UID, email: 'demo@shop.test', emailVerified, username: 'demo_user', role: 'user' },
});

function dashboard(favourites: string[]): UserDashboard {
  return dashboardFixture({
    favourites,
    productsFavourites: [aj1, dunk].filter((shoe) => favourites.includes(shoe._id)),
  });
}

/** What the navbar does on every page: it loads the session. */
function SessionProbe() {
  useSession();
  return null;
}

function renderCards({ withNavbar = true } = {}) {
  const { router, client } = renderInRouter(
    [
      {
        path: '/home',
        element: (
          <>
            {withNavbar ? <SessionProbe /> : null}
            <ProductCard product={aj1} />
            <ProductCard product={dunk} />
          </>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/home?brand=nike',
  );
  return { router, client };
}

const heart = (name: string | RegExp) => screen.getByRole('button', { name });
const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

/** A promise the test settles by hand, to look at the page while a call is under way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('FavoriteButton on a product card', () => {
  it('asks a guest to log in, without opening the product or calling the API', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/api/auth/get-session' ? { status: 200, body: null } : undefined,
    );
    // No navbar: the click itself finds out who is asking.
    const { router } = renderCards({ withNavbar: false });
    const user = userEvent.setup();
    const button = heart('Add Air Jordan 1 Mid XQ to favourites');
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    const prompt = await screen.findByRole('dialog', { name: 'You must be logged in to add favourites' });
    expect(within(prompt).getByRole('link', { name: 'LogIn' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/home?brand=nike')}`,
    );
    expect(router.state.location.pathname).toBe('/home');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/get-session']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells an unverified user to verify the e-mail first', async () => {
    const { calls } = mockApi((call) =>
      call.path === '/api/auth/get-session' ? { body: session(false) } : undefined,
    );
    renderCards();
    const user = userEvent.setup();
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(heart('Add Dunk Low Panda to favourites'));
    const prompt = await screen.findByRole('dialog', { name: 'Please verify the email to continue' });
    expect(within(prompt).getByRole('link', { name: 'Verify e-mail' })).toHaveAttribute(
      'href',
      `/verify-email?redirect=${encodeURIComponent('/home?brand=nike')}`,
    );
    // No dashboard is read for an unverified user, and nothing is changed.
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/get-session']);
  });

  it('keeps a heart pressed before the favourites have loaded, when their late answer arrives', async () => {
    const firstLoad = deferred<void>();
    let favourites: string[] = [];
    let loads = 0;
    mockApi(async (call) => {
      if (call.path === '/api/auth/get-session') return { body: session(true) };
      if (call.path === `/api/users/dashboard/${UID}`) {
        loads += 1;
        // The first load reads the list before the click and answers after the click's own answer.
        const before = dashboard(favourites);
        if (loads === 1) await firstLoad.promise;
        return { body: [before] };
      }
      if (call.method === 'PUT') {
        favourites = [DUNK];
        return { body: [dashboard(favourites)] };
      }
      return undefined;
    });
    const { client } = renderCards();
    const user = userEvent.setup();
    await waitFor(() => expect(loads).toBe(1));
    await user.click(heart('Add Dunk Low Panda to favourites'));
    await waitFor(() =>
      expect(client.getQueryData<UserDashboard>(DASHBOARD_QUERY_KEY(UID))?.favourites).toEqual([DUNK]),
    );
    firstLoad.resolve();
    // The late first load has landed (or was dropped): nothing is fetching or changing any more.
    await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
    expect(heart('Remove Dunk Low Panda from favourites')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the favourites of a verified user and toggles at once, before the server answers', async () => {
    let favourites = [AJ1];
    const answer = deferred<void>();
    const { calls } = mockApi(async (call) => {
      if (call.path === '/api/auth/get-session') return { body: session(true) };
      if (call.path === `/api/users/dashboard/${UID}`) return { body: [dashboard(favourites)] };
      if (call.method === 'PUT') {
        await answer.promise;
        const { favorite } = call.body as { favorite: string };
        favourites = call.path.includes('addFavorite')
          ? [...favourites, favorite]
          : favourites.filter((id) => id !== favorite);
        return { body: [dashboard(favourites)] };
      }
      return undefined;
    });
    const { router, client } = renderCards();
    const user = userEvent.setup();

    const saved = await screen.findByRole('button', { name: 'Remove Air Jordan 1 Mid XQ from favourites' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    const other = heart('Add Dunk Low Panda to favourites');
    expect(other).toHaveAttribute('aria-pressed', 'false');

    await user.click(other);
    // Pressed at once, while the call is still under way.
    expect(other).toHaveAttribute('aria-pressed', 'true');
    expect(other).toHaveAccessibleName('Remove Dunk Low Panda from favourites');
    expect(puts(calls)).toEqual([
      expect.objectContaining({ path: `/api/users/addFavorite/${UID}`, body: { favorite: DUNK } }),
    ]);
    answer.resolve();
    await waitFor(() =>
      expect(client.getQueryData<UserDashboard>(DASHBOARD_QUERY_KEY(UID))?.productsFavourites).toHaveLength(
        2,
      ),
    );
    expect(other).toHaveAttribute('aria-pressed', 'true');

    await user.click(saved);
    expect(saved).toHaveAttribute('aria-pressed', 'false');
    expect(saved).toHaveAccessibleName('Add Air Jordan 1 Mid XQ to favourites');
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({
      path: `/api/users/deleteFavorite/${UID}`,
      body: { favorite: AJ1 },
    });
    await waitFor(() =>
      expect(client.getQueryData<UserDashboard>(DASHBOARD_QUERY_KEY(UID))?.favourites).toEqual([DUNK]),
    );
    // The card's link was never followed.
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the heart back and shows the red alert with the server message when the call fails', async () => {
    const { calls } = mockApi((call) => {
      if (call.path === '/api/auth/get-session') return { body: session(true) };
      if (call.path === `/api/users/dashboard/${UID}`) return { body: [dashboard([])] };
      if (call.method === 'PUT')
        return { status: 404, body: errorBody('NOT_FOUND', 'This product is no longer in the shop') };
      return undefined;
    });
    renderCards();
    const user = userEvent.setup();
    await waitFor(() =>
      expect(calls.some((call) => call.path.startsWith('/api/users/dashboard'))).toBe(true),
    );
    const button = heart('Add Air Jordan 1 Mid XQ to favourites');

    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent(
      'Air Jordan 1 Mid XQ was not added to your favourites: This product is no longer in the shop',
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName('Add Air Jordan 1 Mid XQ to favourites');

    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a rapid second click: the last wish wins over overlapping answers', async () => {
    let favourites: string[] = [];
    const first = deferred<void>();
    let put = 0;
    const { calls } = mockApi(async (call) => {
      if (call.path === '/api/auth/get-session') return { body: session(true) };
      if (call.path === `/api/users/dashboard/${UID}`) return { body: [dashboard(favourites)] };
      if (call.method === 'PUT') {
        // The server applies each call as it arrives; the first answer is slow to come back.
        put += 1;
        const { favorite } = call.body as { favorite: string };
        favourites = call.path.includes('addFavorite')
          ? [...new Set([...favourites, favorite])]
          : favourites.filter((id) => id !== favorite);
        const body = [dashboard(favourites)];
        if (put === 1) await first.promise;
        return { body };
      }
      return undefined;
    });
    const { client } = renderCards();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Add Air Jordan 1 Mid XQ to favourites' });
    await waitFor(() => expect(put).toBe(0));
    // The dashboard must be loaded for the second click to read the first one's result.
    await waitFor(() => expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(2));

    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(put).toBe(2));
    expect(favourites).toEqual([]);
    // The stale first answer (a favourite) comes back last: the heart still shows the last wish.
    const reads = calls.filter((call) => call.path.startsWith('/api/users/dashboard')).length;
    first.resolve();
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/users/dashboard'))).toHaveLength(reads + 1),
    );
    // That read's answer has been applied: nothing is fetching or changing any more.
    await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });
});
