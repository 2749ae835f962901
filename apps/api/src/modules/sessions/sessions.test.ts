import type { AccountSessionList } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvent, knownDevice, session, user } from '../../db/schema';
import { newAccount, ORIGIN, sessionCookie } from '../../test/accounts';
import { deliveredMail } from '../../test/mail';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff } = testShop({ staff: 'sessions' });

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const NEW_SIGN_IN = 'A new sign-in to your Sneaker Shop account';

let address = 0;
/** A call to Better Auth from a browser (its user agent) at an address of its own. */
function fromBrowser(url: string, payload: object, userAgent: string, cookie?: string) {
  address += 1;
  return app().inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `203.0.113.${address % 250}`,
    headers: { origin: ORIGIN, 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
  });
}

function expectOk(response: LightMyRequestResponse, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** A new account, signed up from `userAgent`: its details and that first session's cookie. */
async function person(userAgent = MAC_CHROME) {
  const account = newAccount('sess');
  const response = expectOk(await fromBrowser('/api/auth/sign-up/email', account, userAgent));
  return {
    ...account,
    id: response.json<{ user: { id: string } }>().user.id,
    cookie: sessionCookie(response),
  };
}

async function signInFrom(who: { email: string; password: string }, userAgent: string) {
  const response = expectOk(
    await fromBrowser('/api/auth/sign-in/email', { email: who.email, password: who.password }, userAgent),
  );
  return sessionCookie(response);
}

const sessionsOf = async (cookie: string) => send(app(), 'GET', '/api/account/sessions', cookie);
const rowsOf = (userId: string) => app().db.select().from(session).where(eq(session.userId, userId));
const newSignInMails = async (email: string) =>
  (await deliveredMail(app())).filter((message) => message.to === email && message.subject === NEW_SIGN_IN);
/** A route a crowd polls, which reads the session from this instance's memory (a drop nobody made: 404). */
const heldRoute = (cookie: string) =>
  send(app(), 'GET', '/api/drops/00000000-0000-4000-8000-000000000000/queue/me', cookie);

describe('the sessions view', () => {
  it("lists only the person's own sessions, with the device, address, times and which is this one", async () => {
    const ana = await person(MAC_CHROME);
    const other = await person(MAC_CHROME);
    const phone = await signInFrom(ana, IPHONE_SAFARI);

    const response = expectOk(await sessionsOf(phone));
    const { sessions } = response.json<AccountSessionList>();
    const rows = await rowsOf(ana.id);
    expect(sessions.map((entry) => entry.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(sessions).toHaveLength(2);
    const [newest, first] = sessions;
    expect(newest).toMatchObject({ device: 'Safari on iOS', current: true });
    expect(first).toMatchObject({ device: 'Chrome on macOS', current: false });
    expect(newest?.ipAddress).toMatch(/^203\.0\.113\./);
    const row = rows.find((candidate) => candidate.id === newest?.id);
    expect(newest?.signedInAt).toBe(row?.createdAt.toISOString());
    expect(newest?.lastSeenAt).toBe(row?.updatedAt.toISOString());
    const otherIds = (await rowsOf(other.id)).map((candidate) => candidate.id);
    expect(sessions.some((entry) => otherIds.includes(entry.id))).toBe(false);
    expect((await sessionsOf('')).statusCode).toBe(401);
  });

  it("signs out one of the person's sessions at once, and finds no one else's (404, nothing ended)", async () => {
    const ana = await person(MAC_CHROME);
    const bob = await person(MAC_CHROME);
    const laptop = await signInFrom(ana, WINDOWS_FIREFOX);
    const [bobsSession] = await rowsOf(bob.id);

    const stranger = await send(app(), 'DELETE', `/api/account/sessions/${bobsSession?.id}`, ana.cookie);
    expect(stranger.statusCode, stranger.body).toBe(404);
    expect(stranger.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await rowsOf(bob.id)).toHaveLength(1);
    expectOk(await sessionsOf(bob.cookie));

    // The laptop is read once by a polled route, which then holds it in memory.
    expect((await heldRoute(laptop)).statusCode).toBe(404);
    const listed = (await sessionsOf(ana.cookie)).json<AccountSessionList>().sessions;
    const laptopId = listed.find((entry) => entry.device === 'Firefox on Windows')?.id;
    expectOk(await send(app(), 'DELETE', `/api/account/sessions/${laptopId}`, ana.cookie), 204);

    expect((await rowsOf(ana.id)).map((row) => row.id)).not.toContain(laptopId);
    expect((await sessionsOf(laptop)).statusCode).toBe(401);
    expect((await heldRoute(laptop)).statusCode).toBe(401);
    expectOk(await sessionsOf(ana.cookie));
    const again = await send(app(), 'DELETE', `/api/account/sessions/${laptopId}`, ana.cookie);
    expect(again.statusCode).toBe(404);
    const bad = await send(app(), 'DELETE', '/api/account/sessions/not-an-id', ana.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { id: 'must be a session id' } },
    });
  });

  it("signs out everywhere else through Better Auth's paths, refused at once even where held", async () => {
    const ana = await person(MAC_CHROME);
    const phone = await signInFrom(ana, IPHONE_SAFARI);
    const laptop = await signInFrom(ana, WINDOWS_FIREFOX);
    expect((await heldRoute(phone)).statusCode).toBe(404);

    const listed = await send(app(), 'GET', '/api/auth/list-sessions', laptop);
    expect(listed.json<unknown[]>()).toHaveLength(3);
    expectOk(await fromBrowser('/api/auth/revoke-other-sessions', {}, WINDOWS_FIREFOX, laptop));

    const rows = await rowsOf(ana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userAgent).toBe(WINDOWS_FIREFOX);
    expect((await heldRoute(phone)).statusCode).toBe(401);
    expect((await sessionsOf(ana.cookie)).statusCode).toBe(401);
    expect((await sessionsOf(laptop)).json<AccountSessionList>().sessions).toHaveLength(1);
  });

  it("signs out one session through Better Auth's revoke-session", async () => {
    const ana = await person(MAC_CHROME);
    const phone = await signInFrom(ana, IPHONE_SAFARI);
    const [phoneRow] = (await rowsOf(ana.id)).filter((row) => row.userAgent === IPHONE_SAFARI);
    expect((await heldRoute(phone)).statusCode).toBe(404);

    expectOk(
      await fromBrowser('/api/auth/revoke-session', { token: phoneRow?.token }, MAC_CHROME, ana.cookie),
    );

    expect((await rowsOf(ana.id)).map((row) => row.id)).not.toContain(phoneRow?.id);
    expect((await heldRoute(phone)).statusCode).toBe(401);
    expectOk(await sessionsOf(ana.cookie));
  });
});

describe('staff end a member of staff’s sessions', () => {
  it('ends every one of them at once, audited; a shopper is not found; a shopper may not', async () => {
    const member = await person(MAC_CHROME);
    await app().db.update(user).set({ role: 'support' }).where(eq(user.id, member.id));
    const phone = await signInFrom(member, IPHONE_SAFARI);
    expect((await heldRoute(phone)).statusCode).toBe(404);

    const refused = await send(app(), 'DELETE', `/api/staff/${member.id}/sessions`, phone);
    expect(refused.statusCode).toBe(403);
    expect(await rowsOf(member.id)).toHaveLength(2);

    const ended = expectOk(await send(app(), 'DELETE', `/api/staff/${member.id}/sessions`, staff().cookie));
    expect(ended.json()).toEqual({ ended: 2 });
    expect(await rowsOf(member.id)).toHaveLength(0);
    expect((await sessionsOf(member.cookie)).statusCode).toBe(401);
    expect((await heldRoute(phone)).statusCode).toBe(401);
    const audit = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, member.id), eq(auditEvent.kind, 'staff.sessions-end')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: staff().id, subjectType: 'user', after: { sessions: 2 } });

    const shopper = await person(MAC_CHROME);
    const notStaff = await send(app(), 'DELETE', `/api/staff/${shopper.id}/sessions`, staff().cookie);
    expect(notStaff.statusCode).toBe(404);
    expect(await rowsOf(shopper.id)).toHaveLength(1);
  });
});

describe('a sign-in from a new device', () => {
  it('is e-mailed once per new browser and system, never for the first sign-in after sign-up', async () => {
    const ana = await person(MAC_CHROME);
    await signInFrom(ana, MAC_CHROME);
    expect(await newSignInMails(ana.email)).toHaveLength(0);

    await signInFrom(ana, IPHONE_SAFARI);
    const mails = await newSignInMails(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Device: Safari on iOS. Address: 203.0.113.');
    expect(mails[0]?.text).toContain('If it was not you, change your password');
    expect(mails[0]?.links.some((link) => link.endsWith('/account/sessions'))).toBe(true);

    await signInFrom(ana, IPHONE_SAFARI);
    await signInFrom(ana, MAC_CHROME);
    expect(await newSignInMails(ana.email)).toHaveLength(1);
    await signInFrom(ana, WINDOWS_FIREFOX);
    expect(await newSignInMails(ana.email)).toHaveLength(2);

    const devices = await app().db.select().from(knownDevice).where(eq(knownDevice.userId, ana.id));
    expect(devices.map((row) => row.device).sort()).toEqual([
      'Chrome on macOS',
      'Firefox on Windows',
      'Safari on iOS',
    ]);
  });
});
