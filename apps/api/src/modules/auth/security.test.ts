import { SECURITY_MESSAGES, STEP_UP_MINUTES, TOTP_ISSUER } from '@shop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvent, passkey, session, twoFactor, user } from '../../db/schema';
import { enrolTotp, post, sessionCookie, signUp, stepUp } from '../../test/accounts';
import { QUICK_ADMIN_PASSWORD, quickAdmin, stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { buy, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { secretOf, totp, wrongCode } from '../../test/totp';

const { app } = testShop();

/** The cookies a response sets and keeps (not the ones it expires), as a Cookie header. */
function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

const security = (cookie?: string) => send(app(), 'GET', '/api/account/security', cookie);

async function auditKinds(userId: string): Promise<string[]> {
  const rows = await app()
    .db.select({ kind: auditEvent.kind })
    .from(auditEvent)
    .where(eq(auditEvent.subjectId, userId))
    .orderBy(auditEvent.createdAt);
  return rows.map((row) => row.kind);
}

async function factorRow(userId: string) {
  const [row] = await app().db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A shopper who turned TOTP on: their secret, recovery codes and (renewed) session cookie. */
async function enrolled() {
  const owner = await signUp(app());
  return { ...owner, ...(await enrolTotp(app(), owner)) };
}

/** The first step of a sign-in: the password. Answers the response and the challenge's cookies. */
async function firstStep(email: string, password: string) {
  const response = await post(app(), '/api/auth/sign-in/email', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return { response, cookie: cookiesOf(response) };
}

describe('turning TOTP on', () => {
  it('gives an otpauth URI for "Sneaker Shop" and ten recovery codes kept only as hashes; on at the first code', async () => {
    const owner = await signUp(app());
    const enabled = await post(
      app(),
      '/api/auth/two-factor/enable',
      { password: owner.password },
      owner.cookie,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe(TOTP_ISSUER);
    expect(decodeURIComponent(uri.pathname)).toContain(owner.email);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);

    const pending = await factorRow(owner.id);
    expect(pending?.verified).toBe(false);
    // Neither the codes nor the secret are in the row as they were shown.
    for (const code of backupCodes) expect(pending?.backupCodes).not.toContain(code);
    expect(JSON.parse(pending?.backupCodes ?? '[]')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^h1:[\w-]{43}$/)]),
    );
    expect(pending?.secret).not.toContain(secretOf(totpURI));
    expect((await security(owner.cookie)).json()).toMatchObject({ twoFactorEnabled: false });

    const wrong = await post(
      app(),
      '/api/auth/two-factor/verify-totp',
      { code: wrongCode(secretOf(totpURI)) },
      owner.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: SECURITY_MESSAGES.WRONG_CODE });

    const confirmed = await post(
      app(),
      '/api/auth/two-factor/verify-totp',
      { code: totp(secretOf(totpURI)) },
      owner.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await factorRow(owner.id))?.verified).toBe(true);
    const [account] = await app().db.select().from(user).where(eq(user.id, owner.id));
    expect(account?.twoFactorEnabled).toBe(true);
    expect((await security(sessionCookie(confirmed))).json()).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
      hasPassword: true,
      passkeys: [],
    });
    expect(await auditKinds(owner.id)).toEqual(['security.enrol']);
  });

  it('asks the password of an account that has one, and refuses a wrong one', async () => {
    const owner = await signUp(app());
    const without = await post(app(), '/api/auth/two-factor/enable', {}, owner.cookie);
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields).toHaveProperty('password');
    const wrong = await post(app(), '/api/auth/two-factor/enable', { password: 'Wrong#2024x' }, owner.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('password');
    expect(await factorRow(owner.id)).toBeUndefined();
  });
});

