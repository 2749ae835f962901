import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { favorite, order, review, user } from '../../db/schema';
import { post, session, signIn, signUp } from '../../test/accounts';
import { quickBuyers, stockedProducts } from '../../test/buyers';
import { expectRefused, outsiders } from '../../test/outsiders';
import { buy, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { deleteAccount } from '../account/account.service';

const { app, adminCookie } = testShop({ accounts: true });
let adminId: string;

const orderSearch = (value: object) => `orderSearch=${encodeURIComponent(JSON.stringify(value))}`;
const listUsers = (query: string, ...as: [string?]) =>
  send(app(), 'GET', `/api/users?${query}`, as.length > 0 ? as[0] : adminCookie());
const update = (id: string, payload: object, ...as: [string?]) =>
  send(app(), 'PUT', `/api/users/update/${id}`, as.length > 0 ? as[0] : adminCookie(), payload);
const userRow = async (id: string) => (await app().db.select().from(user).where(eq(user.id, id)))[0];

beforeAll(async () => {
  adminId = (await session(app(), adminCookie()))?.user.id as string;
});

describe('who may manage users', () => {
  it('refuses a guest (401) and anyone but an admin (403) on every admin user route', async () => {
    const target = await signUp(app());
    const shopper = await verifiedBuyer(app());
    const callers = [...(await outsiders(app())), { name: 'other' as const, cookie: shopper.cookie }];
    for (const caller of callers) {
      expectRefused(caller, await listUsers('', caller.cookie));
      expectRefused(caller, await send(app(), 'DELETE', `/api/users/${target.id}`, caller.cookie));
      expectRefused(
        caller,
        await send(app(), 'PUT', '/api/user-deleted', caller.cookie, { email: target.email }),
      );
      expectRefused(caller, await update(target.id, { status: false }, caller.cookie));
    }
    expect(await userRow(target.id)).toMatchObject({ banned: false, role: 'user', email: target.email });
  });

  it.each([
    [{ roles: ['admin'] }, 'roles'],
    [{ status: false }, 'status'],
    [{ status: true, city: 'Lima' }, 'status'],
  ])('refuses %j from a shopper, even on their own account, naming the field', async (payload, field) => {
    const shopper = await verifiedBuyer(app());
    const response = await update(shopper.id, payload, shopper.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ [field]: 'cannot be set here' });
    expect(await userRow(shopper.id)).toMatchObject({ role: 'user', banned: false, city: '' });
  });
});

