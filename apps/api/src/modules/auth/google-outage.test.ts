import { AUTH_MESSAGES } from '@shop/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ORIGIN } from '../../test/accounts';
import { freePort } from '../../test/free-port';
import { type OidcProvider, startOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';

let port: number;
let provider: OidcProvider | undefined;
let testApp: TestApp;

beforeAll(async () => {
  port = await freePort();
  testApp = await createTestApp({
    auth: {
      secret: 'test-secret-that-is-at-least-32-characters-long',
      google: {
        clientId: 'sneaker-shop',
        clientSecret: 'local-secret',
        discoveryUrl: `http://127.0.0.1:${port}/.well-known/openid-configuration`,
      },
      rateLimitScale: 1,
    },
  });
});

afterAll(async () => {
  await testApp?.close();
  await provider?.stop();
});

const config = async () => (await testApp.app.inject({ method: 'GET', url: '/api/config' })).json();
const startGoogle = () =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
    headers: { origin: ORIGIN },
  });

it('says Google sign-in is unavailable while its provider is down, and refuses it clearly', async () => {
  expect(await config()).toEqual({ googleSignIn: false, googleSignInStatus: 'unavailable' });
  const refused = await startGoogle();
  expect(refused.statusCode).toBe(503);
  expect(refused.json()).toEqual({
    error: { code: 'SIGN_IN_UNAVAILABLE', message: AUTH_MESSAGES.GOOGLE_UNAVAILABLE },
  });
});

it('still answers 404 for a provider the shop does not have', async () => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'nowhere', callbackURL: '/' },
    headers: { origin: ORIGIN },
  });
  expect(response.statusCode).toBe(404);
  expect(response.json().error.code).toBe('NOT_FOUND');
});

it('turns Google sign-in on by itself once the provider answers', async () => {
  provider = await startOidcProvider(port);
  await vi.waitFor(async () => expect((await config()).googleSignIn).toBe(true), {
    timeout: 15_000,
    interval: 200,
  });
  expect(await config()).toEqual({ googleSignIn: true, googleSignInStatus: 'available' });
  const start = await startGoogle();
  expect(start.statusCode, start.body).toBe(200);
  const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  const callback = new URL(String(authorize.headers.get('location')));
  const finish = await testApp.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: start.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
  });
  expect(finish.statusCode, finish.body).toBe(302);
  expect(finish.headers.location).toBe('/');
  expect(finish.cookies.find((cookie) => cookie.name.endsWith('session_token'))?.value).toBeTruthy();
}, 20_000);
