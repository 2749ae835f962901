import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signUp } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { sessionTokenFromCookie } from './session';

const SECRET = 'a-secret-that-is-long-enough-for-the-test';
const sign = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('sessionTokenFromCookie', () => {
  it('answers the token of a correctly signed cookie', () => {
    expect(
      sessionTokenFromCookie(`a=b; shop.session_token=${sign('tok123')}; c=d`, 'shop.session_token', SECRET),
    ).toBe('tok123');
  });

  it.each([
    ['no cookie header', undefined],
    ['another cookie only', 'other=1'],
    ['a wrong signature', `shop.session_token=${sign('tok123', 'another-secret-entirely-0000000000')}`],
    ['a changed token', `shop.session_token=${sign('tok123').replace('tok123', 'tok124')}`],
    ['no signature', 'shop.session_token=tok123'],
    ['a broken encoding', 'shop.session_token=%E0%A4%A'],
  ])('answers null for %s', (_label, header) => {
    expect(sessionTokenFromCookie(header, 'shop.session_token', SECRET)).toBeNull();
  });
});

describe('sessions on the API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const dashboard = (id: string, cookie: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/users/dashboard/${id}`, headers: { cookie } });

  it('refuses a forged cookie and a signed-out session', async () => {
    const account = await signUp(testApp.app);
    expect((await dashboard(account.id, account.cookie)).statusCode).toBe(200);
    const [name, value = ''] = account.cookie.split('=');
    const forged = `${name}=${value.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`;
    expect((await dashboard(account.id, forged)).statusCode).toBe(401);
    const out = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: account.cookie, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await dashboard(account.id, account.cookie)).statusCode).toBe(401);
  });
});
