import { errorEnvelopeSchema } from '@shop/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { post, signUp } from '../../test/accounts';
import { createTestApp } from '../../test/test-app';
import { testShop } from '../../test/test-shop';
import { readProviderSettings } from '../payments';

const { app, adminCookie } = testShop({ accounts: true });
const REMOTE = '203.0.113.7';

interface Outbox {
  messages: { to: string; subject: string; links: string[] }[];
}

function outbox(options: { remoteAddress?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  return app().inject({
    method: 'GET',
    url: '/api/dev/outbox',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}

let shopper: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  shopper = await signUp(app());
  // The takeover attempt: anyone asks for a reset link to the admin's account.
  expect(
    (await post(app(), '/api/auth/request-password-reset', { email: 'admin@sneakershop.test' })).statusCode,
  ).toBe(200);
});

describe('GET /api/dev/outbox', () => {
  it('refuses a guest from another machine, in the error envelope', async () => {
    const response = await outbox({ remoteAddress: REMOTE });
    expect(response.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(response.json()).error.code).toBe('UNAUTHORIZED');
    expect(response.body).not.toContain('reset-password');
  });

  it('refuses a guest whose request came through a proxy or names another host', async () => {
    expect((await outbox({ headers: { 'x-forwarded-for': REMOTE } })).statusCode).toBe(401);
    expect((await outbox({ headers: { host: 'shop.example.com' } })).statusCode).toBe(401);
  });

  it('shows a signed-in shopper only the mail sent to them', async () => {
    const response = await outbox({ remoteAddress: REMOTE, cookie: shopper.cookie });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json<Outbox>();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((message) => message.to === shopper.email)).toBe(true);
    expect(response.body).not.toContain('admin@sneakershop.test');
  });

  it('shows the admin every message, and a guest at the machine itself too', async () => {
    for (const response of [await outbox({ remoteAddress: REMOTE, cookie: adminCookie() }), await outbox()]) {
      expect(response.statusCode).toBe(200);
      const recipients = response.json<Outbox>().messages.map((message) => message.to);
      expect(recipients).toEqual(expect.arrayContaining(['admin@sneakershop.test', shopper.email]));
      expect(response.headers['cache-control']).toContain('no-store');
    }
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: 'production' });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('where the shop listens', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/shop-config-test' };
  it('listens on loopback in the embedded mode unless HOST says otherwise', () => {
    expect(loadConfig(readProviderSettings, base).host).toBe('localhost');
    expect(loadConfig(readProviderSettings, { ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('listens on every interface with a real database', () => {
    expect(
      loadConfig(readProviderSettings, { ...base, DATABASE_URL: 'postgres://shop@db:5432/shop' }).host,
    ).toBe('0.0.0.0');
  });
});
