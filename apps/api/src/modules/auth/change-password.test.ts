import { AUTH_MESSAGES, PASSWORD_MESSAGE } from '@shop/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ORIGIN, post, sessionCookie, signIn, signUp } from '../../test/accounts';
import { quickBuyers } from '../../test/buyers';
import { expectRefused, outsiders } from '../../test/outsiders';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app } = testShop();

const change = (cookie: string | undefined, payload: object) =>
  post(app(), '/api/auth/change-password', payload, cookie);
const signedIn = async (cookie: string) =>
  (await send(app(), 'GET', '/api/stock-alerts', cookie)).statusCode === 200;

describe('POST /api/auth/change-password', () => {
  it('changes the password, keeps this browser signed in and ends every other session', async () => {
    const owner = await signUp(app());
    const elsewhere = await signIn(app(), owner.email, owner.password);
    const changed = await change(owner.cookie, {
      currentPassword: owner.password,
      newPassword: 'Fresh#2025pair',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = sessionCookie(changed);

    expect(await signedIn(renewed)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(owner.cookie)).toBe(false);
    const old = await post(app(), '/api/auth/sign-in/email', {
      email: owner.email,
      password: owner.password,
    });
    expect(old.statusCode).toBe(401);
    await signIn(app(), owner.email, 'Fresh#2025pair');
  });

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const owner = await signUp(app());
    const wrong = await change(owner.cookie, {
      currentPassword: 'Not#2024mine',
      newPassword: 'Fresh#2025pair',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: AUTH_MESSAGES.WRONG_PASSWORD,
      fields: { currentPassword: AUTH_MESSAGES.WRONG_PASSWORD },
    });
    expect(await signedIn(owner.cookie)).toBe(true);
    await signIn(app(), owner.email, owner.password);
  });

  it.each([
    [{ newPassword: 'Fresh#2025pair' }, 'currentPassword'],
    [{ currentPassword: '', newPassword: 'Fresh#2025pair' }, 'currentPassword'],
    [{ currentPassword: 'x'.repeat(129), newPassword: 'Fresh#2025pair' }, 'currentPassword'],
    [{ currentPassword: 'Sneakers#2024' }, 'newPassword'],
    [{ currentPassword: 'Sneakers#2024', newPassword: 'short#1' }, 'newPassword'],
    [{ currentPassword: 'Sneakers#2024', newPassword: 'nodigits#here' }, 'newPassword'],
    [{ currentPassword: 'Sneakers#2024', newPassword: 'NoSymbol2024' }, 'newPassword'],
    [{ currentPassword: 'Sneakers#2024', newPassword: `A#1${'x'.repeat(126)}` }, 'newPassword'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const owner = await signUp(app());
    const response = await change(owner.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
    if (field === 'newPassword' && 'newPassword' in payload) {
      expect(response.json().error.fields.newPassword).toBe(PASSWORD_MESSAGE);
    }
    await signIn(app(), owner.email, owner.password);
  });

  it('needs a session, and tells an account without a password (Google) what to do instead', async () => {
    for (const stranger of (await outsiders(app())).filter((each) =>
      ['guest', 'suspended'].includes(each.name),
    )) {
      expectRefused(
        stranger,
        await change(stranger.cookie, { currentPassword: 'a', newPassword: 'Fresh#2025pair' }),
      );
    }
    const [googleOnly] = await quickBuyers(app(), 1, 'google');
    const refused = await change(googleOnly?.cookie, {
      currentPassword: 'anything',
      newPassword: 'Fresh#2025pair',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(AUTH_MESSAGES.NO_PASSWORD);
    expect(refused.json().error.fields).toHaveProperty('currentPassword');
  });

  it('limits guesses of the current password like sign-in does', async () => {
    const owner = await signUp(app());
    const guess = (target: FastifyInstance) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: '192.0.2.77',
        headers: { origin: ORIGIN, cookie: owner.cookie },
        payload: { currentPassword: 'Guess#2024x', newPassword: 'Fresh#2025pair' },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) statuses.push((await guess(app())).statusCode);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(statuses[8]).toBe(429);
    // The owner's own password still works from another address.
    await signIn(app(), owner.email, owner.password);
  });
});
