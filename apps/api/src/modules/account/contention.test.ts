import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { order, user } from '../../db/schema';
import { type QuickBuyer, quickAccounts, stockedProducts } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const PEOPLE = 12;

const { app } = testShop({ contended: PEOPLE * 2 + 10 });

/**
 * A person deletes their account while their own checkout runs (another tab): the erasure and the order
 * take the same per-person lock, so either the order comes first and holds the erasure (202), or the
 * erasure comes first and the checkout is refused. Never an order for an erased person, never a 5xx.
 */
it(`${PEOPLE} people each delete their account while checking out: the order holds the erasure, or no order is placed`, async () => {
  const people: QuickBuyer[] = await quickAccounts(app(), PEOPLE, 'racer');
  const [productId = ''] = await stockedProducts(app(), ['Erasure Race Runner'], PEOPLE * 2);
  const outcomes = await Promise.all(
    people.map(async (person) => {
      const [checkout, erasure] = await Promise.all([
        send(app(), 'POST', '/api/checkouts', person.cookie, {
          products: [{ id: productId, size: '9', count: 1 }],
        }),
        send(app(), 'DELETE', '/api/account', person.cookie),
      ]);
      return { person, checkout, erasure };
    }),
  );
  for (const { person, checkout, erasure } of outcomes) {
    expect(checkout.statusCode, checkout.body).toBeLessThan(500);
    expect(erasure.statusCode, erasure.body).toBeLessThan(500);
    const [row] = await app().db.select({ email: user.email }).from(user).where(eq(user.id, person.id));
    const orders = await app().db.select({ id: order.id }).from(order).where(eq(order.userId, person.id));
    if (erasure.statusCode === 200) {
      // Erased first: the checkout found no person to buy for.
      expect(row?.email).toMatch(/^erased-\d+@deleted\.invalid$/);
      expect(orders, checkout.body).toHaveLength(0);
      expect([401, 403]).toContain(checkout.statusCode);
    } else {
      // The order came first: the erasure waits for it.
      expect(erasure.statusCode, erasure.body).toBe(202);
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect(orders).toHaveLength(1);
      expect(row?.email).toBe(person.email);
    }
  }
});