describe('GET /api/users', () => {
  let tag: string;
  beforeAll(async () => {
    await quickBuyers(app(), 5, 'Zebra');
    tag = (await listUsers(orderSearch({ search: 'zebra0' }))).json()[0].username.slice('Zebra0'.length);
  });

  it('answers the slim user shape, newest first by default', async () => {
    const response = await listUsers('');
    expect(response.statusCode, response.body).toBe(200);
    const users = response.json();
    expect(Object.keys(users[0]).sort()).toEqual(
      ['_id', 'createdAt', 'email', 'emailVerified', 'image', 'roles', 'status', 'username'].sort(),
    );
    const dates = users.map((entry: { createdAt: string }) => entry.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('searches username or e-mail, in any case, as a plain substring', async () => {
    const byName = await listUsers(orderSearch({ search: `ZEBRA3${tag.toUpperCase()}` }));
    expect(byName.json().map((entry: { email: string }) => entry.email.toLowerCase())).toEqual([
      `zebra3.${tag}@example.com`,
    ]);
    const byEmail = await listUsers(orderSearch({ search: `.${tag}@EXAMPLE` }));
    expect(byEmail.json()).toHaveLength(5);
    expect((await listUsers(orderSearch({ search: '%' }))).json()).toEqual([]);
    expect((await listUsers(orderSearch({ search: 'o%u' }))).json()).toEqual([]);
    expect((await listUsers(orderSearch({ search: 'dem_user' }))).json()).toEqual([]);
    expect((await listUsers(orderSearch({ search: 'DEMO_' }))).json()[0].username).toBe('demo_user');
  });

  it('sorts by orderBy and pages without overlap', async () => {
    const search = `.${tag}@`;
    const names = (query: object, extra = '') =>
      listUsers(`${orderSearch({ search, ...query })}${extra}`).then((response) =>
        response.json().map((entry: { username: string }) => entry.username.slice(0, 6).toLowerCase()),
      );
    expect(await names({ orderBy: { username: 1 } })).toEqual([
      'zebra0',
      'zebra1',
      'zebra2',
      'zebra3',
      'zebra4',
    ]);
    expect(await names({ orderBy: { username: -1 } })).toEqual([
      'zebra4',
      'zebra3',
      'zebra2',
      'zebra1',
      'zebra0',
    ]);
    const first = await names({ orderBy: { email: 1 } }, '&limit=2&page=1');
    const second = await names({ orderBy: { email: 1 } }, '&limit=2&page=2');
    const third = await names({ orderBy: { email: 1 } }, '&limit=2&page=3');
    expect([...first, ...second, ...third]).toEqual(['zebra0', 'zebra1', 'zebra2', 'zebra3', 'zebra4']);
  });

  it.each([
    ['orderSearch=not-json', 'orderSearch'],
    [orderSearch({ orderBy: { password: 1 } }), 'orderSearch'],
    [orderSearch({ orderBy: { username: 2 } }), 'orderSearch'],
    [orderSearch({ search: 'x'.repeat(101) }), 'orderSearch'],
    ['limit=101', 'limit'],
    ['page=0', 'page'],
  ])('refuses %s naming the field', async (query, field) => {
    const response = await listUsers(query);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });
});

describe('PUT /api/users/update/:id from an admin', () => {
  it('suspends (sessions end, no sign-in) and reactivates', async () => {
    const shopper = await verifiedBuyer(app());
    const suspended = await update(shopper.id, { status: false });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()[0]).toMatchObject({ _id: shopper.id, status: false });
    expect((await send(app(), 'GET', `/api/users/dashboard/${shopper.id}`, shopper.cookie)).statusCode).toBe(
      401,
    );
    const refused = await post(app(), '/api/auth/sign-in/email', {
      email: shopper.email,
      password: shopper.password,
    });
    expect(refused.statusCode).toBe(403);

    const back = await update(shopper.id, { status: true });
    expect(back.json()[0]).toMatchObject({ status: true });
    const cookie = await signIn(app(), shopper.email, shopper.password);
    expect((await send(app(), 'GET', `/api/users/dashboard/${shopper.id}`, cookie)).statusCode).toBe(200);
  });

  it('promotes a user, whose session then reports the admin role, and demotes them', async () => {
    const shopper = await verifiedBuyer(app());
    const promoted = await update(shopper.id, { roles: ['admin'] });
    expect(promoted.json()[0].roles).toEqual(['admin']);
    expect((await session(app(), shopper.cookie))?.user.role).toBe('admin');
    expect((await listUsers('', shopper.cookie)).statusCode).toBe(200);

    expect((await update(shopper.id, { roles: ['user'] })).json()[0].roles).toEqual(['user']);
    expect((await session(app(), shopper.cookie))?.user.role).toBe('user');
    expect((await listUsers('', shopper.cookie)).statusCode).toBe(403);
  });

  it('changes profile fields and the switches together, or nothing', async () => {
    const shopper = await verifiedBuyer(app());
    const other = await signUp(app());
    const taken = await update(shopper.id, { status: false, username: other.username });
    expect(taken.statusCode).toBe(409);
    expect(await userRow(shopper.id)).toMatchObject({ banned: false });
    const both = await update(shopper.id, { city: 'Quito', roles: ['admin'] });
    expect(both.json()[0]).toMatchObject({ city: 'Quito', roles: ['admin'] });
    await update(shopper.id, { roles: ['user'] });
  });

  it.each([[{ roles: ['boss'] }], [{ roles: ['admin', 'user'] }], [{ status: 'no' }]])(
    'refuses %j naming the field',
    async (payload) => {
      const shopper = await signUp(app());
      const response = await update(shopper.id, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)[0]).toMatch(new RegExp(`^${Object.keys(payload)[0]}`));
    },
  );

  it('refuses an admin demoting or suspending themself (409), and changes nothing', async () => {
    for (const payload of [{ roles: ['user'] }, { status: false }]) {
      const response = await update(adminId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().error.message).toMatch(/your own account/);
    }
    const suspend = await send(app(), 'PUT', '/api/user-suspended', adminCookie(), {
      email: app().config.accounts.admin.email,
    });
    expect(suspend.statusCode).toBe(409);
    expect(await userRow(adminId)).toMatchObject({ role: 'admin', banned: false });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await update('00000000-0000-4000-8000-000000000000', { status: true })).statusCode).toBe(404);
  });
});

describe('the shop keeps an admin', () => {
  it('never deletes the last active admin, whoever asks', async () => {
    await expect(deleteAccount(wireServices(app()).account, adminId)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await userRow(adminId)).toMatchObject({ role: 'admin', email: app().config.accounts.admin.email });
  });

  it('two admins demoting each other at once: one wins, one admin is left', async () => {
    const second = await verifiedBuyer(app());
    await update(second.id, { roles: ['admin'] });
    const [first, other] = await Promise.all([
      update(second.id, { roles: ['user'] }),
      update(adminId, { roles: ['user'] }, second.cookie),
    ]);
    const statuses = [first.statusCode, other.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await app()
      .db.select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.banned, false)));
    expect(admins).toHaveLength(1);
    // Put the seeded admin back in charge if the second one won.
    if (first.statusCode !== 200) {
      expect((await update(adminId, { roles: ['admin'] }, second.cookie)).statusCode).toBe(200);
      expect((await update(second.id, { roles: ['user'] })).statusCode).toBe(200);
    }
  });

  it('refuses deleting a suspended admin who is not the last, and a suspended admin does not count', async () => {
    const second = await verifiedBuyer(app());
    await update(second.id, { roles: ['admin'] });
    await update(second.id, { status: false });
    // Only the seeded admin is active: the second one being suspended does not make it deletable.
    await expect(deleteAccount(wireServices(app()).account, adminId)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Deleting the suspended admin is fine: the active one stays.
    expect((await send(app(), 'DELETE', `/api/users/${second.id}`, adminCookie())).statusCode).toBe(200);
  });
});

