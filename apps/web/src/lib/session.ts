import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

/** The signed-in user as the app sees it (spec section 3), plus the role for menus. */
export interface SessionUser {
  uid: string;
  username: string;
  email: string;
  emailVerified: boolean;
  /** 'user' (a shopper), 'admin', another built-in staff role or one the owner made (lib/permissions.ts). */
  role: string;
}

/** The user as Better Auth answers it (sign-up, sign-in, get-session). */
export interface AuthUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username?: string | null;
  displayUsername?: string | null;
  role?: string | null;
}

interface SessionResponse {
  user: AuthUser;
}

export const SESSION_QUERY_KEY = ['session'] as const;

/** GET /api/auth/get-session: the signed-in user, or null for a guest. */
export async function fetchSession(): Promise<SessionUser | null> {
  const response = await apiFetch('/api/auth/get-session', { credentials: 'same-origin' });
  if (!response.ok) return null;
  const text = await response.text();
  const data = (text ? JSON.parse(text) : null) as SessionResponse | null;
  if (!data?.user) return null;
  return {
    uid: data.user.id,
    username: data.user.displayUsername || data.user.username || '',
    email: data.user.email,
    emailVerified: data.user.emailVerified,
    role: data.user.role || 'user',
  };
}

/** The session as every part of the shop asks for it: the navbar, the favourites, the pages' server data. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  staleTime: 30_000,
});

/** `loading` is true until the first answer, as the spec's auth state says. */
export function useSession(): { user: SessionUser | null; loading: boolean } {
  const query = useQuery(sessionQuery);
  return { user: query.data ?? null, loading: query.isPending };
}
