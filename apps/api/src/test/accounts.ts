import { buildRegistration } from '@shop/contracts/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { deliveredMail } from './mail';
import { secretOf, totp } from './totp';

export const ORIGIN = 'http://localhost:3000';

/** The session cookie a response sets, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookies = response.cookies.filter((cookie) => cookie.name.endsWith('session_token'));
  const cookie = cookies.at(-1);
  if (!cookie) throw new Error(`No session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

let address = 0;
/**
 * Each call comes from its own client address, so the per-address rate limits do not add up across a
 * test file; the tests of those limits choose their addresses themselves.
 */
export function post(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  address += 1;
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: `172.16.${Math.floor(address / 250) % 250}.${address % 250}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

let counter = 0;
export function newAccount(prefix = 'user') {
  counter += 1;
  // The separator keeps the counter whole: 'user1' + '23' and 'user12' + '3' would be the same name.
  const id = `${prefix.slice(0, 6)}${counter}-${Math.floor(Math.random() * 1000)}`;
  return buildRegistration({ username: id, email: `${id}@example.com` });
}

/** Registers an account and answers its session cookie (the account is unverified). */
export async function signUp(app: FastifyInstance, account = newAccount()) {
  const response = await post(app, '/api/auth/sign-up/email', account);
  expect(response.statusCode, response.body).toBe(200);
  return {
    ...account,
    cookie: sessionCookie(response),
    id: response.json<{ user: { id: string } }>().user.id,
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await post(app, '/api/auth/sign-in/email', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response);
}

/**
 * Steps the session up (POST /api/auth/step-up): the password of a member without a second factor, or a
 * code. What moves money or data then answers for five minutes.
 */
export async function stepUp(
  app: FastifyInstance,
  cookie: string,
  proof: { password: string } | { code: string },
): Promise<string> {
  const response = await post(app, '/api/auth/step-up', proof, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ validUntil: string }>().validUntil;
}

export async function session(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<{ user: Record<string, unknown> } | null>();
}

/** The newest link in the outbox to someone, whose path starts with `pathPrefix`. */
export async function mailedLink(app: FastifyInstance, to: string, pathPrefix: string): Promise<URL> {
  const messages = await deliveredMail(app);
  for (const message of messages) {
    if (message.to !== to) continue;
    const link = message.links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
    if (link) return new URL(link);
  }
  throw new Error(`No mail to ${to} with a link to ${pathPrefix}`);
}

/** Follows an e-mailed link the way a browser would, and answers the response. */
export function visit(app: FastifyInstance, link: URL, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/**
 * Turns TOTP on for the signed-in account (its password, then a first code computed from the secret):
 * answers the otpauth URI, the secret, the recovery codes and the session cookie Better Auth renewed.
 */
export async function enrolTotp(app: FastifyInstance, account: { cookie: string; password: string }) {
  const enabled = await post(
    app,
    '/api/auth/two-factor/enable',
    { password: account.password },
    account.cookie,
  );
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = secretOf(totpURI);
  const confirmed = await post(
    app,
    '/api/auth/two-factor/verify-totp',
    { code: totp(secret) },
    account.cookie,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { totpURI, secret, backupCodes, cookie: sessionCookie(confirmed) };
}
