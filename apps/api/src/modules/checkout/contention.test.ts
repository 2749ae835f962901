import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { testPayment } from '../../db/schema';
import { type Buyer, quickBuyers, stockedProducts, unitLedger } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const BUYERS = 50;
const UNITS = 40;

const { app } = testShop({ contended: BUYERS + 10 });
let buyers: Buyer[];
let x: string;
let y: string;

beforeAll(async () => {
  buyers = await quickBuyers(app(), BUYERS);
  [x = '', y = ''] = await stockedProducts(app(), ['Crossing X', 'Crossing Y'], UNITS);
});

/** Half the buyers put x first, the other half y first: their row locks would be taken in crossing order. */
function crossingCart(index: number) {
  const count = 1 + (index % 3);
  const lines = [
    { id: x, size: '9', count },
    { id: y, size: '9', count },
  ];
  return index % 2 === 0 ? lines : lines.reverse();
}

/** A checkout either reserves the cart or is refused with the 409 that names the short line. */
function expectReservedOrShort(response: LightMyRequestResponse, cart: { id: string }[]) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode === 200) return response.json<{ orderId: string; url: string }>();
  expect(response.statusCode, response.body).toBe(409);
  const { error } = response.json();
  expect(error.code).toBe('OUT_OF_STOCK');
  const fields = Object.keys(error.fields ?? {});
  expect(fields).toHaveLength(1);
  const index = Number(fields[0]?.replace('products.', ''));
  const short = cart[index]?.id === x ? 'Crossing X' : 'Crossing Y';
  expect(error.message).toMatch(new RegExp(`^${short}: (only \\d+ left|sold out) in size 9$`));
  return undefined;
}

async function expectLedgerHolds() {
  for (const id of [x, y]) {
    const ledger = await unitLedger(app(), id);
    expect(ledger.units).toBeGreaterThanOrEqual(0);
    expect(ledger.reserved).toBe(ledger.pending);
    expect(ledger.units + ledger.reserved + ledger.sold).toBe(UNITS);
  }
}

it(`${BUYERS} buyers with crossing two-line carts: each reserves or is told which line is short`, async () => {
  const carts = buyers.map((_, index) => crossingCart(index));
  const responses = await Promise.all(
    buyers.map((buyer, index) =>
      send(app(), 'POST', '/api/checkouts', buyer.cookie, { products: carts[index] }),
    ),
  );
  const won = responses.map((response, index) => expectReservedOrShort(response, carts[index] ?? []));
  const winners = won.filter((result) => result !== undefined);
  expect(winners.length).toBeGreaterThan(0);
  expect(winners.length).toBeLessThan(BUYERS);
  await expectLedgerHolds();
}, 60_000);

it('buyers pay, cancel and check out again all at once: no 5xx, no unit lost or counted twice', async () => {
  const pending = await Promise.all(
    buyers.map((buyer) => send(app(), 'GET', '/api/orders', buyer.cookie)),
  ).then((lists) =>
    lists.flatMap((list, index) =>
      list
        .json<{ _id: string; state: string }[]>()
        .filter((order) => order.state === 'pending')
        .map((order) => ({ orderId: order._id, buyer: buyers[index] as Buyer })),
    ),
  );
  expect(pending.length).toBeGreaterThan(1);
  const references = new Map<string, string>();
  for (const { orderId } of pending) {
    const [row] = await app()
      .db.select({ reference: testPayment.reference })
      .from(testPayment)
      .where(eq(testPayment.orderId, orderId));
    references.set(orderId, row?.reference ?? '');
  }

  const carts = buyers.map((_, index) => crossingCart(index + 1));
  const [settled, again] = await Promise.all([
    Promise.all(
      pending.map(({ orderId, buyer }, index) =>
        index % 2 === 0
          ? send(app(), 'POST', `/api/test-gateway/payments/${references.get(orderId)}/pay`)
          : send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'cancelled' } }),
      ),
    ),
    Promise.all(
      buyers.map((buyer, index) =>
        send(app(), 'POST', '/api/checkouts', buyer.cookie, { products: carts[index] }),
      ),
    ),
  ]);
  for (const response of settled) expect(response.statusCode, response.body).toBe(200);
  again.forEach((response, index) => {
    expectReservedOrShort(response, carts[index] ?? []);
  });
  await expectLedgerHolds();
}, 60_000);
