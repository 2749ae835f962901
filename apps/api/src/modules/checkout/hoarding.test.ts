import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../db/schema';
import { type Buyer, quickBuyers, stockedProducts, unitLedger } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const UNITS = 1000;

const { app } = testShop({ contended: 20 });
let a: string;
let b: string;
let c: string;

beforeAll(async () => {
  [a = '', b = '', c = ''] = await stockedProducts(app(), ['Hoard A', 'Hoard B', 'Hoard C'], UNITS);
});

const line = (id: string, count: number) => ({ id, size: '9', count });
const checkout = (buyer: Buyer, lines: object[]) =>
  send(app(), 'POST', '/api/checkouts', buyer.cookie, { products: lines });

async function pendingOrdersOf(buyer: Buyer) {
  return app()
    .db.select({ id: order.id })
    .from(order)
    .where(and(eq(order.userId, buyer.id), eq(order.state, 'pending')));
}

async function ledgers() {
  return Promise.all([a, b, c].map((id) => unitLedger(app(), id)));
}

describe('merged cart lines', () => {
  it.each([
    [[line('a', 100), line('a', 100), line('a', 100)], 'products.0', 300],
    [[line('b', 1), line('a', 60), line('a', 50)], 'products.1', 110],
  ])('are refused past the count limit, naming the line: %j', async (cart, field, merged) => {
    const [buyer] = await quickBuyers(app(), 1);
    const products = cart.map((entry) => ({ ...entry, id: entry.id === 'a' ? a : b }));
    const before = await ledgers();
    const response = await checkout(buyer as Buyer, products);
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(error.fields)).toEqual([field]);
    expect(error.fields[field]).toContain(`asks for ${merged} pairs of size 9`);
    expect(error.fields[field]).toContain('at most 100');
    expect(await ledgers()).toEqual(before);
    expect(await pendingOrdersOf(buyer as Buyer)).toEqual([]);
  });

  it('still accept one product and size over several lines within the limit', async () => {
    const [buyer] = await quickBuyers(app(), 1);
    const response = await checkout(buyer as Buyer, [line(a, 60), line(a, 40)]);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('what one account may hold unpaid', () => {
  it('is at most 5 pending orders; the sixth is told why and what to do', async () => {
    const [buyer] = (await quickBuyers(app(), 1)) as [Buyer];
    const orders: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await checkout(buyer, [line(a, 1)]);
      expect(response.statusCode, response.body).toBe(200);
      orders.push(response.json().orderId);
    }
    const before = await ledgers();
    const refused = await checkout(buyer, [line(b, 1)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'TOO_MANY_PENDING',
      message:
        'You already have 5 unpaid orders holding units; pay or cancel one of them (they are released after 30 minutes)',
    });
    expect(await ledgers()).toEqual(before);

    const cancelled = await send(app(), 'PUT', `/api/orders/${orders[0]}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.json().state).toBe('cancelled');
    expect((await checkout(buyer, [line(b, 1)])).statusCode).toBe(200);
  });

  it('is at most 200 units over all pending orders', async () => {
    const [holder, greedy] = (await quickBuyers(app(), 2)) as [Buyer, Buyer];
    expect((await checkout(holder, [line(a, 100), line(b, 100)])).statusCode).toBe(200);
    const more = await checkout(holder, [line(c, 1)]);
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('TOO_MANY_PENDING');
    expect(more.json().error.message).toMatch(
      /^Your unpaid orders already hold 200 pairs and this one asks for 1; one account may reserve at most 200 at once\. Pay or cancel an unpaid order/,
    );

    const before = await ledgers();
    const tooBig = await checkout(greedy, [line(a, 100), line(b, 100), line(c, 1)]);
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().error.message).toBe(
      'This order asks for 201 pairs; one account may reserve at most 200 at once, please buy fewer',
    );
    expect(await ledgers()).toEqual(before);
    expect(await pendingOrdersOf(greedy)).toEqual([]);
  });

  it('holds when checkouts of one account race each other', async () => {
    const [buyer, other] = (await quickBuyers(app(), 2)) as [Buyer, Buyer];
    for (let index = 0; index < 4; index += 1) {
      expect((await checkout(buyer, [line(a, 1)])).statusCode).toBe(200);
    }
    const raced = await Promise.all(Array.from({ length: 8 }, () => checkout(buyer, [line(b, 1)])));
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    for (const response of raced.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.code).toBe('TOO_MANY_PENDING');
    }
    expect(await pendingOrdersOf(buyer)).toHaveLength(5);

    // Units too: 60 + 60 + 60 fit under 200, a fourth does not, whoever comes first.
    const units = await Promise.all(Array.from({ length: 5 }, () => checkout(other, [line(c, 60)])));
    expect(units.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(units.filter((response) => response.statusCode === 409)).toHaveLength(2);
  });
});

it('limits how many checkouts one account starts: the 21st in ten minutes is 429', async () => {
  const [buyer] = (await quickBuyers(app(), 1)) as [Buyer];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await checkout(buyer, [line(a, 1)]);
    expect([200, 409], response.body).toContain(response.statusCode);
  }
  const limited = await checkout(buyer, [line(a, 1)]);
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error.code).toBe('RATE_LIMITED');
  expect(limited.headers['retry-after']).toBeDefined();
  // Other accounts are not affected.
  const [other] = (await quickBuyers(app(), 1)) as [Buyer];
  expect((await checkout(other, [line(a, 1)])).statusCode).toBe(200);
});