describe('signing in with a second factor', () => {
  it('takes two steps: the first leaves no session that can do anything but answer the second', async () => {
    const owner = await enrolled();
    const { response, cookie } = await firstStep(owner.email, owner.password);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(cookie).toMatch(/two_factor=/);
    expect(cookie).not.toMatch(/session_token=/);
    // The password's session was deleted: only the one enrolment renewed is in the database.
    const sessions = await app().db.select().from(session).where(eq(session.userId, owner.id));
    expect(sessions).toHaveLength(1);

    // The challenge's cookie is no session: not to the shop's routes, not to Better Auth's.
    expect((await security(cookie)).statusCode).toBe(401);
    expect((await send(app(), 'GET', '/api/stock-alerts', cookie)).statusCode).toBe(401);
    const betterAuth = await app().inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(betterAuth.json()).toBeNull();
    // Named as the session cookie, its value is still no session.
    const forged = cookie.replace(/[^;=]*two_factor=/, 'better-auth.session_token=');
    expect((await security(forged)).statusCode).toBe(401);

    const second = await post(
      app(),
      '/api/auth/two-factor/verify-totp',
      { code: totp(owner.secret) },
      cookie,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect((await security(sessionCookie(second))).statusCode).toBe(200);
    expect(await app().db.select().from(session).where(eq(session.userId, owner.id))).toHaveLength(2);
  });

  it('takes each recovery code once', async () => {
    const owner = await enrolled();
    const [code = ''] = owner.backupCodes;
    const first = await firstStep(owner.email, owner.password);
    const used = await post(app(), '/api/auth/two-factor/verify-backup-code', { code }, first.cookie);
    expect(used.statusCode, used.body).toBe(200);
    expect((await security(sessionCookie(used))).json()).toMatchObject({ recoveryCodesLeft: 9 });
    expect(JSON.parse((await factorRow(owner.id))?.backupCodes ?? '[]')).toHaveLength(9);

    const again = await firstStep(owner.email, owner.password);
    const reused = await post(app(), '/api/auth/two-factor/verify-backup-code', { code }, again.cookie);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.fields).toEqual({ code: SECURITY_MESSAGES.WRONG_RECOVERY_CODE });
    expect(sessionCookieOrNull(reused)).toBeNull();
    expect(await auditKinds(owner.id)).toEqual(['security.enrol', 'security.recovery-code']);
  });

  it('locks the second step for 15 minutes after five wrong codes, and e-mails the account once', async () => {
    const owner = await enrolled();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { cookie } = await firstStep(owner.email, owner.password);
      const wrong = await post(
        app(),
        '/api/auth/two-factor/verify-totp',
        { code: wrongCode(owner.secret) },
        cookie,
      );
      expect(wrong.statusCode, `attempt ${attempt}: ${wrong.body}`).toBe(400);
    }
    const row = await factorRow(owner.id);
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    // Even the right code, and a recovery code, wait for the lock to end.
    const { cookie } = await firstStep(owner.email, owner.password);
    const right = await post(app(), '/api/auth/two-factor/verify-totp', { code: totp(owner.secret) }, cookie);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.message).toBe(SECURITY_MESSAGES.LOCKED);
    const recovery = await post(
      app(),
      '/api/auth/two-factor/verify-backup-code',
      { code: owner.backupCodes[0] },
      cookie,
    );
    expect(recovery.statusCode).toBe(429);
    expect(JSON.parse(row?.backupCodes ?? '[]')).toHaveLength(10);

    const mail = (await deliveredMail(app())).filter((message) => message.to === owner.email);
    expect(mail.filter((message) => message.subject.includes('sign-in locked'))).toHaveLength(1);
    expect((await auditKinds(owner.id)).filter((kind) => kind === 'security.lock')).toHaveLength(1);

    // Once the lock has ended, the right code signs in.
    await app()
      .db.update(twoFactor)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(twoFactor.userId, owner.id));
    const after = await firstStep(owner.email, owner.password);
    const back = await post(
      app(),
      '/api/auth/two-factor/verify-totp',
      { code: totp(owner.secret) },
      after.cookie,
    );
    expect(back.statusCode, back.body).toBe(200);
  });
});

function sessionCookieOrNull(response: LightMyRequestResponse): string | null {
  return response.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value !== '')
    ? sessionCookie(response)
    : null;
}

