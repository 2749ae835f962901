import type { Invitation, InvitationView, StaffList } from '@shop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, session, staffInvitation, user } from '../../db/schema';
import { mailedLink, signUp } from '../../test/accounts';
import { quickAccounts } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff } = testShop({ staff: 'team' });

async function invite(email: string, role = 'support') {
  const response = await send(app(), 'POST', '/api/staff/invitations', staff().cookie, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invitation>();
}

/** The token of the newest invitation link e-mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const link = await mailedLink(app(), email, '/invitation/');
  return link.pathname.split('/').pop() ?? '';
}

const roleOf = async (userId: string) =>
  (await app().db.select({ role: user.role }).from(user).where(eq(user.id, userId)))[0]?.role;
const invitationRow = async (id: string) =>
  (await app().db.select().from(staffInvitation).where(eq(staffInvitation.id, id)))[0];

describe('the staff list', () => {
  it('lists every account whose role is not a shopper’s, with its second factor and last sign-in', async () => {
    const [member, shopper] = await quickAccounts(app(), 2, 'teamlist');
    if (!member || !shopper) throw new Error('no accounts');
    await app().db.update(user).set({ role: 'fulfilment' }).where(eq(user.id, member.id));
    const [latest] = await app()
      .db.update(session)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(session.userId, member.id))
      .returning();

    const response = await send(app(), 'GET', '/api/staff', staff().cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { members } = response.json<StaffList>();
    expect(members.find((entry) => entry.id === member.id)).toEqual({
      id: member.id,
      username: member.username,
      email: member.email,
      role: 'fulfilment',
      twoFactor: false,
      lastSignInAt: latest?.createdAt.toISOString(),
    });
    expect(members.find((entry) => entry.id === staff().id)?.role).toBe('admin');
    expect(members.some((entry) => entry.id === shopper.id)).toBe(false);
    const staffCount = await app().db.select({ id: user.id }).from(user).where(sql`${user.role} <> 'user'`);
    expect(members).toHaveLength(staffCount.length);

    expect((await send(app(), 'GET', '/api/staff', member.cookie)).statusCode).toBe(403);
    expect((await send(app(), 'GET', '/api/staff')).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('e-mail a link; the invitee signs up with the address and accepts once, taking the role; audited', async () => {
    const email = `invitee${Date.now()}@example.com`;
    const sent = await invite(email, 'catalogue');
    const row = await invitationRow(sent.id);
    expect(row).toMatchObject({ email, role: 'catalogue', invitedBy: staff().id, acceptedAt: null });
    const hours = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(72, 3);
    const token = await invitationToken(email);
    expect(row?.tokenHash).not.toContain(token);

    const view = await send(app(), 'GET', `/api/invitations/${token}`);
    expect(view.json<InvitationView>()).toMatchObject({ email, role: 'catalogue', state: 'open' });

    const invitee = await signUp(app(), {
      username: `inv${Date.now() % 100000}`,
      email,
      password: 'Invited#2026',
    });
    const accepted = await send(app(), 'POST', `/api/invitations/${token}/accept`, invitee.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ role: 'catalogue' });
    expect(await roleOf(invitee.id)).toBe('catalogue');
    expect((await invitationRow(sent.id))?.acceptedBy).toBe(invitee.id);

    const twice = await send(app(), 'POST', `/api/invitations/${token}/accept`, invitee.cookie);
    expect(twice.statusCode).toBe(409);
    expect((await send(app(), 'GET', `/api/invitations/${token}`)).json<InvitationView>().state).toBe(
      'accepted',
    );

    const audit = await app()
      .db.select()
      .from(auditEvent)
      .where(sql`${auditEvent.kind} in ('staff.invite', 'staff.invitation-accept')
        and ${auditEvent.subjectId} in (${sent.id}, ${invitee.id})`);
    expect(audit.map((entry) => [entry.kind, entry.actorId]).sort()).toEqual(
      [
        ['staff.invitation-accept', invitee.id],
        ['staff.invite', staff().id],
      ].sort(),
    );
  });

  it('work only for the invited address, and not once 72 hours have passed', async () => {
    const email = `late${Date.now()}@example.com`;
    const sent = await invite(email);
    const token = await invitationToken(email);

    const [stranger] = await quickAccounts(app(), 1, 'teamstranger');
    const wrong = await send(app(), 'POST', `/api/invitations/${token}/accept`, stranger?.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(await roleOf(stranger?.id ?? '')).toBe('user');
    expect((await send(app(), 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);

    // The invitation was sent 72 hours and a second ago.
    await app()
      .db.update(staffInvitation)
      .set({
        createdAt: sql`now() - interval '72 hours 1 second'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(staffInvitation.id, sent.id));
    const invitee = await signUp(app(), {
      username: `lat${Date.now() % 100000}`,
      email,
      password: 'Invited#2026',
    });
    const late = await send(app(), 'POST', `/api/invitations/${token}/accept`, invitee.cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
    expect(await roleOf(invitee.id)).toBe('user');
    expect((await invitationRow(sent.id))?.acceptedAt).toBeNull();
    expect((await send(app(), 'GET', `/api/invitations/${token}`)).json<InvitationView>().state).toBe(
      'expired',
    );
  });

  it('refuse a role that is not a staff role, an address that is not one, and an address already staff', async () => {
    const before = await app().db.select({ id: staffInvitation.id }).from(staffInvitation);
    const role = await send(app(), 'POST', '/api/staff/invitations', staff().cookie, {
      email: 'someone@example.com',
      role: 'owner',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json()).toMatchObject({ error: { fields: { role: 'is not a staff role' } } });
    const email = await send(app(), 'POST', '/api/staff/invitations', staff().cookie, {
      email: 'not-an-address',
      role: 'support',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ error: { fields: { email: expect.any(String) } } });
    const [member] = await app().db.select().from(user).where(eq(user.id, staff().id));
    const already = await send(app(), 'POST', '/api/staff/invitations', staff().cookie, {
      email: member?.email,
      role: 'support',
    });
    expect(already.statusCode).toBe(409);
    expect(await app().db.select({ id: staffInvitation.id }).from(staffInvitation)).toHaveLength(
      before.length,
    );
    const unknown = await send(app(), 'GET', `/api/invitations/${'a'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    const [shopper] = await quickAccounts(app(), 1, 'teamshopper');
    const refused = await send(app(), 'POST', '/api/staff/invitations', shopper?.cookie, {
      email: 'x@example.com',
      role: 'admin',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await app()
        .db.select()
        .from(staffInvitation)
        .where(and(eq(staffInvitation.email, 'x@example.com'))),
    ).toHaveLength(0);
  });
});
