import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { order, testPayment } from '../../db/schema';
import { type Buyer, quickBuyers, stockedProducts, unitLedger } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { sweep } from '.';

const UNITS = 100;
const PARALLEL = 20;

const { app } = testShop({ contended: PARALLEL + 10 });
let x: string;
let y: string;

beforeAll(async () => {
  [x = '', y = ''] = await stockedProducts(app(), ['Cancel X', 'Cancel Y'], UNITS);
});

/** A pending order of x (2 units) and y (1 unit), with its test-mode payment reference. */
async function pendingOrder(buyer: Buyer) {
  const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [
      { id: y, size: '9', count: 1 },
      { id: x, size: '9', count: 2 },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  const orderId: string = response.json().orderId;
  const [payment] = await app()
    .db.select({ reference: testPayment.reference })
    .from(testPayment)
    .where(eq(testPayment.orderId, orderId));
  return { orderId, reference: payment?.reference ?? '' };
}

const cancel = (buyer: Buyer, orderId: string) =>
  send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'cancelled' } });

async function expectLedgers(units: { x: number; y: number }) {
  const [ledgerX, ledgerY] = [await unitLedger(app(), x), await unitLedger(app(), y)];
  for (const ledger of [ledgerX, ledgerY]) {
    expect(ledger.reserved).toBe(ledger.pending);
    expect(ledger.units + ledger.reserved + ledger.sold).toBe(UNITS);
  }
  expect({ x: ledgerX.units, y: ledgerY.units }).toEqual(units);
}

function expectNoServerError(responses: LightMyRequestResponse[]) {
  for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(500);
}

it(`cancels once when ${PARALLEL} cancellations of one order arrive together`, async () => {
  const [buyer] = (await quickBuyers(app(), 1)) as [Buyer];
  const { orderId } = await pendingOrder(buyer);
  await expectLedgers({ x: UNITS - 2, y: UNITS - 1 });

  const responses = await Promise.all(Array.from({ length: PARALLEL }, () => cancel(buyer, orderId)));
  for (const response of responses) {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('cancelled');
  }
  await expectLedgers({ x: UNITS, y: UNITS });
});

it('cancels once when the sweep expires the order while its buyer cancels it', async () => {
  const [buyer] = (await quickBuyers(app(), 1)) as [Buyer];
  const { orderId } = await pendingOrder(buyer);
  await app()
    .db.update(order)
    .set({ reservedUntil: new Date(Date.now() - 1000) })
    .where(eq(order.id, orderId));

  const [swept, ...responses] = await Promise.all([
    sweep(wireServices(app()).orders),
    ...Array.from({ length: 5 }, () => cancel(buyer, orderId)),
  ]);
  expect([0, 1]).toContain(swept.expired);
  expectNoServerError(responses);
  for (const response of responses) expect(response.json().state).toBe('cancelled');
  await expectLedgers({ x: UNITS, y: UNITS });
});

it('settles an order paid and cancelled at the same moment one way only', async () => {
  const [buyer] = (await quickBuyers(app(), 1)) as [Buyer];
  const { orderId, reference } = await pendingOrder(buyer);
  const responses = await Promise.all([
    send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`),
    ...Array.from({ length: 5 }, () => cancel(buyer, orderId)),
  ]);
  expectNoServerError(responses);
  const [row] = await app().db.select({ state: order.state }).from(order).where(eq(order.id, orderId));
  expect(['aprobed', 'cancelled']).toContain(row?.state);
  await expectLedgers(row?.state === 'aprobed' ? { x: UNITS - 2, y: UNITS - 1 } : { x: UNITS, y: UNITS });
});

it('cancels many orders with crossing lines at once without a deadlock', async () => {
  const buyers = await quickBuyers(app(), PARALLEL);
  const before = { x: (await unitLedger(app(), x)).units, y: (await unitLedger(app(), y)).units };
  const orders = await Promise.all(buyers.map((buyer) => pendingOrder(buyer)));
  const responses = await Promise.all(
    orders.map(({ orderId, reference }, index) =>
      index % 3 === 0
        ? send(app(), 'POST', `/api/test-gateway/payments/${reference}/pay`)
        : cancel(buyers[index] as Buyer, orderId),
    ),
  );
  for (const response of responses) expect(response.statusCode, response.body).toBe(200);
  const paid = orders.filter((_, index) => index % 3 === 0).length;
  await expectLedgers({ x: before.x - 2 * paid, y: before.y - paid });
});
