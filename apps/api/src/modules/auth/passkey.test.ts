import { SECURITY_MESSAGES, STEP_UP_MINUTES, TOTP_ISSUER } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvent, passkey, session } from '../../db/schema';
import { post, sessionCookie, signUp } from '../../test/accounts';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { type AssertionJSON, type SoftwarePasskey, softwarePasskey } from '../../test/webauthn';

const { app } = testShop();

/** The cookies a response sets and keeps (not the ones it expires), by name. */
function cookiesOf(response: LightMyRequestResponse): Map<string, string> {
  return new Map(
    response.cookies
      .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
      .map((cookie) => [cookie.name, cookie.value]),
  );
}

/** `cookie` (a Cookie header, maybe empty) with the cookies `response` sets: a browser's next request. */
function withCookies(cookie: string, response: LightMyRequestResponse): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  for (const [name, value] of cookiesOf(response)) jar.set(name, value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function passkeyRow(credentialId: string) {
  const [row] = await app().db.select().from(passkey).where(eq(passkey.credentialID, credentialId));
  return row;
}

function sessionsOf(userId: string) {
  return app().db.select().from(session).where(eq(session.userId, userId));
}

async function auditOf(userId: string) {
  return app()
    .db.select({ kind: auditEvent.kind, actorId: auditEvent.actorId, after: auditEvent.after })
    .from(auditEvent)
    .where(eq(auditEvent.subjectId, userId))
    .orderBy(auditEvent.createdAt);
}

/**
 * The registration ceremony: the options, the authenticator's new credential, the shop's answer, and the
 * cookies it was sent with (the member's and the challenge's).
 */
async function registerPasskey(memberCookie: string, key: SoftwarePasskey, name?: string) {
  const options = await send(app(), 'GET', '/api/auth/passkey/generate-register-options', memberCookie);
  expect(options.statusCode, options.body).toBe(200);
  const body = { response: key.register(options.json()), ...(name ? { name } : {}) };
  const cookie = withCookies(memberCookie, options);
  const verified = await post(app(), '/api/auth/passkey/verify-registration', body, cookie);
  return { options, body, verified, cookie };
}

/** A member who signed up and registered a software passkey named `Laptop`. */
async function memberWithPasskey() {
  const member = await signUp(app());
  const key = softwarePasskey();
  const { verified } = await registerPasskey(member.cookie, key, 'Laptop');
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...member, key };
}

/**
 * The authentication ceremony up to the browser's answer: the options (for the signed-in member of
 * `cookie`, or for nobody), `key`'s assertion of them, and the cookies to send it with (the challenge's).
 */
async function assertion(key: SoftwarePasskey, cookie = '') {
  const options = await send(
    app(),
    'GET',
    '/api/auth/passkey/generate-authenticate-options',
    cookie || undefined,
  );
  expect(options.statusCode, options.body).toBe(200);
  return {
    options: options.json(),
    assertion: key.assert(options.json()),
    cookie: withCookies(cookie, options),
  };
}

/** The assertion with the last byte of its signature flipped: still DER, no longer the key's signature. */
function withBadSignature(signed: AssertionJSON): AssertionJSON {
  const signature = Buffer.from(signed.response.signature, 'base64url');
  signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0xff;
  return { ...signed, response: { ...signed.response, signature: signature.toString('base64url') } };
}

describe('registering a passkey', () => {
  it('keeps the credential a signed-in member creates, under their account and its name, audited and listed', async () => {
    const member = await signUp(app());
    const key = softwarePasskey();
    const { options, body, verified, cookie } = await registerPasskey(member.cookie, key, 'Laptop');
    // The relying party is the shop on `localhost` (its address in the tests), the key ES256 among others.
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: TOTP_ISSUER },
      attestation: 'none',
      pubKeyCredParams: expect.arrayContaining([{ alg: -7, type: 'public-key' }]),
    });
    expect([...cookiesOf(options).keys()]).toEqual([expect.stringMatching(/passkey/)]);
    expect(verified.statusCode, verified.body).toBe(200);

    const row = await passkeyRow(key.credentialId);
    expect(row).toMatchObject({
      userId: member.id,
      name: 'Laptop',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
      aaguid: '00000000-0000-0000-0000-000000000000',
    });
    expect(Buffer.from(row?.publicKey ?? '', 'base64')).toEqual(key.publicKey);
    expect(await auditOf(member.id)).toEqual([
      { kind: 'security.enrol', actorId: member.id, after: { method: 'passkey' } },
    ]);
    const security = await send(app(), 'GET', '/api/account/security', member.cookie);
    expect(security.json()).toMatchObject({
      twoFactorEnabled: false,
      hasPassword: true,
      passkeys: [{ id: row?.id, name: 'Laptop', deviceType: 'singleDevice', backedUp: false }],
    });

    // The challenge is used up: the same answer again keeps nothing more.
    const replayed = await post(app(), '/api/auth/passkey/verify-registration', body, cookie);
    expect(replayed.statusCode).toBe(400);
    expect(await app().db.select().from(passkey).where(eq(passkey.userId, member.id))).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session for its account with no password, and the stored counter follows the key', async () => {
    const member = await memberWithPasskey();
    const before = await sessionsOf(member.id);
    const ceremony = await assertion(member.key);
    // Asked by nobody in particular, the options name no credential: the browser offers its own.
    expect(ceremony.options).toMatchObject({ rpId: 'localhost' });
    expect(ceremony.options).not.toHaveProperty('allowCredentials');
    expect(ceremony.assertion.response.userHandle).toEqual(expect.any(String));

    const signedIn = await post(
      app(),
      '/api/auth/passkey/verify-authentication',
      { response: ceremony.assertion },
      ceremony.cookie,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect(cookie).not.toBe(member.cookie);
    const current = await app().inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(current.json()).toMatchObject({ user: { id: member.id, email: member.email } });
    expect(await sessionsOf(member.id)).toHaveLength(before.length + 1);
    expect((await passkeyRow(member.key.credentialId))?.counter).toBe(1);

    const again = await assertion(member.key);
    const second = await post(
      app(),
      '/api/auth/passkey/verify-authentication',
      { response: again.assertion },
      again.cookie,
    );
    expect(second.statusCode, second.body).toBe(200);
    expect((await passkeyRow(member.key.credentialId))?.counter).toBe(2);
    expect(member.key.signCount()).toBe(2);
  });
});

