import { BUILT_IN_ROLES, SECURITY_MESSAGES } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, passkey, staffSettings, twoFactor, user } from '../../db/schema';
import { enrolTotp, post } from '../../test/accounts';
import { quickAdmin } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const shop = testShop({ staff: 'owner' });
const app = () => shop.app();
const owner = () => shop.staff();
const DAY_MS = 24 * 60 * 60 * 1000;

async function requireFor(requireTwoFactor: string[], graceDays = 0) {
  const response = await send(app(), 'PUT', '/api/staff/settings', owner().cookie, {
    requireTwoFactor,
    graceDays,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A verified account (with a password) that the owner gives `role`. */
async function member(role: string) {
  const account = await verifiedBuyer(app());
  const given = await send(app(), 'PUT', `/api/users/update/${account.id}`, owner().cookie, {
    roles: [role],
  });
  expect(given.statusCode, given.body).toBe(200);
  return account;
}

async function dashboard(account: { id: string; cookie: string }) {
  const response = await send(app(), 'GET', `/api/users/dashboard/${account.id}`, account.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<[{ permissions: string[]; twoFactorDue: string | null }]>()[0];
}

async function settingsRow() {
  const [row] = await app().db.select().from(staffSettings);
  if (!row) throw new Error('no staff settings');
  return row;
}

/** Moves when the role began to need a factor, and when the member was given it, `days` back. */
async function backdate(role: string, userId: string, days: number) {
  const at = new Date(Date.now() - days * DAY_MS);
  const { twoFactorRequiredSince } = await settingsRow();
  await app()
    .db.update(staffSettings)
    .set({ twoFactorRequiredSince: { ...twoFactorRequiredSince, [role]: at.toISOString() } });
  await app().db.update(user).set({ roleSince: at }).where(eq(user.id, userId));
}

describe('a role that needs a second factor', () => {
  it('closes every staff route to a member without one (403 TWO_FACTOR_REQUIRED) but Security, and opens them once they enrol', async () => {
    await requireFor(['support']);
    const support = await member('support');

    const before = await dashboard(support);
    expect(before?.permissions).toEqual([]);
    expect(Date.parse(before?.twoFactorDue ?? '')).toBeLessThanOrEqual(Date.now());
    for (const url of ['/api/staff', '/api/users', `/api/users/${owner().id}/credit`]) {
      const refused = await send(app(), 'GET', url, support.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        message: SECURITY_MESSAGES.TWO_FACTOR_REQUIRED,
      });
    }
    // What the member lacks even with a factor is refused as ever: the permission is named.
    const notTheirs = await send(app(), 'GET', '/api/admin/sales', support.cookie);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.code).toBe('FORBIDDEN');
    expect((await send(app(), 'GET', '/api/account/security', support.cookie)).statusCode).toBe(200);
    expect((await send(app(), 'GET', '/api/account/sessions', support.cookie)).statusCode).toBe(200);

    const { cookie } = await enrolTotp(app(), support);
    const after = await dashboard({ id: support.id, cookie });
    expect(after).toMatchObject({ permissions: [...(BUILT_IN_ROLES.support ?? [])], twoFactorDue: null });
    expect((await send(app(), 'GET', '/api/staff', cookie)).statusCode).toBe(200);
  });

  it('gives the grace the owner set, counted from the later of when the role began to need it and when the member got it', async () => {
    await requireFor(['catalogue'], 3);
    const catalogue = await member('catalogue');
    const inGrace = await dashboard(catalogue);
    expect(inGrace?.permissions).toEqual([...(BUILT_IN_ROLES.catalogue ?? [])]);
    const due = Date.parse(inGrace?.twoFactorDue ?? '');
    expect(Math.abs(due - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
    expect((await send(app(), 'GET', '/api/admin/sales', catalogue.cookie)).statusCode).toBe(200);

    await backdate('catalogue', catalogue.id, 4);
    const overdue = await send(app(), 'GET', '/api/admin/sales', catalogue.cookie);
    expect(overdue.statusCode).toBe(403);
    expect(overdue.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await dashboard(catalogue))?.permissions).toEqual([]);

    // Given the role only yesterday: the grace is theirs from then, whenever the role began to need it.
    await app()
      .db.update(user)
      .set({ roleSince: new Date(Date.now() - DAY_MS) })
      .where(eq(user.id, catalogue.id));
    expect((await send(app(), 'GET', '/api/admin/sales', catalogue.cookie)).statusCode).toBe(200);
  });

  it('keeps when a role began to need it across saves, forgets a role no longer required or deleted', async () => {
    const made = await send(app(), 'POST', '/api/staff/roles', owner().cookie, {
      name: 'pickers',
      permissions: ['orders.read'],
    });
    expect(made.statusCode, made.body).toBe(201);
    await requireFor(['fulfilment', 'pickers']);
    const first = (await settingsRow()).twoFactorRequiredSince;
    expect(Object.keys(first).sort()).toEqual(['fulfilment', 'pickers']);
    await requireFor(['fulfilment', 'pickers'], 2);
    expect((await settingsRow()).twoFactorRequiredSince).toEqual(first);
    await requireFor(['pickers']);
    expect(Object.keys((await settingsRow()).twoFactorRequiredSince)).toEqual(['pickers']);

    const deleted = await send(app(), 'DELETE', '/api/staff/roles/pickers', owner().cookie);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await settingsRow()).toMatchObject({ requireTwoFactor: [], twoFactorRequiredSince: {} });
  });

  it('never asks it of the owner role when nobody required it: an admin without a factor acts as before', async () => {
    await requireFor([]);
    const admin = await member('admin');
    expect((await dashboard(admin))?.twoFactorDue).toBeNull();
    expect((await send(app(), 'GET', '/api/staff', admin.cookie)).statusCode).toBe(200);
  });
});

describe("resetting someone's second factors", () => {
  it('removes their app, codes and passkeys, e-mails them, audits it; they sign in with the password alone', async () => {
    const manager = await member('manager');
    await enrolTotp(app(), manager);
    await app()
      .db.insert(passkey)
      .values({
        name: 'Laptop',
        publicKey: 'key',
        userId: manager.id,
        credentialID: `credential-${manager.id}`,
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      });

    const reset = await send(app(), 'DELETE', `/api/users/${manager.id}/two-factor`, owner().cookie);
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await app().db.select().from(twoFactor).where(eq(twoFactor.userId, manager.id))).toEqual([]);
    expect(await app().db.select().from(passkey).where(eq(passkey.userId, manager.id))).toEqual([]);
    const [row] = await app().db.select().from(user).where(eq(user.id, manager.id));
    expect(row?.twoFactorEnabled).toBe(false);
    const [event] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, manager.id), eq(auditEvent.kind, 'security.factors-reset')));
    expect(event).toMatchObject({
      actorId: owner().id,
      before: { totp: true, passkeys: 1 },
      after: { totp: false, passkeys: 0 },
    });
    const mail = (await deliveredMail(app())).find(
      (message) => message.to === manager.email && message.subject.includes('two-factor sign-in was reset'),
    );
    expect(mail?.text).toContain('/account/security');

    // The password alone signs in again: no second step is asked.
    const signedIn = await post(app(), '/api/auth/sign-in/email', {
      email: manager.email,
      password: manager.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('twoFactorRedirect');
  });

  it('refuses one’s own, an account without a factor, a member without users.roles and a stale step-up, changing nothing', async () => {
    const shopper = await verifiedBuyer(app());
    await enrolTotp(app(), shopper);

    const own = await send(app(), 'DELETE', `/api/users/${owner().id}/two-factor`, owner().cookie);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.fields).toEqual({ userId: 'is your own account' });

    const bare = await verifiedBuyer(app());
    const nothing = await send(app(), 'DELETE', `/api/users/${bare.id}/two-factor`, owner().cookie);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.fields).toEqual({ userId: 'has no second factor' });

    const missing = await send(
      app(),
      'DELETE',
      '/api/users/00000000-0000-4000-8000-000000000000/two-factor',
      owner().cookie,
    );
    expect(missing.statusCode).toBe(404);

    const manager = await member('manager');
    const forbidden = await send(app(), 'DELETE', `/api/users/${shopper.id}/two-factor`, manager.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.fields).toEqual({ permission: 'users.roles' });

    const unconfirmed = await quickAdmin(app(), 'unconfirmed', { steppedUp: false });
    const stale = await send(app(), 'DELETE', `/api/users/${shopper.id}/two-factor`, unconfirmed.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('STEP_UP_REQUIRED');

    const [kept] = await app().db.select().from(twoFactor).where(eq(twoFactor.userId, shopper.id));
    expect(kept?.verified).toBe(true);
  });
});
