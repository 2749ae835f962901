import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, EMAIL_MESSAGE, PASSWORD_MESSAGE, USERNAME_MESSAGE } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session as sessionTable, user } from '../../db/schema';
import { seedAccounts } from '../../seed/accounts';
import {
  mailedLink,
  newAccount,
  ORIGIN,
  post,
  session,
  sessionCookie,
  signIn,
  signUp,
  visit,
} from '../../test/accounts';
import { deliveredMail } from '../../test/mail';
import { testShop } from '../../test/test-shop';
import { countSignInAttempt, SIGN_IN_LIMITS } from './sign-in-throttle';

const { app, adminCookie } = testShop({ accounts: true });

const userCount = async () => (await app().db.select({ n: count() }).from(user))[0]?.n ?? 0;
const userRow = async (email: string) => (await app().db.select().from(user).where(eq(user.email, email)))[0];
let ipCounter = 0;
/** A fresh client address, so each test meets the rate limits on its own. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Asks for a reset e-mail and answers the token of the link it carries. */
async function requestResetToken(email: string): Promise<string | undefined> {
  const request = await post(app(), '/api/auth/request-password-reset', { email });
  expect(request.statusCode, request.body).toBe(200);
  return (await mailedLink(app(), email, '/api/auth/reset-password/')).pathname.split('/').at(-1);
}