describe('stepping up with a passkey', () => {
  it('answers five minutes, marks the member’s session, audits it and leaves no session of its own', async () => {
    const member = await memberWithPasskey();
    const [only, ...others] = await sessionsOf(member.id);
    expect(others).toEqual([]);
    expect(only?.steppedUpAt).toBeNull();

    const ceremony = await assertion(member.key, member.cookie);
    // Asked by the member, the options name their passkey.
    expect(ceremony.options.allowCredentials).toEqual([
      { id: member.key.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const started = Date.now();
    const response = await post(app(), '/api/auth/step-up', { passkey: ceremony.assertion }, ceremony.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { validUntil } = response.json<{ validUntil: string }>();
    const ahead = Date.parse(validUntil) - started;
    expect(ahead).toBeGreaterThan(STEP_UP_MINUTES * 60_000 - 5_000);
    expect(ahead).toBeLessThanOrEqual(STEP_UP_MINUTES * 60_000 + 5_000);

    const after = await sessionsOf(member.id);
    expect(after.map((row) => row.id)).toEqual([only?.id]);
    expect(after[0]?.steppedUpAt?.getTime()).toBe(Date.parse(validUntil) - STEP_UP_MINUTES * 60_000);
    expect((await passkeyRow(member.key.credentialId))?.counter).toBe(1);
    expect((await auditOf(member.id)).map(({ kind, after: what }) => [kind, what])).toEqual([
      ['security.enrol', { method: 'passkey' }],
      ['security.step-up', { method: 'passkey', validUntil }],
    ]);
  });

  it('refuses someone else’s passkey and a bad signature (400, passkey), audited, changing nothing', async () => {
    const member = await memberWithPasskey();
    const stranger = await memberWithPasskey();
    const strangerSessions = await sessionsOf(stranger.id);

    // The stranger's key answers the member's challenge: a valid signature, from the wrong account.
    const theirs = await assertion(stranger.key, member.cookie);
    const borrowed = await post(app(), '/api/auth/step-up', { passkey: theirs.assertion }, theirs.cookie);
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().error.fields).toEqual({ passkey: SECURITY_MESSAGES.PASSKEY_FAILED });

    const own = await assertion(member.key, member.cookie);
    const forged = await post(
      app(),
      '/api/auth/step-up',
      { passkey: withBadSignature(own.assertion) },
      own.cookie,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toEqual({ passkey: SECURITY_MESSAGES.PASSKEY_FAILED });

    const sessions = await sessionsOf(member.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.steppedUpAt).toBeNull();
    expect(await sessionsOf(stranger.id)).toEqual(strangerSessions);
    expect((await passkeyRow(member.key.credentialId))?.counter).toBe(0);
    expect((await passkeyRow(stranger.key.credentialId))?.counter).toBe(0);
    expect((await auditOf(member.id)).map(({ kind, after }) => [kind, after])).toEqual([
      ['security.enrol', { method: 'passkey' }],
      ['security.step-up-refused', { method: 'passkey' }],
      ['security.step-up-refused', { method: 'passkey' }],
    ]);
    expect((await auditOf(stranger.id)).map(({ kind }) => kind)).toEqual(['security.enrol']);
  });

  it('no longer takes the password alone from a member with a passkey', async () => {
    const member = await memberWithPasskey();
    const response = await post(app(), '/api/auth/step-up', { password: member.password }, member.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: SECURITY_MESSAGES.HAS_FACTOR });
    const [row] = await sessionsOf(member.id);
    expect(row?.steppedUpAt).toBeNull();
    // Refused before any check of the password: nothing is audited but the enrolment.
    expect((await auditOf(member.id)).map(({ kind }) => kind)).toEqual(['security.enrol']);
  });
});
