import { PROFILE_FORMAT_MESSAGES } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { mailedLink, ORIGIN, signUp, visit } from '../../test/accounts';
import { expectRefused, outsiders } from '../../test/outsiders';
import { testShop } from '../../test/test-shop';

const { app, adminCookie } = testShop({ catalogue: true, accounts: true });
let productIds: string[];

function put(url: string, payload: object, cookie?: string) {
  return app().inject({
    method: 'PUT',
    url,
    payload,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}
function get(url: string, cookie?: string) {
  return app().inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function verifiedUser() {
  const account = await signUp(app());
  await visit(app(), await mailedLink(app(), account.email, '/api/auth/verify-email'), account.cookie);
  return account;
}

beforeAll(async () => {
  const list = await get('/api/products?limit=3');
  productIds = list.json<{ products: { _id: string }[] }>().products.map((p) => p._id);
});

describe('GET /api/users/dashboard/:id', () => {
  it('answers the own dashboard in the spec shape', async () => {
    const account = await signUp(app());
    const response = await get(`/api/users/dashboard/${account.id}`, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        _id: account.id,
        username: account.username,
        email: account.email,
        emailVerified: false,
        fullName: '',
        phone: '',
        address: '',
        city: '',
        state: '',
        postalCode: '',
        country: '',
        image: '',
        priceDropEmails: true,
        marketing: { state: 'not_asked', basis: null, source: null, updatedAt: null },
        sizeSystem: 'US',
        mySizes: { brands: {} },
        credit: 0,
        status: true,
        roles: ['user'],
        permissions: [],
        twoFactorDue: null,
        favourites: [],
        productsFavourites: [],
        reviews: [],
      },
    ]);
  });

  it("refuses another user's dashboard, lets an admin see it, and needs a session", async () => {
    const owner = await signUp(app());
    const other = await signUp(app());
    expect((await get(`/api/users/dashboard/${owner.id}`, other.cookie)).statusCode).toBe(403);
    expect((await get(`/api/users/dashboard/${owner.id}`)).statusCode).toBe(401);
    expect((await get(`/api/users/dashboard/${owner.id}`, adminCookie())).json()[0].email).toBe(owner.email);
    expect((await get('/api/users/dashboard/not-a-uuid', adminCookie())).statusCode).toBe(400);
    expect(
      (await get('/api/users/dashboard/00000000-0000-4000-8000-000000000000', adminCookie())).statusCode,
    ).toBe(404);
  });
});

describe('favourites', () => {
  it('refuses an unverified user with EMAIL_NOT_VERIFIED and changes nothing', async () => {
    const account = await signUp(app());
    const response = await put(
      `/api/users/addFavorite/${account.id}`,
      { favorite: productIds[0] },
      account.cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'This user isnt verified yet',
    });
    expect((await get(`/api/users/dashboard/${account.id}`, account.cookie)).json()[0].favourites).toEqual(
      [],
    );
  });

  it('adds and removes favourites for a verified user', async () => {
    const account = await verifiedUser();
    const [first, second] = productIds;
    await put(`/api/users/addFavorite/${account.id}`, { favorite: first }, account.cookie);
    const added = await put(`/api/users/addFavorite/${account.id}`, { favorite: second }, account.cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json()[0].favourites).toEqual([first, second]);
    expect(added.json()[0].productsFavourites.map((p: { _id: string }) => p._id)).toEqual([first, second]);
    const twice = await put(`/api/users/addFavorite/${account.id}`, { favorite: first }, account.cookie);
    expect(twice.json()[0].favourites).toEqual([first, second]);
    const removed = await put(`/api/users/deleteFavorite/${account.id}`, { favorite: first }, account.cookie);
    expect(removed.json()[0].favourites).toEqual([second]);
  });

  it("refuses to touch another user's favourites, an unknown product and a malformed id", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    expect(
      (await put(`/api/users/addFavorite/${owner.id}`, { favorite: productIds[0] }, other.cookie)).statusCode,
    ).toBe(403);
    const unknown = await put(
      `/api/users/addFavorite/${owner.id}`,
      { favorite: '00000000-0000-4000-8000-000000000000' },
      owner.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await put(`/api/users/addFavorite/${owner.id}`, { favorite: 'abc' }, owner.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ favorite: 'must be a product id' });
    expect((await get(`/api/users/dashboard/${owner.id}`, owner.cookie)).json()[0].favourites).toEqual([]);
  });
});

