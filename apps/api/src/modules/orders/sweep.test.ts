import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { order, testPayment } from '../../db/schema';
import { quickBuyers, stockedProducts, unitLedger } from '../../test/buyers';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { sweep } from '.';

const DUE = 99;
const UNITS = 500;

const { app } = testShop({ contended: 20 });
let x: string;
let y: string;

beforeAll(async () => {
  [x = '', y = ''] = await stockedProducts(app(), ['Sweep X', 'Sweep Y'], UNITS);
});

/** `DUE` pending two-line orders (five per account, the most one may hold), all past their reservation. */
async function dueReservations(): Promise<string[]> {
  const buyers = await quickBuyers(app(), Math.ceil(DUE / 5));
  const ids: string[] = [];
  for (let start = 0; start < DUE; start += 10) {
    const responses = await Promise.all(
      Array.from({ length: Math.min(10, DUE - start) }, (_, offset) => {
        const index = start + offset;
        const lines = [
          { id: x, size: '9', count: 1 },
          { id: y, size: '9', count: 2 },
        ];
        return send(app(), 'POST', '/api/checkouts', buyers[index % buyers.length]?.cookie, {
          products: index % 2 === 0 ? lines : lines.reverse(),
        });
      }),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json().orderId);
    }
  }
  await app()
    .db.update(order)
    .set({ reservedUntil: new Date(Date.now() - 1000) })
    .where(inArray(order.id, ids));
  return ids;
}

async function expectAllReturned(ids: string[]) {
  const states = await app().db.select({ state: order.state }).from(order).where(inArray(order.id, ids));
  expect(states.every((row) => row.state === 'cancelled')).toBe(true);
  const payments = await app()
    .db.select({ status: testPayment.status })
    .from(testPayment)
    .where(inArray(testPayment.orderId, ids));
  expect(payments.every((row) => row.status === 'expired')).toBe(true);
  expect(await unitLedger(app(), x)).toEqual({ units: UNITS, reserved: 0, pending: 0, sold: 0 });
  expect(await unitLedger(app(), y)).toEqual({ units: UNITS, reserved: 0, pending: 0, sold: 0 });
}

it(`closes ${DUE} due reservations in one sweep, in seconds, and returns their units`, async () => {
  const ids = await dueReservations();
  expect((await unitLedger(app(), x)).reserved).toBe(DUE);

  const started = Date.now();
  const result = await sweep(wireServices(app()).orders);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(result).toEqual({ expired: DUE, approved: 0 });
  await expectAllReturned(ids);
  // Nothing is left for the next sweep.
  expect(await sweep(wireServices(app()).orders)).toEqual({ expired: 0, approved: 0 });
}, 60_000);

it('shares the due reservations between two sweeps running at once: each closed once', async () => {
  const ids = await dueReservations();
  const [first, second] = await Promise.all([
    sweep(wireServices(app()).orders),
    sweep(wireServices(app()).orders),
  ]);
  expect((first?.expired ?? 0) + (second?.expired ?? 0)).toBe(DUE);
  await expectAllReturned(ids);
}, 60_000);

it('leaves a reservation that is not due yet', async () => {
  const [buyer] = await quickBuyers(app(), 1);
  const response = await send(app(), 'POST', '/api/checkouts', buyer?.cookie, {
    products: [{ id: x, size: '9', count: 1 }],
  });
  const orderId = response.json().orderId;
  expect(await sweep(wireServices(app()).orders)).toEqual({ expired: 0, approved: 0 });
  const [row] = await app().db.select().from(order).where(eq(order.id, orderId));
  expect(row?.state).toBe('pending');
  expect(row?.reservedUntil.getTime()).toBeGreaterThan(Date.now());
});