function postFrom(ip: string, url: string, payload: object, cookie?: string) {
  return app().inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

describe('sign-up', () => {
  it('creates an unverified user, signs them in and e-mails a verification link', async () => {
    const account = newAccount('fresh');
    const response = await post(app(), '/api/auth/sign-up/email', account);
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const current = await session(app(), sessionCookie(response));
    expect(current?.user).toMatchObject({
      email: account.email,
      emailVerified: false,
      username: account.username,
    });
    expect(await userRow(account.email)).toMatchObject({ role: 'user', banned: false, emailVerified: false });

    const [mail] = (await deliveredMail(app())).filter((m) => m.to === account.email);
    expect(mail?.subject).toContain('verify');
    expect(mail?.html).toContain('Sneaker');
    expect(mail?.text).toContain('/api/auth/verify-email?token=');
  });

  it('refuses an e-mail already in use, and creates nothing', async () => {
    const existing = await signUp(app());
    const before = await userCount();
    const response = await post(app(), '/api/auth/sign-up/email', { ...newAccount(), email: existing.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'EMAIL_IN_USE',
        message: AUTH_MESSAGES.EMAIL_IN_USE,
        fields: { email: AUTH_MESSAGES.EMAIL_IN_USE },
      },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a username already taken, whatever its case', async () => {
    const existing = await signUp(app());
    const before = await userCount();
    const response = await post(app(), '/api/auth/sign-up/email', {
      ...newAccount(),
      username: existing.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('USERNAME_TAKEN');
    expect(response.json().error.fields).toHaveProperty('username');
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['username', 'abc', USERNAME_MESSAGE],
    ['username', 'a'.repeat(17), USERNAME_MESSAGE],
    ['username', 'bad name!', USERNAME_MESSAGE],
    ['username', '', USERNAME_MESSAGE],
    ['email', 'Someone@Example.com', null],
    ['email', 'not-an-email', EMAIL_MESSAGE],
    ['email', 'someone@example', EMAIL_MESSAGE],
    ['email', `${'a'.repeat(250)}@example.com`, EMAIL_MESSAGE],
    ['email', '', AUTH_MESSAGES.MISSING_EMAIL],
    ['password', 'short1!', PASSWORD_MESSAGE],
    ['password', 'nodigits!!', PASSWORD_MESSAGE],
    ['password', 'noletters123!', null],
    ['password', '12345678!', PASSWORD_MESSAGE],
    ['password', 'NoSymbol123', PASSWORD_MESSAGE],
    ['password', '', AUTH_MESSAGES.MISSING_PASSWORD],
  ])('%s %j', async (field, value, message) => {
    const before = await userCount();
    const account = { ...newAccount(), [field]: value };
    const response = await post(app(), '/api/auth/sign-up/email', account);
    if (message === null) {
      // Upper-case e-mails are folded to lower case; a password with letters, digits and a symbol is fine.
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
    expect(await userCount()).toBe(before);
  });

  it.each(['username', 'email'] as const)(
    'answers 409 to every loser of a race for one %s',
    async (field) => {
      const contested = newAccount('race');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(app(), '/api/auth/sign-up/email', { ...newAccount('racer'), [field]: contested[field] }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      const message = field === 'username' ? AUTH_MESSAGES.USERNAME_TAKEN : AUTH_MESSAGES.EMAIL_IN_USE;
      for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().error.fields).toEqual({ [field]: message });
      }
    },
  );

  it('refuses a body without any field, naming each', async () => {
    const response = await post(app(), '/api/auth/sign-up/email', {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'password', 'username']);
  });

  it('ignores any attempt to give oneself a role, a status or a verified e-mail', async () => {
    const account = newAccount('sneaky');
    const response = await post(app(), '/api/auth/sign-up/email', {
      ...account,
      role: 'admin',
      banned: false,
      emailVerified: true,
      roles: ['admin'],
      status: true,
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(account.email)).toMatchObject({ role: 'user', emailVerified: false, banned: false });
  });
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const account = await signUp(app());
    const cookie = await signIn(app(), account.email, account.password);
    expect((await session(app(), cookie))?.user.email).toBe(account.email);
  });

  it('tells a wrong password from an unknown e-mail, in the spec words', async () => {
    const account = await signUp(app());
    const wrong = await post(app(), '/api/auth/sign-in/email', {
      email: account.email,
      password: 'Other#pass99',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Wrong Password' });
    const unknown = await post(app(), '/api/auth/sign-in/email', {
      email: 'nobody-here@example.com',
      password: 'Other#pass99',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatchObject({
      code: 'USER_NOT_FOUND',
      message: 'This email is no registered',
    });
    expect(wrong.cookies.filter((c) => c.name.endsWith('session_token') && c.value)).toEqual([]);
  });

  it('asks for the missing e-mail and password', async () => {
    const response = await post(app(), '/api/auth/sign-in/email', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: AUTH_MESSAGES.MISSING_EMAIL,
      password: AUTH_MESSAGES.MISSING_PASSWORD,
    });
  });

  // The last one passes the shop's check and is refused by Better Auth's: the same answer either way.
  it.each(['not-an-email', 'someone@example', 'two@@example.com', 'a b@example.com', 'a..b@example.com'])(
    "asks for an e-mail when %j is not one, in the login's words ('Introduce an email')",
    async (email) => {
      const sessions = async () => (await app().db.select({ n: count() }).from(sessionTable))[0]?.n ?? 0;
      const before = await sessions();
      const response = await post(app(), '/api/auth/sign-in/email', { email, password: 'Other#pass99' });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { email: AUTH_MESSAGES.INVALID_EMAIL },
      });
      expect(response.json().error.message).not.toContain(EMAIL_MESSAGE);
      expect(response.cookies.filter((c) => c.name.endsWith('session_token') && c.value)).toEqual([]);
      expect(await sessions()).toBe(before);
    },
  );

  it('lets an unverified user in, marked unverified', async () => {
    const account = await signUp(app());
    const cookie = await signIn(app(), account.email, account.password);
    expect((await session(app(), cookie))?.user.emailVerified).toBe(false);
  });

  it('refuses a request from another site', async () => {
    const account = await signUp(app());
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: account.email, password: account.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('does not expose Better Auth endpoints the shop does not use', async () => {
    const account = await signUp(app());
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/delete-user',
      '/api/auth/sign-in/username',
      '/api/auth/list-sessions',
    ]) {
      const response = await post(
        app(),
        path,
        { name: 'x', username: account.username, password: 'x' },
        account.cookie,
      );
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('e-mail verification', () => {
  it('verifies through the e-mailed link and lands on /verify-email', async () => {
    const account = await signUp(app());
    const link = await mailedLink(app(), account.email, '/api/auth/verify-email');
    const response = await visit(app(), link, account.cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/verify-email');
    expect((await userRow(account.email))?.emailVerified).toBe(true);
    expect((await session(app(), account.cookie))?.user.emailVerified).toBe(true);
  });

  it('refuses a forged token', async () => {
    const account = await signUp(app());
    const link = await mailedLink(app(), account.email, '/api/auth/verify-email');
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const response = await visit(app(), link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toContain('error=');
    expect((await userRow(account.email))?.emailVerified).toBe(false);
  });

  it('answers a forged token without a page to return to with a 4xx that speaks of verification', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/auth/verify-email?token=forged' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_TOKEN', message: AUTH_MESSAGES.INVALID_VERIFICATION_TOKEN },
    });
  });

  it('sends the e-mail again, then says too many requests', async () => {
    const account = await signUp(app());
    const ip = freshIp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await postFrom(ip, '/api/auth/send-verification-email', { email: account.email });
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await postFrom(ip, '/api/auth/send-verification-email', { email: account.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requestes, try it later',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset', () => {
  it('resets through the e-mailed link, ends the old sessions, and only the new password works', async () => {
    const account = await signUp(app());
    const otherDevice = await signIn(app(), account.email, account.password);
    const request = await post(app(), '/api/auth/request-password-reset', { email: account.email });
    expect(request.statusCode, request.body).toBe(200);

    const link = await mailedLink(app(), account.email, '/api/auth/reset-password/');
    const landing = await visit(app(), link);
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location), ORIGIN);
    expect(target.pathname).toBe('/restore-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await post(app(), '/api/auth/reset-password', { token, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ newPassword: PASSWORD_MESSAGE });

    const reset = await post(app(), '/api/auth/reset-password', { token, newPassword: 'Brand#New2025' });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await session(app(), account.cookie)).toBeNull();
    expect(await session(app(), otherDevice)).toBeNull();
    const old = await post(app(), '/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(old.json().error.code).toBe('WRONG_PASSWORD');
    await signIn(app(), account.email, 'Brand#New2025');

    const reused = await post(app(), '/api/auth/reset-password', { token, newPassword: 'Again#New2025' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const before = (await deliveredMail(app())).length;
    const response = await post(app(), '/api/auth/request-password-reset', { email: 'ghost@example.com' });
    expect(response.statusCode).toBe(200);
    expect((await deliveredMail(app())).length).toBe(before);
  });

  it('ends every older link once one is used', async () => {
    const account = await signUp(app());
    const older = await requestResetToken(account.email);
    const newer = await requestResetToken(account.email);
    expect(newer).not.toBe(older);

    const reset = await post(app(), '/api/auth/reset-password', {
      token: newer,
      newPassword: 'Newer#Pass2025',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const stale = await post(app(), '/api/auth/reset-password', {
      token: older,
      newPassword: 'Older#Pass2025',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.INVALID_RESET_TOKEN,
    });
    await signIn(app(), account.email, 'Newer#Pass2025');
    const old = await post(app(), '/api/auth/sign-in/email', {
      email: account.email,
      password: 'Older#Pass2025',
    });
    expect(old.json().error.code).toBe('WRONG_PASSWORD');
  });

  it('ends the reset links when the password is changed any other way', async () => {
    const account = await signUp(app());
    const token = await requestResetToken(account.email);
    const context = await app().auth.$context;
    const credential = await context.internalAdapter.findCredentialAccount(account.id);
    await context.internalAdapter.updateAccount(String(credential?.id), {
      password: await context.password.hash('Changed#Pass2025'),
    });
    const stale = await post(app(), '/api/auth/reset-password', { token, newPassword: 'Stale#Pass2025' });
    expect(stale.json().error?.code).toBe('INVALID_TOKEN');
    await signIn(app(), account.email, 'Changed#Pass2025');
  });

  it('refuses a made-up token', async () => {
    const response = await post(app(), '/api/auth/reset-password', {
      token: 'made-up',
      newPassword: 'Brand#New2025',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.INVALID_RESET_TOKEN,
    });
  });
});

describe('rate limits', () => {
  const signInFrom = (ip: string, email: string, password: string) =>
    postFrom(ip, '/api/auth/sign-in/email', { email, password });

  it('throttles wrong passwords per account and address, so the owner still gets in from elsewhere', async () => {
    const account = await signUp(app());
    const attacker = freshIp();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await signInFrom(attacker, account.email, 'Nope#1234')).statusCode).toBe(401);
    }
    const refused = await signInFrom(attacker, account.email, 'Nope#1234');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/Too many attempts, try again in \d+ minutes?/);
    expect((await signInFrom(attacker, account.email, account.password)).statusCode).toBe(429);

    const owner = await signInFrom(freshIp(), account.email, account.password);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('does not count correct passwords against the account', async () => {
    const account = await signUp(app());
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signInFrom(ip, account.email, account.password)).statusCode).toBe(200);
    }
  });

  it('stops a guess spread over many addresses, until the owner resets the password', async () => {
    const account = await signUp(app());
    const { max } = SIGN_IN_LIMITS.perAccount;
    const wrong = await signInFrom(freshIp(), account.email, 'Nope#1234');
    expect(wrong.statusCode).toBe(401);
    // The other failed guesses, each from its own address, counted as the route counts them.
    for (let attempt = 1; attempt < max; attempt += 1) {
      await countSignInAttempt(app().rateLimits, freshIp(), account.email, 1);
    }
    expect((await signInFrom(freshIp(), account.email, account.password)).statusCode).toBe(429);

    const token = await requestResetToken(account.email);
    const reset = await post(app(), '/api/auth/reset-password', { token, newPassword: 'Fresh#Start2025' });
    expect(reset.statusCode, reset.body).toBe(200);
    const owner = await signInFrom(freshIp(), account.email, 'Fresh#Start2025');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('lets the owner in from the throttled address right after a password reset', async () => {
    const account = await signUp(app());
    const ip = freshIp();
    for (let attempt = 0; attempt < 9; attempt += 1) await signInFrom(ip, account.email, 'Nope#1234');
    expect((await signInFrom(ip, account.email, account.password)).statusCode).toBe(429);

    const token = await requestResetToken(account.email);
    expect(
      (await post(app(), '/api/auth/reset-password', { token, newPassword: 'Fresh#Start2025' })).statusCode,
    ).toBe(200);
    expect((await signInFrom(ip, account.email, 'Fresh#Start2025')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per address, across accounts', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await postFrom(ip, '/api/auth/sign-in/email', {
        email: `nobody${attempt}@example.com`,
        password: 'Nope#1234',
      });
    }
    const refused = await postFrom(ip, '/api/auth/sign-in/email', {
      email: 'last@example.com',
      password: 'Nope#1234',
    });
    expect(refused.statusCode).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await postFrom(ip, '/api/auth/sign-up/email', newAccount('burst'));
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await userCount();
    const refused = await postFrom(ip, '/api/auth/sign-up/email', newAccount('burst'));
    expect(refused.statusCode).toBe(429);
    expect(await userCount()).toBe(before);
  });

  it('counts an e-mail of any length without failing', async () => {
    const email = `${randomBytes(30_000).toString('hex')}@example.com`;
    for (const url of ['/api/auth/request-password-reset', '/api/auth/send-verification-email']) {
      const response = await post(app(), url, { email });
      expect(response.statusCode, url).toBe(200);
    }
    const signIn = await post(app(), '/api/auth/sign-in/email', { email, password: 'Nope#1234' });
    expect(signIn.statusCode).toBe(401);
  });

  it('limits password reset e-mails per account', async () => {
    const account = await signUp(app());
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await postFrom(freshIp(), '/api/auth/request-password-reset', { email: account.email })).statusCode,
      ).toBe(200);
    }
    const refused = await postFrom(freshIp(), '/api/auth/request-password-reset', { email: account.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many requestes, try it later');
  });
});

describe('suspension', () => {
  it('ends every session at once and refuses sign-in with a clear message', async () => {
    const account = await signUp(app());
    const second = await signIn(app(), account.email, account.password);
    const response = await app().inject({
      method: 'PUT',
      url: '/api/user-suspended',
      payload: { email: account.email },
      headers: { origin: ORIGIN, cookie: adminCookie() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]).toMatchObject({ email: account.email, status: false });

    expect(await session(app(), account.cookie)).toBeNull();
    expect(await session(app(), second)).toBeNull();
    const sessions = await app().db.select().from(sessionTable).where(eq(sessionTable.userId, account.id));
    expect(sessions).toEqual([]);

    const again = await post(app(), '/api/auth/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: AUTH_MESSAGES.ACCOUNT_SUSPENDED,
    });
  });

  it('is for admins only', async () => {
    const victim = await signUp(app());
    const attacker = await signUp(app());
    for (const cookie of [attacker.cookie, undefined]) {
      const response = await app().inject({
        method: 'PUT',
        url: '/api/user-suspended',
        payload: { email: victim.email },
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      });
      expect(response.statusCode).toBe(cookie ? 403 : 401);
    }
    expect((await userRow(victim.email))?.banned).toBe(false);
  });

  it('does not let an admin lock themself out', async () => {
    const response = await app().inject({
      method: 'PUT',
      url: '/api/user-suspended',
      payload: { email: 'admin@sneakershop.test' },
      headers: { origin: ORIGIN, cookie: adminCookie() },
    });
    expect(response.statusCode).toBe(409);
    expect((await userRow('admin@sneakershop.test'))?.banned).toBe(false);
  });
});

describe('seeded accounts', () => {
  it('creates a verified admin and a verified demo user once', async () => {
    expect(await userRow('admin@sneakershop.test')).toMatchObject({
      role: 'admin',
      emailVerified: true,
      banned: false,
    });
    expect(await userRow('demo@sneakershop.test')).toMatchObject({ role: 'user', emailVerified: true });
    const before = await userCount();
    expect(await seedAccounts(app().auth, app().config.accounts)).toEqual([]);
    expect(await userCount()).toBe(before);
    await signIn(app(), 'demo@sneakershop.test', 'Demo#2023shop');
  });
});

describe('public settings', () => {
  it('says whether Google sign-in is on', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ googleSignIn: false, googleSignInStatus: 'off' });
  });
});