describe('deleting a user (admin)', () => {
  async function customer() {
    const shopper = await verifiedBuyer(app());
    const [productId = ''] = await stockedProducts(app(), [`Deleted Customer ${shopper.id.slice(0, 6)}`], 5);
    const orderId = await buy(app(), shopper.cookie, {
      id: productId,
      name: 'x',
      size: '9',
      price: 100,
      units: 5,
    });
    expect(
      (
        await send(app(), 'PUT', `/api/users/addFavorite/${shopper.id}`, shopper.cookie, {
          favorite: productId,
        })
      ).statusCode,
    ).toBe(200);
    const written = await send(app(), 'POST', '/api/reviews', shopper.cookie, {
      _idProduct: productId,
      _idUser: shopper.id,
      rating: 4,
      description: 'Comfortable enough.',
    });
    expect(written.statusCode, written.body).toBe(201);
    return { ...shopper, orderId };
  }

  async function expectGone(shopper: Awaited<ReturnType<typeof customer>>) {
    expect(await app().db.select().from(review).where(eq(review.userId, shopper.id))).toEqual([]);
    expect(await app().db.select().from(favorite).where(eq(favorite.userId, shopper.id))).toEqual([]);
    const [kept] = await app().db.select().from(order).where(eq(order.id, shopper.orderId));
    expect(kept).toMatchObject({ userId: shopper.id, state: 'aprobed' });
    const row = await userRow(shopper.id);
    expect(row?.email).not.toBe(shopper.email);
    expect(row).toMatchObject({ banned: true, phone: '' });
    const signIn = await post(app(), '/api/auth/sign-in/email', {
      email: shopper.email,
      password: shopper.password,
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
  }

  it('DELETE /api/users/:id removes reviews and favourites, keeps orders, answers the list', async () => {
    const shopper = await customer();
    const response = await send(
      app(),
      'DELETE',
      `/api/users/${shopper.id}?${orderSearch({ orderBy: { username: 1 }, search: shopper.username.slice(0, 8) })}`,
      adminCookie(),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([]);
    await expectGone(shopper);
    expect((await send(app(), 'DELETE', `/api/users/${shopper.id}`, adminCookie())).statusCode).toBe(404);
  });

  it('PUT /api/user-deleted does the same by e-mail', async () => {
    const shopper = await customer();
    const response = await send(app(), 'PUT', '/api/user-deleted', adminCookie(), { email: shopper.email });
    expect(response.statusCode, response.body).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    await expectGone(shopper);
    const again = await send(app(), 'PUT', '/api/user-deleted', adminCookie(), { email: shopper.email });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an admin deleting themself (409)', async () => {
    const byId = await send(app(), 'DELETE', `/api/users/${adminId}`, adminCookie());
    expect(byId.statusCode).toBe(409);
    const byEmail = await send(app(), 'PUT', '/api/user-deleted', adminCookie(), {
      email: app().config.accounts.admin.email,
    });
    expect(byEmail.statusCode).toBe(409);
    expect(await userRow(adminId)).toMatchObject({ role: 'admin', banned: false });
  });

  it('refuses a bad id or e-mail naming the field', async () => {
    const byId = await send(app(), 'DELETE', '/api/users/not-a-uuid', adminCookie());
    expect(byId.statusCode).toBe(400);
    expect(Object.keys(byId.json().error.fields)).toEqual(['id']);
    const byEmail = await send(app(), 'PUT', '/api/user-deleted', adminCookie(), { email: 'nope' });
    expect(byEmail.statusCode).toBe(400);
    expect(Object.keys(byEmail.json().error.fields)).toEqual(['email']);
  });

  it('leaves deleted accounts out of the list and cannot reactivate them', async () => {
    const shopper = await signUp(app());
    await send(app(), 'DELETE', `/api/users/${shopper.id}`, adminCookie());
    const listed = await listUsers(orderSearch({ search: 'erased-' }));
    expect(listed.json()).toEqual([]);
    expect((await update(shopper.id, { status: true })).statusCode).toBe(404);
  });
});
