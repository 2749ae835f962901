import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  account,
  favorite,
  knownDevice,
  passkey,
  review,
  session,
  stockAlert,
  twoFactor,
  user,
} from '../../db/schema';
import { post, signIn, signUp } from '../../test/accounts';
import { type Buyer, quickBuyers, stockedProducts } from '../../test/buyers';
import { expectRefused, outsiders } from '../../test/outsiders';
import { writeReview } from '../../test/reviews';
import { shipOrder } from '../../test/shipments';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, adminCookie } = testShop({ accounts: true });

const remove = (cookie?: string) => send(app(), 'DELETE', '/api/account', cookie);
const rowsOf = async (userId: string) => ({
  reviews: await app().db.select().from(review).where(eq(review.userId, userId)),
  favourites: await app().db.select().from(favorite).where(eq(favorite.userId, userId)),
  alerts: await app().db.select().from(stockAlert).where(eq(stockAlert.userId, userId)),
  sessions: await app().db.select().from(session).where(eq(session.userId, userId)),
  accounts: await app().db.select().from(account).where(eq(account.userId, userId)),
  secondFactors: [
    ...(await app().db.select().from(twoFactor).where(eq(twoFactor.userId, userId))),
    ...(await app().db.select().from(passkey).where(eq(passkey.userId, userId))),
  ],
  devices: await app().db.select().from(knownDevice).where(eq(knownDevice.userId, userId)),
});

describe('DELETE /api/account', () => {
  it('removes reviews, favourites, alerts and sign-ins, and keeps the orders without personal data', async () => {
    const [pickId = '', soldOutId = ''] = await stockedProducts(
      app(),
      ['Leaving Runner', 'Leaving Sold Out'],
      5,
    );
    const pick: Pick = { id: pickId, name: 'Leaving Runner', size: '9', price: 100, units: 5 };
    const [holder] = (await quickBuyers(app(), 1, 'holder')) as [Buyer];
    await send(app(), 'POST', '/api/checkouts', holder.cookie, {
      products: [{ id: soldOutId, size: '9', count: 5 }],
    });

    const leaver = await verifiedBuyer(app());
    const otherSession = await signIn(app(), leaver.email, leaver.password);
    const profile = await send(app(), 'PUT', `/api/users/update/${leaver.id}`, leaver.cookie, {
      fullName: 'Ada Leaver',
      phone: '5551234567',
      city: 'Lyon',
      country: 'France',
      postalCode: '69001',
      sizeSystem: 'EU',
      mySizes: { default: { system: 'EU', value: '44' }, brands: {} },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    // A second factor and a passkey, as the security plugins keep them, and the devices signed in from.
    await app().db.insert(twoFactor).values({ secret: 'secret', backupCodes: 'codes', userId: leaver.id });
    await app()
      .db.insert(passkey)
      .values({
        publicKey: 'key',
        userId: leaver.id,
        credentialID: `credential-${leaver.id}`,
        counter: 0,
        deviceType: 'singleDevice',
        backedUp: false,
      });
    await app()
      .db.insert(knownDevice)
      .values({ userId: leaver.id, device: 'Chrome on Linux' })
      .onConflictDoNothing();
    const orderId = await buy(app(), leaver.cookie, pick);
    await writeReview(app(), leaver, pick.id, { rating: 5, description: 'Loved them.' });
    await send(app(), 'PUT', `/api/users/addFavorite/${leaver.id}`, leaver.cookie, { favorite: pick.id });
    const alert = await send(app(), 'POST', '/api/stock-alerts', leaver.cookie, {
      productId: soldOutId,
      size: '9',
    });
    expect(alert.statusCode, alert.body).toBe(201);
    const rating = async () =>
      (await send(app(), 'GET', `/api/products/details/${pick.id}`)).json()[0].rating;
    expect(await rating()).toBe(5);

    // A paid order holds the erasure until it is delivered (erasure.test.ts): this one arrived.
    await shipOrder(app(), orderId, { deliveredAt: new Date() });
    const deleted = await remove(leaver.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ erased: true });

    expect(await rowsOf(leaver.id)).toEqual({
      reviews: [],
      favourites: [],
      alerts: [],
      sessions: [],
      accounts: [],
      secondFactors: [],
      devices: [],
    });
    expect(await rating()).toBe(0);
    for (const cookie of [leaver.cookie, otherSession]) {
      expect((await send(app(), 'GET', `/api/users/dashboard/${leaver.id}`, cookie)).statusCode).toBe(401);
    }
    const [row] = await app().db.select().from(user).where(eq(user.id, leaver.id));
    expect(row).toMatchObject({
      email: expect.stringMatching(/^erased-\d+@deleted\.invalid$/),
      username: expect.stringMatching(/^erased-\d+$/),
      name: expect.stringMatching(/^Erased customer #\d+$/),
      fullName: '',
      phone: '',
      city: '',
      country: '',
      postalCode: '',
      sizeSystem: 'US',
      mySizes: { brands: {} },
      image: null,
      banned: true,
    });
    expect(JSON.stringify(row)).not.toContain(leaver.username);

    // The shop's books keep the order, with nobody's personal data on it.
    const kept = await send(app(), 'GET', `/api/orders/${orderId}`, adminCookie());
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      state: 'aprobed',
      user: { _id: leaver.id, username: row?.username, email: row?.email, image: '' },
      products: [{ id: pick.id, count: 1 }],
    });

    // Nobody can sign in as the account again, and its e-mail is free.
    const signInAgain = await post(app(), '/api/auth/sign-in/email', {
      email: leaver.email,
      password: leaver.password,
    });
    expect(signInAgain.statusCode).toBe(401);
    const fresh = await signUp(app(), {
      username: 'comeback',
      email: leaver.email,
      password: 'Another#2024',
    });
    expect(fresh.id).not.toBe(leaver.id);
  });

  it('lets an unverified account go too', async () => {
    const unverified = await signUp(app());
    expect((await remove(unverified.cookie)).statusCode).toBe(200);
    const [row] = await app().db.select().from(user).where(eq(user.id, unverified.id));
    expect(row?.banned).toBe(true);
  });

  it('refuses a guest and a suspended account, and keeps an admin', async () => {
    for (const stranger of (await outsiders(app())).filter((each) =>
      ['guest', 'suspended'].includes(each.name),
    )) {
      expectRefused(stranger, await remove(stranger.cookie));
    }
    const left = await app().db.select().from(user).where(like(user.email, 'outsider%'));
    expect(left).toHaveLength(3);

    const refused = await remove(adminCookie());
    expect(refused.statusCode).toBe(409);
    expect((await send(app(), 'GET', '/api/orders', adminCookie())).statusCode).toBe(200);
  });
});