describe('removing the factor and new recovery codes', () => {
  it('needs the password: then two-factor is off and the sign-in is one step again', async () => {
    const owner = await enrolled();
    const missing = await post(app(), '/api/auth/two-factor/disable', {}, owner.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ password: SECURITY_MESSAGES.PASSWORD_OR_CODE });
    const wrong = await post(
      app(),
      '/api/auth/two-factor/disable',
      { password: 'Wrong#2024x' },
      owner.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await factorRow(owner.id)).toBeDefined();

    const off = await post(app(), '/api/auth/two-factor/disable', { password: owner.password }, owner.cookie);
    expect(off.statusCode, off.body).toBe(200);
    expect(await factorRow(owner.id)).toBeUndefined();
    const { response } = await firstStep(owner.email, owner.password);
    expect(response.json()).not.toHaveProperty('twoFactorRedirect');
    expect(sessionCookieOrNull(response)).not.toBeNull();
    expect(await auditKinds(owner.id)).toEqual(['security.enrol', 'security.remove']);
  });

  it('regenerates the recovery codes with the password: the old ones stop working, the new ones work', async () => {
    const owner = await enrolled();
    const refused = await post(app(), '/api/auth/two-factor/generate-backup-codes', {}, owner.cookie);
    expect(refused.statusCode).toBe(400);
    const fresh = await post(
      app(),
      '/api/auth/two-factor/generate-backup-codes',
      { password: owner.password },
      owner.cookie,
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes = fresh.json<{ backupCodes: string[] }>().backupCodes;
    expect(codes).toHaveLength(10);
    const stored = (await factorRow(owner.id))?.backupCodes ?? '';
    for (const code of codes) expect(stored).not.toContain(code);

    const first = await firstStep(owner.email, owner.password);
    const old = await post(
      app(),
      '/api/auth/two-factor/verify-backup-code',
      { code: owner.backupCodes[0] },
      first.cookie,
    );
    expect(old.statusCode).toBe(400);
    const current = await post(
      app(),
      '/api/auth/two-factor/verify-backup-code',
      { code: codes[0] },
      first.cookie,
    );
    expect(current.statusCode, current.body).toBe(200);
    expect(await auditKinds(owner.id)).toEqual([
      'security.enrol',
      'security.codes-regenerate',
      'security.recovery-code',
    ]);
  });
});

describe('POST /api/auth/step-up', () => {
  it('takes the password of a member without a factor, for five minutes, recorded on the session', async () => {
    const owner = await signUp(app());
    const wrong = await post(app(), '/api/auth/step-up', { password: 'Wrong#2024x' }, owner.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('password');
    const before = Date.now();
    const validUntil = new Date(await stepUp(app(), owner.cookie, { password: owner.password })).getTime();
    expect(validUntil - before).toBeGreaterThan(STEP_UP_MINUTES * 60_000 - 5_000);
    expect(validUntil - before).toBeLessThanOrEqual(STEP_UP_MINUTES * 60_000 + 5_000);
    const [row] = await app().db.select().from(session).where(eq(session.userId, owner.id));
    expect(row?.steppedUpAt).toBeInstanceOf(Date);
    expect(await auditKinds(owner.id)).toEqual(['security.step-up-refused', 'security.step-up']);
  });

  it('takes a current code or a recovery code (once) from a member with a factor, not the password', async () => {
    const owner = await enrolled();
    const password = await post(app(), '/api/auth/step-up', { password: owner.password }, owner.cookie);
    expect(password.statusCode).toBe(400);
    expect(password.json().error.fields).toEqual({ password: SECURITY_MESSAGES.HAS_FACTOR });
    const wrong = await post(app(), '/api/auth/step-up', { code: wrongCode(owner.secret) }, owner.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: SECURITY_MESSAGES.WRONG_CODE });
    await stepUp(app(), owner.cookie, { code: totp(owner.secret) });
    const [code = ''] = owner.backupCodes;
    await stepUp(app(), owner.cookie, { code });
    const again = await post(app(), '/api/auth/step-up', { code }, owner.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ code: SECURITY_MESSAGES.WRONG_RECOVERY_CODE });
  });

  it('refuses a guest, and more than one way at once', async () => {
    expect((await post(app(), '/api/auth/step-up', { password: 'x' })).statusCode).toBe(401);
    const owner = await signUp(app());
    const both = await post(
      app(),
      '/api/auth/step-up',
      { password: owner.password, code: '123456' },
      owner.cookie,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toHaveProperty('code');
  });
});

