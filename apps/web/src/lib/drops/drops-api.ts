import type { Drop, DropChallenge, DropSummary, MyDrop, MyDropEntry, QueueStatus } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../api';

/**
 * The shopper's side of fair drops (docs/decisions/0030), shared by the product page, the drop's own
 * pages, the landing page and the catalogue: one query key and function per endpoint, and the calls.
 */

const dropPath = (id: string) => `/drops/${encodeURIComponent(id)}`;

export const DROPS_QUERY_KEY = ['drops'] as const;

/** `GET /api/drops`: upcoming and live drops, soonest release first; `productId` keeps one product's. */
export function dropsQuery(productId?: string) {
  return queryOptions({
    queryKey: [...DROPS_QUERY_KEY, 'list', productId ?? 'all'] as const,
    queryFn: async () => (await api.get<{ drops: DropSummary[] }>('/drops', { productId })).drops,
    staleTime: 30_000,
  });
}

/** `GET /api/drops/:id`: one drop in any state; once drawn with its seed, entries and winners. */
export function dropQuery(id: string) {
  return queryOptions({
    queryKey: [...DROPS_QUERY_KEY, 'one', id] as const,
    queryFn: () => api.get<Drop>(dropPath(id)),
    staleTime: 15_000,
  });
}

/** A 404 answers null: the shopper has no entry, or no place in the queue. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** `GET /api/drops/:id/notify`: whether the signed-in shopper asked to be e-mailed. */
export function dropNotifyQuery(id: string, uid: string) {
  return queryOptions({
    queryKey: [...DROPS_QUERY_KEY, 'notify', id, uid] as const,
    queryFn: async () => (await api.get<{ notify: boolean }>(`${dropPath(id)}/notify`)).notify,
    staleTime: 60_000,
  });
}

/** `POST`/`DELETE /api/drops/:id/notify`: one e-mail when the entry opens or the release starts. */
export async function setDropNotify(id: string, notify: boolean): Promise<boolean> {
  const path = `${dropPath(id)}/notify`;
  const answer = notify
    ? await api.post<{ notify: boolean }>(path)
    : await api.delete<{ notify: boolean }>(path);
  return answer.notify;
}

/** `GET /api/drops/:id/entries/me`: the shopper's entry in a draw, or null when they did not enter. */
export function myDropEntryQuery(id: string, uid: string) {
  return queryOptions({
    queryKey: [...DROPS_QUERY_KEY, 'entry', id, uid] as const,
    queryFn: () => orNull(api.get<MyDropEntry>(`${dropPath(id)}/entries/me`)),
    staleTime: 15_000,
  });
}

/**
 * `GET /api/drops/me`: the signed-in shopper's draw entries and waiting-room places, newest release first,
 * finished drops included (the account lists them; the product page says how a finished draw went).
 */
export function myDropsQuery(uid: string) {
  return queryOptions({
    queryKey: [...DROPS_QUERY_KEY, 'me', uid] as const,
    queryFn: async () => (await api.get<{ drops: MyDrop[] }>('/drops/me')).drops,
    staleTime: 15_000,
  });
}

/** `GET /api/drops/:id/challenge`: a proof-of-work puzzle to solve before entering. */
export function fetchDropChallenge(id: string): Promise<DropChallenge> {
  return api.get<DropChallenge>(`${dropPath(id)}/challenge`);
}

/** `POST /api/drops/:id/entries`: enter the draw in one size with a solved proof (201). */
export function enterDraw(id: string, body: { size: string; proof: string }) {
  return api.post<{ id: string; size: string }>(`${dropPath(id)}/entries`, body);
}

/** `PUT /api/drops/:id/entries/me`: another size, before the entry closes. */
export function changeEntrySize(id: string, size: string): Promise<MyDropEntry> {
  return api.put<MyDropEntry>(`${dropPath(id)}/entries/me`, { size });
}

/** `DELETE /api/drops/:id/entries/me`: withdraw, before the entry closes (204). */
export function withdrawEntry(id: string): Promise<unknown> {
  return api.delete<unknown>(`${dropPath(id)}/entries/me`);
}

/** `POST /api/drops/:id/queue`: join the waiting room; joining again keeps the place. */
export function joinQueue(id: string): Promise<QueueStatus> {
  return api.post<QueueStatus>(`${dropPath(id)}/queue`);
}

/** `GET /api/drops/:id/queue/me`: the shopper's place in the waiting room, or null when not in it. */
export function myQueueQuery(id: string, uid: string) {
  return queryOptions({
    queryKey: [...DROPS_QUERY_KEY, 'queue', id, uid] as const,
    queryFn: () => orNull(api.get<QueueStatus>(`${dropPath(id)}/queue/me`)),
  });
}