describe('PUT /api/users/update/:id', () => {
  it('updates the profile fields', async () => {
    const account = await signUp(app());
    const response = await put(
      `/api/users/update/${account.id}`,
      {
        phone: '+54 11 5555-1234',
        address: 'Av. Corrientes 1234',
        city: 'Buenos Aires',
        state: 'CABA',
        country: 'Argentina',
      },
      account.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]).toMatchObject({
      phone: '+541155551234',
      address: 'Av. Corrientes 1234',
      city: 'Buenos Aires',
      state: 'CABA',
      country: 'Argentina',
    });
  });

  it('refuses role, status and e-mail, and changes nothing', async () => {
    const account = await signUp(app());
    for (const payload of [
      { role: 'admin' },
      { roles: ['admin'] },
      { status: false },
      { banned: true },
      { email: 'x@y.zz' },
    ]) {
      const response = await put(
        `/api/users/update/${account.id}`,
        { city: 'Rosario', ...payload },
        account.cookie,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await app().db.select().from(user).where(eq(user.id, account.id));
    expect(row).toMatchObject({ role: 'user', banned: false, email: account.email, city: '' });
  });

  it('names each bad field', async () => {
    const account = await signUp(app());
    const response = await put(
      `/api/users/update/${account.id}`,
      { phone: '12ab', city: 'City<script>', image: 'https://elsewhere.example/x.png', username: 'no' },
      account.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['city', 'image', 'phone', 'username']);
  });

  it("refuses another user's profile and a taken username", async () => {
    const owner = await signUp(app());
    const other = await signUp(app());
    expect((await put(`/api/users/update/${owner.id}`, { city: 'Lima' }, other.cookie)).statusCode).toBe(403);
    const taken = await put(`/api/users/update/${owner.id}`, { username: other.username }, owner.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('USERNAME_TAKEN');
  });
});

describe('the profile rules (the user-profile variant, with its Necesita texts)', () => {
  const M = PROFILE_FORMAT_MESSAGES;
  it.each([
    [{ username: 'abc' }, 'username', M.username],
    [{ username: 'two words' }, 'username', M.username],
    [{ username: 'x'.repeat(17) }, 'username', M.username],
    [{ phone: '123456' }, 'phone', M.phone],
    [{ phone: '123456789012345' }, 'phone', M.phone],
    [{ phone: '12ab5678' }, 'phone', M.phone],
    [{ phone: '++12345678' }, 'phone', M.phone],
    [{ address: '' }, 'address', M.address],
    [{ address: 'Main Street #5' }, 'address', M.address],
    [{ address: 'Main Street 5/B' }, 'address', M.address],
    [{ address: 'x'.repeat(41) }, 'address', M.address],
    [{ city: '' }, 'city', M.city],
    [{ city: 'Lyon 3' }, 'city', M.city],
    [{ city: 'x'.repeat(41) }, 'city', M.city],
    [{ state: 'Ile<de>France' }, 'state', M.state],
    [{ country: 'France!' }, 'country', M.country],
    [{ image: 'https://elsewhere.example/x.png' }, 'image', M.image],
    [{ image: '/uploads/avatars/../x.webp' }, 'image', M.image],
    [{ city: 42 }, 'city', expect.any(String)],
    [{ roles: ['admin'] }, 'roles', 'cannot be set here'],
    [{ status: false }, 'status', 'cannot be set here'],
    [{ email: 'new@example.com' }, 'email', 'cannot be set here'],
    [{ other: 'anything' }, 'other', 'cannot be set here'],
  ])('refuses %j naming the field, and changes nothing', async (payload, field, message) => {
    const account = await signUp(app());
    const response = await put(
      `/api/users/update/${account.id}`,
      { country: 'Peru', ...payload },
      account.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.fields).toEqual({ [field]: message });
    const [row] = await app().db.select().from(user).where(eq(user.id, account.id));
    expect(row).toMatchObject({ country: '', role: 'user', banned: false, email: account.email });
  });

  it.each([
    [{ phone: '+54 (11) 5555-1234' }, { phone: '+541155551234' }],
    [{ phone: '1234567' }, { phone: '1234567' }],
    [{ address: 'Av. Corrientes 1234, piso_2-B' }, { address: 'Av. Corrientes 1234, piso_2-B' }],
    [{ address: 'x'.repeat(40) }, { address: 'x'.repeat(40) }],
    [{ city: "  St. John's  " }, { city: "St. John's" }],
    [{ state: 'Île-de-France' }, { state: 'Île-de-France' }],
    [{ country: 'x'.repeat(40) }, { country: 'x'.repeat(40) }],
    [{ username: 'New_Name-1' }, { username: 'New_Name-1' }],
    [{ image: '' }, { image: '' }],
  ])('accepts %j', async (payload, stored) => {
    const account = await signUp(app());
    const response = await put(`/api/users/update/${account.id}`, payload, account.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]).toMatchObject(stored);
  });

  it('lets an admin change a profile (role and status: users-admin.test.ts)', async () => {
    const account = await signUp(app());
    const changed = await put(`/api/users/update/${account.id}`, { city: 'Quito' }, adminCookie());
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0]).toMatchObject({ city: 'Quito', roles: ['user'], status: true });
    expect((await put(`/api/users/update/${account.id}`, { role: 'admin' }, adminCookie())).statusCode).toBe(
      400,
    );
  });
});

