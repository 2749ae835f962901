import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { seedAccounts } from '../../db/seed/accounts';
import { seedDatabase } from '../../db/seed/seed';
import { mailedLink, ORIGIN, signIn, signUp, visit } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
const app = () => testApp.app;
let adminCookie: string;
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
  testApp = await createTestApp();
  await seedDatabase(app().db, app().config, { pictures: false });
  await seedAccounts(app().auth, app().config.accounts);
  adminCookie = await signIn(app(), 'admin@sneakershop.test', 'Admin#2023shop');
  const list = await get('/api/products?limit=3');
  productIds = list.json<{ products: { _id: string }[] }>().products.map((p) => p._id);
});

afterAll(async () => {
  await testApp?.close();
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
        phone: '',
        address: '',
        city: '',
        state: '',
        country: '',
        image: '',
        status: true,
        roles: ['user'],
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
    expect((await get(`/api/users/dashboard/${owner.id}`, adminCookie)).json()[0].email).toBe(owner.email);
    expect((await get('/api/users/dashboard/not-a-uuid', adminCookie)).statusCode).toBe(400);
    expect(
      (await get('/api/users/dashboard/00000000-0000-4000-8000-000000000000', adminCookie)).statusCode,
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
