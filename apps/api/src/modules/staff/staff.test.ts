import { BUILT_IN_ROLES } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, session, staffRole, staffSettings, user } from '../../db/schema';
import { quickBuyers } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const shop = testShop({ staff: 'owner' });
const app = () => shop.app();
const owner = () => shop.staff();

async function give(userId: string, role: string) {
  const response = await send(app(), 'PUT', `/api/users/update/${userId}`, owner().cookie, { roles: [role] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<[{ roles: string[]; permissions: string[] }]>()[0];
}

/** An account given `role`, its session stepped up (as if it had just confirmed its password). */
async function member(role: string) {
  const [account] = await quickBuyers(app(), 1, role.slice(0, 6));
  if (!account) throw new Error('no account');
  await give(account.id, role);
  await app().db.update(session).set({ steppedUpAt: new Date() }).where(eq(session.userId, account.id));
  return account;
}

async function auditKinds(subjectId: string) {
  const rows = await app().db.select().from(auditEvent).where(eq(auditEvent.subjectId, subjectId));
  return rows.map((row) => row.kind);
}

describe('staff roles', () => {
  it('makes a role from the permissions, lists it with its members, and records it', async () => {
    const made = await send(app(), 'POST', '/api/staff/roles', owner().cookie, {
      name: 'packers',
      permissions: ['orders.read', 'fulfilment.ship'],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({
      name: 'packers',
      permissions: ['orders.read', 'fulfilment.ship'],
      builtIn: false,
      members: 0,
    });
    const [row] = await app().db.select().from(staffRole).where(eq(staffRole.name, 'packers'));
    expect(row?.permissions).toEqual(['orders.read', 'fulfilment.ship']);
    expect(await auditKinds('packers')).toEqual(['staff.role-create']);

    const listed = await send(app(), 'GET', '/api/staff/roles', owner().cookie);
    const roles = listed.json<{ roles: { name: string; builtIn: boolean; permissions: string[] }[] }>().roles;
    expect(roles.map((role) => role.name)).toEqual([...Object.keys(BUILT_IN_ROLES), 'packers']);
    expect(roles.find((role) => role.name === 'manager')?.permissions).not.toContain('users.roles');
  });

  it('refuses a taken, built-in or malformed name and an unknown permission, changing nothing', async () => {
    const cases = [
      [{ name: 'admin', permissions: ['orders.read'] }, 409, 'name'],
      [{ name: 'user', permissions: ['orders.read'] }, 400, 'name'],
      [{ name: 'Bad Name', permissions: ['orders.read'] }, 400, 'name'],
      [{ name: 'nopes', permissions: ['orders.fly'] }, 400, 'permissions.0'],
      [{ name: 'nopes', permissions: [] }, 400, 'permissions'],
    ] as const;
    for (const [body, status, field] of cases) {
      const response = await send(app(), 'POST', '/api/staff/roles', owner().cookie, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(Object.keys(response.json<{ error: { fields: object } }>().error.fields ?? {})).toContain(field);
    }
    expect(await app().db.select().from(staffRole).where(eq(staffRole.name, 'nopes'))).toEqual([]);
    const again = await send(app(), 'POST', '/api/staff/roles', owner().cookie, {
      name: 'twice',
      permissions: ['orders.read'],
    });
    expect(again.statusCode).toBe(201);
    const taken = await send(app(), 'POST', '/api/staff/roles', owner().cookie, {
      name: 'twice',
      permissions: ['sales.read'],
    });
    expect(taken.statusCode, taken.body).toBe(409);
  });

  it("lets a member do what the role allows, refuses the rest naming the permission, and follows the role's changes at once", async () => {
    await send(app(), 'POST', '/api/staff/roles', owner().cookie, {
      name: 'readers',
      permissions: ['orders.read'],
    });
    const reader = await member('readers');
    const dashboard = await send(app(), 'GET', `/api/users/dashboard/${reader.id}`, reader.cookie);
    expect(dashboard.json<[{ roles: string[]; permissions: string[] }]>()[0]).toMatchObject({
      roles: ['readers'],
      permissions: ['orders.read'],
    });
    expect((await send(app(), 'GET', '/api/orders?limit=1', reader.cookie)).statusCode).toBe(200);
    const refused = await send(app(), 'GET', '/api/admin/sales?days=30', reader.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', fields: { permission: 'sales.read' } },
    });

    const changed = await send(app(), 'PUT', '/api/staff/roles/readers', owner().cookie, {
      permissions: ['sales.read'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await send(app(), 'GET', '/api/admin/sales?days=30', reader.cookie)).statusCode).toBe(200);
    expect(
      (await send(app(), 'GET', `/api/orders?_id=${owner().id}&limit=1`, reader.cookie)).statusCode,
    ).toBe(403);
    expect(await auditKinds('readers')).toEqual(['staff.role-create', 'staff.role-update']);
  });

  it('keeps built-in roles as they are, and deletes only a role nobody holds', async () => {
    const builtIn = await send(app(), 'PUT', '/api/staff/roles/support', owner().cookie, {
      permissions: ['orders.read'],
    });
    expect(builtIn.statusCode).toBe(409);
    expect((await send(app(), 'DELETE', '/api/staff/roles/admin', owner().cookie)).statusCode).toBe(409);

    await send(app(), 'POST', '/api/staff/roles', owner().cookie, {
      name: 'leavers',
      permissions: ['audit.read'],
    });
    const holder = await member('leavers');
    const held = await send(app(), 'DELETE', '/api/staff/roles/leavers', owner().cookie);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json<{ error: { message: string } }>().error.message).toContain('1 account holds');
    await give(holder.id, 'user');
    const gone = await send(app(), 'DELETE', '/api/staff/roles/leavers', owner().cookie);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await app().db.select().from(staffRole).where(eq(staffRole.name, 'leavers'))).toEqual([]);
    expect((await send(app(), 'DELETE', '/api/staff/roles/leavers', owner().cookie)).statusCode).toBe(404);
  });

  it('gives only a role that exists, and never takes the last admin', async () => {
    const [account] = await quickBuyers(app(), 1, 'norole');
    const unknown = await send(app(), 'PUT', `/api/users/update/${account?.id}`, owner().cookie, {
      roles: ['astronaut'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { fields: { roles: 'astronaut is not a role' } } });
    const [row] = await app()
      .db.select()
      .from(user)
      .where(eq(user.id, account?.id ?? ''));
    expect(row?.role).toBe('user');

    const own = await send(app(), 'PUT', `/api/users/update/${owner().id}`, owner().cookie, {
      roles: ['manager'],
    });
    expect(own.statusCode).toBe(409);
  });

  it('needs users.roles to change a role: a manager may not, and is told which permission', async () => {
    const manager = await member('manager');
    const [account] = await quickBuyers(app(), 1, 'target');
    const refused = await send(app(), 'PUT', `/api/users/update/${account?.id}`, manager.cookie, {
      roles: ['admin'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { fields: { permission: 'users.roles' } } });
    const [row] = await app()
      .db.select()
      .from(user)
      .where(eq(user.id, account?.id ?? ''));
    expect(row?.role).toBe('user');
    expect((await send(app(), 'GET', '/api/staff/roles', manager.cookie)).statusCode).toBe(403);
  });
});

describe('staff settings', () => {
  it('requires a second factor only of staff roles, and records the change', async () => {
    const wrong = await send(app(), 'PUT', '/api/staff/settings', owner().cookie, {
      requireTwoFactor: ['user'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { fields: { requireTwoFactor: 'user is not a staff role' } },
    });
    const saved = await send(app(), 'PUT', '/api/staff/settings', owner().cookie, {
      requireTwoFactor: ['admin', 'manager'],
      graceDays: 7,
      creditGrantLimit: 50,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      requireTwoFactor: ['admin', 'manager'],
      graceDays: 7,
      creditGrantLimit: 50,
    });
    const [row] = await app().db.select().from(staffSettings);
    expect(row).toMatchObject({ graceDays: 7, creditGrantLimitCents: 5000 });
    expect(await auditKinds('settings')).toContain('staff.settings');
    const invalid = await send(app(), 'PUT', '/api/staff/settings', owner().cookie, { graceDays: 400 });
    expect(invalid.statusCode).toBe(400);
    expect((await send(app(), 'GET', '/api/staff/settings', owner().cookie)).json()).toMatchObject({
      graceDays: 7,
    });
  });

  it("caps one grant of store credit for support at the owner's limit, not for an admin", async () => {
    await send(app(), 'PUT', '/api/staff/settings', owner().cookie, { creditGrantLimit: 25 });
    const support = await member('support');
    const [customer] = await quickBuyers(app(), 1, 'credit');
    const path = `/api/users/${customer?.id}/credit`;
    const over = await send(app(), 'POST', path, support.cookie, { amount: 30, reason: 'Late parcel' });
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json()).toMatchObject({ error: { fields: { amount: expect.stringContaining('25.00') } } });
    expect(
      (await send(app(), 'POST', path, support.cookie, { amount: 20, reason: 'Late parcel' })).statusCode,
    ).toBe(201);
    expect(
      (await send(app(), 'POST', path, owner().cookie, { amount: 100, reason: 'Goodwill' })).statusCode,
    ).toBe(201);
  });
});