describe("the recipient's name and the postal code, checked against the country", () => {
  it.each([
    ['United States', '12345', '12345'],
    ['US', '12345-6789', '12345-6789'],
    ['United Kingdom', 'sw1a 1aa', 'SW1A 1AA'],
    ['UK', 'EC1A1BB', 'EC1A1BB'],
    ['Germany', '10115', '10115'],
    ['France', '75001', '75001'],
    ['Netherlands', '1012 ab', '1012 AB'],
    ['Canada', 'K1A 0B1', 'K1A 0B1'],
    ['Argentina', 'C1043AAB', 'C1043AAB'],
    ['Kenya', '00100', '00100'],
    ['Peru', 'LIMA 01', 'LIMA 01'],
  ])('accepts a postal code of %s: %s', async (country, postalCode, stored) => {
    const account = await signUp(app());
    const url = `/api/users/update/${account.id}`;
    const response = await put(url, { country, postalCode, fullName: ' Ana  María Gómez ' }, account.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]).toMatchObject({ country, postalCode: stored, fullName: 'Ana María Gómez' });
  });

  it.each([
    ['United States', '1234', 'must be a postal code such as 12345 or 12345-6789'],
    ['USA', '12345-67', 'must be a postal code such as 12345 or 12345-6789'],
    ['United Kingdom', '12345', 'must be a postal code such as SW1A 1AA'],
    ['Germany', '1011', 'must be a postal code such as 10115'],
    ['DE', '101155', 'must be a postal code such as 10115'],
    ['France', '7500', 'must be a postal code such as 75001'],
    ['Netherlands', '1012', 'must be a postal code such as 1012 AB'],
    ['Canada', '12345', 'must be a postal code such as K1A 0B1'],
    ['Peru', '--', 'must be 2 to 10 letters and digits (spaces or dashes between them)'],
    ['Peru', 'AB#1', PROFILE_FORMAT_MESSAGES.postalCode],
    ['Peru', 'x', PROFILE_FORMAT_MESSAGES.postalCode],
    ['Peru', '1 - 2', 'must be 2 to 10 letters and digits (spaces or dashes between them)'],
  ])(
    'refuses a postal code of %s: %s, naming the field, and changes nothing',
    async (country, postalCode, reason) => {
      const account = await signUp(app());
      const response = await put(`/api/users/update/${account.id}`, { country, postalCode }, account.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { postalCode: reason },
      });
      const [row] = await app().db.select().from(user).where(eq(user.id, account.id));
      expect(row).toMatchObject({ country: '', postalCode: '' });
    },
  );

  it("checks a postal code sent alone against the profile's country, and a new country against the stored code", async () => {
    const account = await signUp(app());
    const url = `/api/users/update/${account.id}`;
    expect((await put(url, { country: 'Germany', postalCode: '10115' }, account.cookie)).statusCode).toBe(
      200,
    );
    const alone = await put(url, { postalCode: '1234' }, account.cookie);
    expect(alone.json().error.fields).toEqual({ postalCode: 'must be a postal code such as 10115' });
    const moved = await put(url, { country: 'United Kingdom' }, account.cookie);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ postalCode: 'must be a postal code such as SW1A 1AA' });
    const both = await put(url, { country: 'United Kingdom', postalCode: 'SW1A 1AA' }, account.cookie);
    expect(both.statusCode, both.body).toBe(200);
  });

  it('refuses a full name with digits or markup', async () => {
    const account = await signUp(app());
    for (const fullName of ['', 'Ana 2', '<b>Ana</b>', 'x'.repeat(61)]) {
      const response = await put(`/api/users/update/${account.id}`, { fullName }, account.cookie);
      expect(response.json().error.fields, fullName).toEqual({ fullName: PROFILE_FORMAT_MESSAGES.fullName });
    }
  });
});

