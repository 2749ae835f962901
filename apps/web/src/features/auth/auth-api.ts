import type { AuthConfig } from '@shop/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type AuthUser, fetchSession, SESSION_QUERY_KEY, type SessionUser } from '../../lib/session';

/**
 * The account calls of the shop's API (Better Auth behind /api/auth, in the shop's error envelope).
 * This module is part of every page (the navbar signs out through it), so it imports nothing from
 * @shop/contracts at run time: the contracts' auth module brings zod along.
 */

export interface AuthResult {
  token: string | null;
  user: AuthUser;
}

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
}

export interface SignInInput {
  email: string;
  password: string;
}

/** Reads the session again and stores it under ['session'], so menus and guards see the change at once. */
export function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 });
}

export async function signUp(queryClient: QueryClient, input: SignUpInput): Promise<AuthResult> {
  const result = await api.post<AuthResult>('/auth/sign-up/email', input);
  await refreshSession(queryClient);
  return result;
}

/** The answer to a right password of an account with a second factor: the second step is still to come. */
export interface TwoFactorChallenge {
  twoFactorRedirect: true;
  twoFactorMethods: string[];
}

export async function signIn(
  queryClient: QueryClient,
  input: SignInInput,
): Promise<AuthResult | TwoFactorChallenge> {
  const result = await api.post<AuthResult | TwoFactorChallenge>('/auth/sign-in/email', input);
  if ('twoFactorRedirect' in result) return result;
  await refreshSession(queryClient);
  return result;
}

/**
 * The second step of a sign-in: a code from the authenticator app, or a recovery code (used up). The
 * browser holds the first step's challenge cookie; the answer starts the session.
 */
export async function verifySecondFactor(
  queryClient: QueryClient,
  kind: 'totp' | 'recovery',
  code: string,
): Promise<void> {
  await api.post(kind === 'totp' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code', {
    code,
  });
  await refreshSession(queryClient);
}

/** Signs in with a passkey (on its own, or instead of the second step): the browser asks the authenticator. */
export async function signInWithPasskey(queryClient: QueryClient): Promise<void> {
  const { passkeyAssertion } = await import('../../lib/security');
  const response = await passkeyAssertion();
  await api.post('/auth/passkey/verify-authentication', { response });
  await refreshSession(queryClient);
}

/** Ends the session; the UI shows a guest straight away, then the session is read again. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.post('/auth/sign-out', {});
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  } finally {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }
}

export function sendVerificationEmail(email: string): Promise<unknown> {
  return api.post('/auth/send-verification-email', { email });
}

/** Always answers 200, even for an e-mail with no account (so it reveals nothing). */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('/auth/request-password-reset', { email });
}

/** Sets the new password; every session of that user ends, so the session is read again. */
export async function resetPassword(
  queryClient: QueryClient,
  input: { token: string; newPassword: string },
): Promise<void> {
  await api.post('/auth/reset-password', input);
  await refreshSession(queryClient).catch(() => null);
}

export const AUTH_CONFIG_QUERY_KEY = ['auth-config'] as const;

export function getAuthConfig(): Promise<AuthConfig> {
  return api.get<AuthConfig>('/config');
}

/**
 * Starts Google sign-in: the server answers the provider's URL and the whole page goes there. The provider
 * comes back to the server, which lands the browser on callbackURL (signed in) or on /login?error=...
 */
export async function startGoogleSignIn(callbackURL: string): Promise<void> {
  const { url } = await api.post<{ url: string; redirect: boolean }>('/auth/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL: '/login',
  });
  window.location.href = url;
}

/** A redirect target only when it is a path of this shop: one leading '/', no '//' or '\' tricks. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !/^\/(?![/\\])/.test(target) || /[\s\\]/.test(target)) return fallback;
  return target;
}
