import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { newAccount, sessionCookie } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerErrorHandling } from './errors';
import { registerOriginCheck, shopOrigins } from './origin-check';

const EXPECTED =
  "This request must come from http://localhost:3000 (the shop's address, SITE_URL); open the shop there";

describe('shop origins', () => {
  it('accepts the loopback aliases of a loopback SITE_URL in the embedded mode only', () => {
    expect(shopOrigins('http://localhost:3000', true)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(shopOrigins('http://127.0.0.1:8080', true)).toContain('http://localhost:8080');
    expect(shopOrigins('http://localhost:3000', false)).toEqual(['http://localhost:3000']);
    expect(shopOrigins('https://shop.example.com', true)).toEqual(['https://shop.example.com']);
  });
});

/** The check alone, on an app whose configuration says which mode it runs in. */
async function checkedApp(kind: 'pglite' | 'postgres') {
  const app = Fastify();
  app.decorate('config', {
    siteUrl: 'http://localhost:3000',
    database: kind === 'pglite' ? { kind, dataDir: 'memory://' } : { kind, url: 'postgres://db/shop' },
  } as Config);
  registerErrorHandling(app);
  registerOriginCheck(app, 'http://localhost:3000');
  app.post('/api/thing', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const postFrom = (app: Awaited<ReturnType<typeof checkedApp>>, origin: string) =>
  app.inject({ method: 'POST', url: '/api/thing', payload: {}, headers: { origin } });

describe('origin check', () => {
  it('embedded: accepts SITE_URL and its loopback aliases, refuses any other origin naming SITE_URL', async () => {
    const app = await checkedApp('pglite');
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await postFrom(app, origin)).statusCode, origin).toBe(200);
    }
    for (const origin of ['http://192.168.1.5:3000', 'http://127.0.0.1:3001', 'https://localhost:3000']) {
      const refused = await postFrom(app, origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: EXPECTED } });
    }
    await app.close();
  });

  it('with a database server: accepts SITE_URL only', async () => {
    const app = await checkedApp('postgres');
    expect((await postFrom(app, 'http://localhost:3000')).statusCode).toBe(200);
    const refused = await postFrom(app, 'http://127.0.0.1:3000');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(EXPECTED);
    await app.close();
  });
});

describe('signing in by a loopback alias (embedded mode)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ database: { kind: 'pglite', dataDir: 'memory://' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });
  const send = (url: string, headers: Record<string, string>, payload: object = {}) =>
    testApp.app.inject({ method: 'POST', url, payload, headers });

  it('signs up, in and out from http://127.0.0.1:3000', async () => {
    const alias = { origin: 'http://127.0.0.1:3000' };
    const account = newAccount('alias');
    const signUp = await send('/api/auth/sign-up/email', alias, account);
    expect(signUp.statusCode, signUp.body).toBe(200);
    const signIn = await send('/api/auth/sign-in/email', alias, account);
    expect(signIn.statusCode, signIn.body).toBe(200);
    // With a cookie, Better Auth checks the origin too.
    const signOut = await send('/api/auth/sign-out', { ...alias, cookie: sessionCookie(signIn) });
    expect(signOut.statusCode, signOut.body).toBe(200);
  });

  it("refuses another site, naming the shop's address, in Better Auth's check as well", async () => {
    const account = newAccount('foreign');
    const foreign = await send('/api/auth/sign-up/email', { origin: 'http://192.168.1.5:3000' }, account);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: { code: 'FORBIDDEN', message: EXPECTED } });

    const signUp = await send('/api/auth/sign-up/email', { origin: 'http://localhost:3000' }, account);
    const byReferer = await send('/api/auth/sign-out', {
      referer: 'https://evil.example/page',
      cookie: sessionCookie(signUp),
    });
    expect(byReferer.statusCode).toBe(403);
    expect(byReferer.json()).toEqual({ error: { code: 'FORBIDDEN', message: EXPECTED } });
  });
});
