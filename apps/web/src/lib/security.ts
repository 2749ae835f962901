import type { SecurityStatus } from '@shop/contracts';
import { api } from './api';

/**
 * The member's sign-in security as the account's Security section and the step-up dialog read it, and
 * the passkey ceremonies (WebAuthn, through @simplewebauthn/browser, loaded when first used).
 */

export const SECURITY_QUERY_KEY = ['account', 'security'] as const;

/** `GET /api/account/security`: two-factor on or off, recovery codes left, passkeys. */
export function getSecurity(): Promise<SecurityStatus> {
  return api.get<SecurityStatus>('/account/security');
}

/** A passkey's assertion for the shop: the options from the server, the browser's answer to them. */
export async function passkeyAssertion(): Promise<Record<string, unknown>> {
  const options = await api.get<
    Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON']
  >('/auth/passkey/generate-authenticate-options');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  return response as unknown as Record<string, unknown>;
}

/** Creates a passkey for the signed-in member and keeps it under `name`. */
export async function registerPasskey(name: string): Promise<void> {
  const options = await api.get<
    Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON']
  >('/auth/passkey/generate-register-options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options });
  await api.post('/auth/passkey/verify-registration', { response, name });
}

/** `POST /api/auth/step-up`: a code, a passkey's assertion, or the password of a member without a factor. */
export function stepUp(
  proof: { code: string } | { password: string } | { passkey: Record<string, unknown> },
): Promise<{ validUntil: string }> {
  return api.post<{ validUntil: string }>('/auth/step-up', proof);
}

/** Whether the browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