describe('what moves money or data asks for a step-up in the last five minutes', () => {
  /** Each guarded route, called by an admin; `ok` is its answer once stepped up. */
  async function guardedCalls() {
    const buyer = await verifiedBuyer(app());
    const [productId = ''] = await stockedProducts(app(), [`StepUp Runner ${Date.now()}`], 5);
    const orderId = await buy(app(), buyer.cookie, {
      id: productId,
      name: 'StepUp Runner',
      size: '9',
      price: 100,
      units: 5,
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    return [
      { name: 'refund', method: 'POST', url: `/api/orders/${orderId}/refund`, ok: 200 },
      {
        name: 'store credit',
        method: 'POST',
        url: `/api/users/${buyer.id}/credit`,
        payload: { amount: 10, reason: 'Step-up test' },
        ok: 201,
      },
      { name: 'products CSV', method: 'GET', url: '/api/products/export.csv', ok: 200 },
      { name: 'orders CSV', method: 'GET', url: '/api/orders/export.csv', ok: 200 },
      { name: 'promotions CSV', method: 'GET', url: '/api/promotions/export.csv', ok: 200 },
      {
        name: 'tax report CSV',
        method: 'GET',
        url: '/api/admin/tax/report?from=2026-01-01&to=2026-03-31&format=csv',
        ok: 200,
      },
      {
        name: 'drop entries CSV',
        method: 'GET',
        url: `/api/drops/${unknown}/entries`,
        headers: { accept: 'text/csv' },
        ok: 404,
      },
      {
        name: 'tax settings',
        method: 'PUT',
        url: '/api/tax/settings',
        payload: { taxShipping: false },
        ok: 200,
      },
    ] as const;
  }

  it('answers 403 STEP_UP_REQUIRED without one, and works with one', async () => {
    const calls = await guardedCalls();
    const admin = await quickAdmin(app(), 'stepup', { steppedUp: false });
    const call = (row: (typeof calls)[number]) =>
      app().inject({
        method: row.method,
        url: row.url,
        ...('payload' in row ? { payload: row.payload } : {}),
        headers: {
          origin: 'http://localhost:3000',
          cookie: admin.cookie,
          ...('headers' in row ? row.headers : {}),
        },
      });
    for (const row of calls) {
      const refused = await call(row);
      expect(refused.statusCode, `${row.name}: ${refused.body}`).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'STEP_UP_REQUIRED',
        message: SECURITY_MESSAGES.STEP_UP_REQUIRED,
      });
    }
    await stepUp(app(), admin.cookie, { password: QUICK_ADMIN_PASSWORD });
    for (const row of calls) {
      const done = await call(row);
      expect(done.statusCode, `${row.name}: ${done.body.slice(0, 200)}`).toBe(row.ok);
    }
  });

  it('refuses a step-up older than five minutes', async () => {
    const admin = await quickAdmin(app(), 'stale');
    const setAge = (minutes: number) =>
      app()
        .db.update(session)
        .set({ steppedUpAt: sql`now() - make_interval(secs => ${minutes * 60})` })
        .where(eq(session.userId, admin.id));
    const exportCsv = () => send(app(), 'GET', '/api/products/export.csv', admin.cookie);
    await setAge(4.5);
    expect((await exportCsv()).statusCode).toBe(200);
    await setAge(5.1);
    const stale = await exportCsv();
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('STEP_UP_REQUIRED');
  });
});

describe('passkeys', () => {
  it('lists, renames and (after a step-up) removes the member’s own passkeys, and nobody else’s', async () => {
    const owner = await signUp(app());
    const stranger = await signUp(app());
    const [key] = await app()
      .db.insert(passkey)
      .values({
        name: 'Laptop',
        publicKey: 'cHVibGlj',
        userId: owner.id,
        credentialID: `cred-${owner.id}`,
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      })
      .returning();
    const id = key?.id ?? '';
    const listed = await send(app(), 'GET', '/api/auth/passkey/list-user-passkeys', owner.cookie);
    expect(listed.json()).toEqual([expect.objectContaining({ id, name: 'Laptop' })]);

    const theirs = await post(
      app(),
      '/api/auth/passkey/update-passkey',
      { id, name: 'Mine now' },
      stranger.cookie,
    );
    expect(theirs.statusCode).toBe(404);
    const renamed = await post(
      app(),
      '/api/auth/passkey/update-passkey',
      { id, name: 'Work laptop' },
      owner.cookie,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await security(owner.cookie)).json().passkeys).toEqual([
      expect.objectContaining({ id, name: 'Work laptop' }),
    ]);

    const unconfirmed = await post(app(), '/api/auth/passkey/delete-passkey', { id }, owner.cookie);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error.code).toBe('STEP_UP_REQUIRED');
    // With a passkey the password no longer steps up; the row stands for a real one here, so the
    // step-up is recorded directly.
    await app().db.update(session).set({ steppedUpAt: sql`now()` }).where(eq(session.userId, owner.id));
    const removed = await post(app(), '/api/auth/passkey/delete-passkey', { id }, owner.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await app()
        .db.select()
        .from(passkey)
        .where(and(eq(passkey.userId, owner.id))),
    ).toEqual([]);
    expect(await auditKinds(owner.id)).toEqual(['security.remove']);
  });
});
