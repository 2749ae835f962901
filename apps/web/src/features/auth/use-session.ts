import { useQuery } from '@tanstack/react-query';

/** The signed-in user as the app sees it (spec section 3), plus the role for menus. */
export interface SessionUser {
  uid: string;
  username: string;
  email: string;
  emailVerified: boolean;
  role: 'user' | 'admin';
}

interface SessionResponse {
  user: { id: string; email: string; emailVerified: boolean; username?: string | null; role?: string | null };
}

async function fetchSession(): Promise<SessionUser | null> {
  const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
  if (!response.ok) return null;
  const data = (await response.json()) as SessionResponse | null;
  if (!data?.user) return null;
  return {
    uid: data.user.id,
    username: data.user.username ?? '',
    email: data.user.email,
    emailVerified: data.user.emailVerified,
    role: data.user.role === 'admin' ? 'admin' : 'user',
  };
}

/** `loading` is true until the first answer, as the spec's auth state says. */
export function useSession(): { user: SessionUser | null; loading: boolean } {
  const query = useQuery({ queryKey: ['session'], queryFn: fetchSession, staleTime: 30_000 });
  return { user: query.data ?? null, loading: query.isPending };
}
