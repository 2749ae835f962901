import { and, eq, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { staffRole, user } from '../../db/schema';
import { quickAdmin, quickBuyers } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * Roles given, taken and deleted at once (on PostgreSQL with TEST_DATABASE_URL, each request on its own
 * connection; PGlite runs them one after the other): no answer is a 5xx, a refusal is a 400 or 409 that
 * says why, nobody ends up holding a role that no longer exists, and the shop keeps an active admin.
 */

const ROUNDS = 6;
const GIVERS = 6;
const { app, staff } = testShop({ contended: 2 * GIVERS + 4, staff: 'rolerace' });

/** A 2xx, or a refusal in the envelope naming a field or a permission (`refusals`): never a 5xx. */
function doneOrRefused(response: LightMyRequestResponse, refusals = [400, 409]): boolean {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode < 300) return true;
  expect(refusals, response.body).toContain(response.statusCode);
  const { error } = response.json<{ error: { fields?: Record<string, string> } }>();
  expect(Object.keys(error.fields ?? {}).length, response.body).toBeGreaterThan(0);
  return false;
}

const give = (cookie: string, userId: string, role: string) =>
  send(app(), 'PUT', `/api/users/update/${userId}`, cookie, { roles: [role] });

describe('roles under contention', () => {
  it(`${GIVERS} accounts given a role while it is deleted, ${ROUNDS} times: a deleted role is held by nobody`, async () => {
    const accounts = await quickBuyers(app(), GIVERS, 'rolegiven');
    for (let round = 0; round < ROUNDS; round += 1) {
      const role = `race-${round}`;
      const made = await send(app(), 'POST', '/api/staff/roles', staff().cookie, {
        name: role,
        permissions: ['orders.read'],
      });
      expect(made.statusCode, made.body).toBe(201);
      const [deleted, ...given] = await Promise.all([
        send(app(), 'DELETE', `/api/staff/roles/${role}`, staff().cookie),
        ...accounts.map((account) => give(staff().cookie, account.id, role)),
      ]);
      if (!deleted) throw new Error('no answer');
      const holders = await app().db.select({ id: user.id }).from(user).where(eq(user.role, role));
      const [row] = await app().db.select().from(staffRole).where(eq(staffRole.name, role));
      if (doneOrRefused(deleted)) {
        expect(row).toBeUndefined();
        expect(holders).toEqual([]);
      } else {
        expect(row?.name).toBe(role);
        expect(holders.length).toBeGreaterThan(0);
      }
      expect(given.filter((answer) => doneOrRefused(answer))).toHaveLength(holders.length);
      // Everyone back to shopping before the next round.
      for (const account of accounts)
        expect((await give(staff().cookie, account.id, 'user')).statusCode).toBe(200);
    }
  });

  it('two admins demoting each other at once: one of them stays an admin', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second] = await Promise.all([
        quickAdmin(app(), `duel${round}a`),
        quickAdmin(app(), `duel${round}b`),
      ]);
      if (!first || !second) throw new Error('no admins');
      // Only these two are admins: every other admin is made a shopper first.
      await app()
        .db.update(user)
        .set({ role: 'user' })
        .where(and(eq(user.role, 'admin'), ne(user.id, first.id), ne(user.id, second.id)));
      const answers = await Promise.all([
        give(first.cookie, second.id, 'user'),
        give(second.cookie, first.id, 'user'),
      ]);
      // The one demoted first may be refused as no longer an admin (403), or as the last one (409).
      const done = answers.filter((answer) => doneOrRefused(answer, [403, 409]));
      expect(done.length).toBeLessThanOrEqual(1);
      const admins = await app().db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
      expect(admins.length).toBeGreaterThanOrEqual(1);
    }
  });
});