describe("an admin's own profile (decision 26: one username rule for every account)", () => {
  const adminRow = async () => {
    const [row] = await app().db.select().from(user).where(eq(user.email, 'admin@sneakershop.test'));
    if (!row) throw new Error('the seeded admin is missing');
    return row;
  };

  it('refuses a username outside the sign-up rule, naming it, and changes nothing', async () => {
    const admin = await adminRow();
    for (const username of ['Ana Lopez', 'Ana', 'x'.repeat(17), 'ana.lopez']) {
      const response = await put(`/api/users/update/${admin.id}`, { username, city: 'Lima' }, adminCookie());
      expect(response.statusCode, username).toBe(400);
      expect(response.json().error.fields).toEqual({ username: PROFILE_FORMAT_MESSAGES.username });
    }
    expect(await adminRow()).toMatchObject({ username: admin.username, city: admin.city, role: 'admin' });
  });

  it('saves its existing username back, and takes a new one under the same rule', async () => {
    const admin = await adminRow();
    const same = await put(
      `/api/users/update/${admin.id}`,
      { username: admin.displayUsername ?? admin.username, city: 'Lima' },
      adminCookie(),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()[0]).toMatchObject({ username: admin.displayUsername, city: 'Lima', roles: ['admin'] });

    const renamed = await put(`/api/users/update/${admin.id}`, { username: 'Ana_Lopez-1' }, adminCookie());
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await adminRow()).toMatchObject({ username: 'ana_lopez-1', displayUsername: 'Ana_Lopez-1' });
    const back = await put(
      `/api/users/update/${admin.id}`,
      { username: admin.displayUsername },
      adminCookie(),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await adminRow()).toMatchObject({
      username: admin.username,
      displayUsername: admin.displayUsername,
    });
  });
});

describe('a shopper cannot make themselves an admin or lift a suspension', () => {
  it("refuses Better Auth's own user and admin endpoints, and the role stays", async () => {
    const account = await signUp(app());
    for (const [url, payload] of [
      ['/api/auth/update-user', { role: 'admin', banned: false, name: 'x' }],
      ['/api/auth/admin/set-role', { userId: account.id, role: 'admin' }],
      ['/api/auth/admin/unban-user', { userId: account.id }],
    ] as const) {
      const response = await app().inject({
        method: 'POST',
        url,
        payload,
        headers: { origin: ORIGIN, cookie: account.cookie },
      });
      expect(response.statusCode, url).toBe(404);
    }
    const [row] = await app().db.select().from(user).where(eq(user.id, account.id));
    expect(row).toMatchObject({ role: 'user', banned: false });
  });
});

describe('favourites are idempotent', () => {
  it('adds a favourite once however often it is asked; removing a non-favourite changes nothing, an unknown product is 404', async () => {
    const account = await verifiedUser();
    const [first, second] = productIds;
    const removedNothing = await put(
      `/api/users/deleteFavorite/${account.id}`,
      { favorite: first },
      account.cookie,
    );
    expect(removedNothing.statusCode).toBe(200);
    expect(removedNothing.json()[0].favourites).toEqual([]);
    const twice = await Promise.all([
      put(`/api/users/addFavorite/${account.id}`, { favorite: second }, account.cookie),
      put(`/api/users/addFavorite/${account.id}`, { favorite: second }, account.cookie),
    ]);
    for (const response of twice) expect(response.statusCode).toBe(200);
    expect((await get(`/api/users/dashboard/${account.id}`, account.cookie)).json()[0].favourites).toEqual([
      second,
    ]);
    const unknown = await put(
      `/api/users/deleteFavorite/${account.id}`,
      { favorite: '00000000-0000-4000-8000-000000000000' },
      account.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/api/users/dashboard/${account.id}`, account.cookie)).json()[0].favourites).toEqual([
      second,
    ]);
  });
});

describe('every /api/users/*/:id path refuses strangers', () => {
  it('reads and changes nothing of a shopper for a guest, an unverified, a suspended or another user', async () => {
    const shopper = await verifiedUser();
    await put(`/api/users/addFavorite/${shopper.id}`, { favorite: productIds[0] }, shopper.cookie);
    const before = (await get(`/api/users/dashboard/${shopper.id}`, shopper.cookie)).json();
    for (const stranger of await outsiders(app())) {
      const calls = [
        get(`/api/users/dashboard/${shopper.id}`, stranger.cookie),
        get(`/api/users/bought/${shopper.id}`, stranger.cookie),
        put(`/api/users/update/${shopper.id}`, { city: 'Elsewhere' }, stranger.cookie),
        put(`/api/users/addFavorite/${shopper.id}`, { favorite: productIds[1] }, stranger.cookie),
        put(`/api/users/deleteFavorite/${shopper.id}`, { favorite: productIds[0] }, stranger.cookie),
      ];
      for (const response of await Promise.all(calls)) expectRefused(stranger, response);
    }
    expect((await get(`/api/users/dashboard/${shopper.id}`, shopper.cookie)).json()).toEqual(before);
  });
});
