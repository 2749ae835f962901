import type { UserDashboard } from '@shop/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from './api';
import { DASHBOARD_QUERY_KEY, dashboardQuery } from './dashboard';
import { type SessionUser, sessionQuery } from './session';

/** Who is asking: only a signed-in user with a verified e-mail keeps favourites. */
export type FavoriteAccess = 'unknown' | 'guest' | 'unverified' | 'verified';

/** What a toggle did: changed the favourites, or why it could not. */
export type ToggleOutcome = 'toggled' | 'guest' | 'unverified';

function accessOf(user: SessionUser | null | undefined): FavoriteAccess {
  if (user === undefined) return 'unknown';
  if (user === null) return 'guest';
  return user.emailVerified ? 'verified' : 'unverified';
}

/**
 * The session as far as it is already known, without asking for it: the navbar loads it on every page,
 * and a page full of cards should not add work of its own. A click resolves it when it is still unknown.
 */
function useKnownSession(): SessionUser | null | undefined {
  return useQuery({ ...sessionQuery, enabled: false }).data;
}

function withFavorite(dashboard: UserDashboard, productId: string, favorite: boolean): UserDashboard {
  if (dashboard.favourites.includes(productId) === favorite) return dashboard;
  if (favorite) return { ...dashboard, favourites: [...dashboard.favourites, productId] };
  return {
    ...dashboard,
    favourites: dashboard.favourites.filter((id) => id !== productId),
    productsFavourites: dashboard.productsFavourites.filter((product) => product._id !== productId),
  };
}

/** Toggles in flight per query client, so overlapping answers do not undo each other. */
interface ToggleState {
  inFlight: number;
  overlapped: boolean;
  sequence: number;
  latest: Map<string, number>;
}
const toggleStates = new WeakMap<QueryClient, ToggleState>();

function toggleStateOf(client: QueryClient): ToggleState {
  let state = toggleStates.get(client);
  if (!state) {
    state = { inFlight: 0, overlapped: false, sequence: 0, latest: new Map() };
    toggleStates.set(client, state);
  }
  return state;
}

/**
 * Adds or removes one favourite of a verified user at once: the cached dashboard changes first, then
 * `PUT /api/users/addFavorite/:uid` or `deleteFavorite/:uid` with `{ favorite }`, whose `[dashboard]`
 * answer replaces the cache. On failure this product's heart goes back and the ApiError is thrown.
 * Resolves with the product's new state.
 */
export async function toggleFavorite(client: QueryClient, uid: string, productId: string): Promise<boolean> {
  const key = DASHBOARD_QUERY_KEY(uid);
  const state = toggleStateOf(client);
  const cached = client.getQueryData<UserDashboard>(key);
  const favorite = !(cached?.favourites.includes(productId) ?? false);

  // Synchronously, so a second click reads the first one's result.
  client.setQueryData<UserDashboard>(
    key,
    (dashboard) => dashboard && withFavorite(dashboard, productId, favorite),
  );
  // A fetch under way (a refetch, or the first load when the click came before it) would bring back the
  // list as it was before this toggle, after this toggle's answer: cancel it.
  void client.cancelQueries({ queryKey: key });
  const mine = ++state.sequence;
  state.latest.set(productId, mine);
  if (state.inFlight > 0) state.overlapped = true;
  state.inFlight += 1;

  let answer: UserDashboard | undefined;
  try {
    const path = `/users/${favorite ? 'addFavorite' : 'deleteFavorite'}/${encodeURIComponent(uid)}`;
    [answer] = await api.put<UserDashboard[]>(path, { favorite: productId });
    return favorite;
  } catch (error) {
    // The first load was cancelled above and nothing replaced it: load the list again.
    if (!cached) void client.invalidateQueries({ queryKey: key });
    if (state.latest.get(productId) === mine) {
      client.setQueryData<UserDashboard>(
        key,
        (dashboard) => dashboard && withFavorite(dashboard, productId, !favorite),
      );
    }
    throw error;
  } finally {
    if (state.latest.get(productId) === mine) state.latest.delete(productId);
    state.inFlight -= 1;
    if (state.inFlight === 0) {
      if (state.overlapped) {
        // Answers to overlapping calls may arrive in any order: read the final list once.
        state.overlapped = false;
        void client.invalidateQueries({ queryKey: key });
      } else if (answer) {
        client.setQueryData(key, answer);
      }
    }
  }
}

/**
 * Resolves the session when it is not known yet, then toggles for a verified user. A guest or an
 * unverified user changes nothing and is answered why.
 */
async function toggleFor(
  client: QueryClient,
  known: SessionUser | null | undefined,
  productId: string,
): Promise<ToggleOutcome> {
  const user = known === undefined ? await client.fetchQuery(sessionQuery) : known;
  if (!user) return 'guest';
  if (!user.emailVerified) return 'unverified';
  await toggleFavorite(client, user.uid, productId);
  return 'toggled';
}

/**
 * One product's heart: whether it is a favourite and a toggle. Each heart follows only its own product,
 * so toggling one does not redraw every card on the page.
 */
export function useFavorite(productId: string) {
  const client = useQueryClient();
  const user = useKnownSession();
  const access = accessOf(user);
  const { data: isFavorite = false } = useQuery({
    ...dashboardQuery(user?.uid ?? ''),
    enabled: access === 'verified',
    select: (dashboard: UserDashboard) => dashboard.favourites.includes(productId),
  });
  const toggle = useCallback(() => toggleFor(client, user, productId), [client, user, productId]);
  return { access, isFavorite: access === 'verified' && isFavorite, toggle };
}
