import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { account, user } from '../../db/schema';
import { mailedLink, ORIGIN, session, signUp, visit } from '../../test/accounts';
import { type OidcProvider, startOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';

let provider: OidcProvider;
let testApp: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider();
  testApp = await createTestApp({
    auth: {
      secret: 'test-secret-that-is-at-least-32-characters-long',
      google: { clientId: 'sneaker-shop', clientSecret: 'local-secret', discoveryUrl: provider.discoveryUrl },
      rateLimitScale: 1,
    },
  });
});

afterAll(async () => {
  await testApp?.close();
  await provider?.stop();
});

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

/** The whole redirect dance a browser does: shop → provider → shop callback. Answers the callback's answer. */
async function googleCallback(app: FastifyInstance) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
    headers: { origin: ORIGIN },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url } = start.json<{ url: string }>();
  expect(url).toContain('/authorize');
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(String(authorize.headers.get('location')));
  expect(callback.pathname).toBe('/api/auth/callback/google');
  const finish = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(start.cookies) },
  });
  expect(finish.statusCode, finish.body).toBe(302);
  return finish;
}

/** Signs in with Google and answers the session cookie and where the browser lands. */
async function signInWithGoogle(app: FastifyInstance): Promise<{ cookie: string; location: string }> {
  const finish = await googleCallback(app);
  const sessionCookie = finish.cookies.find((cookie) => cookie.name.endsWith('session_token'));
  expect(sessionCookie?.value).toBeTruthy();
  return {
    cookie: cookieHeader(sessionCookie ? [sessionCookie] : []),
    location: String(finish.headers.location),
  };
}

it('says Google sign-in is on when configured', async () => {
  expect((await testApp.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
    googleSignIn: true,
    googleSignInStatus: 'available',
  });
});

it('creates a verified user at the first Google sign-in and reuses it later', async () => {
  const { app } = testApp;
  provider.signInAs({
    sub: 'g-123',
    email: 'Ada.Lovelace@gmail.test',
    email_verified: true,
    name: 'Ada Lovelace',
  });
  const first = await signInWithGoogle(app);
  expect(first.location).toBe('/');
  const current = await session(app, first.cookie);
  expect(current?.user).toMatchObject({
    email: 'ada.lovelace@gmail.test',
    emailVerified: true,
    role: 'user',
  });
  expect(String(current?.user.username)).toMatch(/^[A-Za-z0-9_-]{4,16}$/);

  const users = async () => (await app.db.select({ n: count() }).from(user))[0]?.n;
  const before = await users();
  const second = await signInWithGoogle(app);
  expect(await users()).toBe(before);
  expect((await session(app, second.cookie))?.user.id).toBe(current?.user.id);
  const links = await app.db
    .select()
    .from(account)
    .where(eq(account.userId, String(current?.user.id)));
  expect(links.map((link) => link.providerId)).toEqual(['google']);
});

it('gives a second person with the same e-mail name a different username', async () => {
  const { app } = testApp;
  provider.signInAs({ sub: 'g-456', email: 'ada.lovelace@other.test', email_verified: true, name: 'Ada L' });
  const { cookie } = await signInWithGoogle(app);
  const current = await session(app, cookie);
  expect(current?.user.email).toBe('ada.lovelace@other.test');
  const [first] = await app.db.select().from(user).where(eq(user.email, 'ada.lovelace@gmail.test'));
  expect(current?.user.username).not.toBe(first?.username);
});

it('links Google to an existing account whose e-mail is verified', async () => {
  const { app } = testApp;
  const existing = await signUp(app);
  await visit(app, await mailedLink(app, existing.email, '/api/auth/verify-email'));
  provider.signInAs({ sub: 'g-789', email: existing.email, email_verified: true, name: 'Existing' });
  const { cookie } = await signInWithGoogle(app);
  expect((await session(app, cookie))?.user.id).toBe(existing.id);
  const links = await app.db.select().from(account).where(eq(account.userId, existing.id));
  expect(links.map((link) => link.providerId).sort()).toEqual(['credential', 'google']);
});

it('sends an unverified account back to the login with account_not_linked, and links nothing', async () => {
  const { app } = testApp;
  const existing = await signUp(app);
  provider.signInAs({ sub: 'g-790', email: existing.email, email_verified: true, name: 'Unverified' });
  const finish = await googleCallback(app);
  expect(finish.headers.location).toBe('/login?error=account_not_linked');
  const links = await app.db.select().from(account).where(eq(account.userId, existing.id));
  expect(links.map((link) => link.providerId)).toEqual(['credential']);
});
