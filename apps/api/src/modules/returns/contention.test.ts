import { randomBytes } from 'node:crypto';
import type { OrderReturn, OrderState } from '@shop/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  order,
  orderItem,
  orderReturn,
  paymentEntry,
  productStock,
  refundClaim,
  returnLine,
  testPayment,
} from '../../db/schema';
import { type Buyer, createContendedApp, newProduct, quickAdmin, quickBuyers } from '../../test/buyers';
import { shipOrder } from '../../test/shipments';
import { buy, send, stockOf } from '../../test/shop';
import type { TestApp } from '../../test/test-app';
import { insertProducts } from '../catalog/catalog.repository';

/**
 * Many returns, exchanges and purchases of the same sizes at once (on PostgreSQL with TEST_DATABASE_URL,
 * each request on its own connection): no answer is a 5xx, every refusal is a 409 that says why, and
 * after each round every unit of each size is somewhere: on sale, reserved for a pending order or held
 * for an open exchange, sold, or came back on sale from a received return.
 */

const RETURNERS = 24;
const SHOPPERS = 16;
const UNITS = { 9: 80, 10: 8 } as const;

let testApp: TestApp;
const app = () => testApp.app;
let staff: Buyer;
let returners: { buyer: Buyer; orderId: string }[];
let shoppers: Buyer[];
let productId: string;

beforeAll(async () => {
  testApp = await createContendedApp(RETURNERS * 2 + SHOPPERS + 4);
  staff = await quickAdmin(app());
  const slug = `contended-returns-${randomBytes(3).toString('hex')}`;
  const created = await insertProducts(app().db, [
    newProduct({ name: 'Contended Return', price: 100, stock: { '9': UNITS[9], '10': UNITS[10] } }, { slug }),
  ]);
  productId = created.get(slug) ?? '';
  const pick = { id: productId, name: 'Contended Return', size: '9', price: 100, units: UNITS[9] };
  returners = [];
  for (const buyer of await quickBuyers(app(), RETURNERS, 'returner')) {
    const orderId = await buy(app(), buyer.cookie, pick, 2);
    await shipOrder(app(), orderId);
    returners.push({ buyer, orderId });
  }
  shoppers = await quickBuyers(app(), SHOPPERS, 'shopper');
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

const sum = (column: typeof orderItem.count | typeof returnLine.count) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Where every unit of a size is, from the stock row and the orders and returns that hold it. */
async function ledger(size: 9 | 10) {
  const [stock] = await app()
    .db.select({ units: productStock.units, reserved: productStock.reserved })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  const inOrders = async (state: OrderState) => {
    const [row] = await app()
      .db.select({ count: sum(orderItem.count) })
      .from(orderItem)
      .innerJoin(order, eq(order.id, orderItem.orderId))
      .where(and(eq(orderItem.productId, productId), eq(orderItem.size, size), eq(order.state, state)));
    return row?.count ?? 0;
  };
  const [held] = await app()
    .db.select({ count: sum(returnLine.count) })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(
      and(
        eq(returnLine.productId, productId),
        eq(returnLine.exchangeSize, size),
        inArray(orderReturn.state, ['requested', 'approved']),
      ),
    );
  const [restocked] = await app()
    .db.select({ count: sum(returnLine.count) })
    .from(returnLine)
    .innerJoin(orderReturn, eq(orderReturn.id, returnLine.returnId))
    .where(
      and(
        eq(returnLine.productId, productId),
        eq(returnLine.size, size),
        eq(returnLine.restocked, true),
        eq(orderReturn.state, 'received'),
      ),
    );
  return {
    units: stock?.units ?? 0,
    reserved: stock?.reserved ?? 0,
    pending: await inOrders('pending'),
    sold: await inOrders('aprobed'),
    held: held?.count ?? 0,
    restocked: restocked?.count ?? 0,
  };
}

async function expectLedgerHolds() {
  for (const size of [9, 10] as const) {
    const units = await ledger(size);
    expect(units.units, `size ${size}`).toBeGreaterThanOrEqual(0);
    expect(units.reserved, `size ${size}: reserved is what pending orders and open exchanges hold`).toBe(
      units.pending + units.held,
    );
    expect(units.units + units.reserved + units.sold, `size ${size}: every unit accounted for`).toBe(
      UNITS[size] + units.restocked,
    );
  }
}

/** Every refusal under contention is a 409 in the envelope that says why; nothing is a 5xx. */
function expectDoneOrRefused(response: LightMyRequestResponse, done: number) {
  if (response.statusCode === done) return true;
  expect(response.statusCode, response.body).toBe(409);
  expect(['CONFLICT', 'OUT_OF_STOCK']).toContain(response.json().error.code);
  return false;
}

function checkout(buyer: Buyer, index: number) {
  const products = [
    { id: productId, size: '10', count: 1 },
    { id: productId, size: '9', count: 1 + (index % 2) },
  ];
  return send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: index % 2 ? products : products.reverse(),
  });
}

const returnBody = (index: number) => ({
  lines: [
    index % 2 === 0
      ? { productId, size: '9', count: 1, resolution: 'exchange', exchangeSize: '10' }
      : { productId, size: '9', count: 1, resolution: 'refund' },
  ],
  reason: 'too_small',
});

const opened: { ret: OrderReturn; buyer: Buyer; orderId: string }[] = [];
const checkouts: { buyer: Buyer; orderId: string; url: string }[] = [];

it('returns of one line sent twice, exchanges and purchases of the same sizes at once', async () => {
  const [returns, bought] = await Promise.all([
    Promise.all(
      returners.map(({ buyer, orderId }, index) =>
        Promise.all(
          [0, 1].map(() =>
            send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, returnBody(index)),
          ),
        ),
      ),
    ),
    Promise.all(shoppers.map((buyer, index) => checkout(buyer, index))),
  ]);
  returns.forEach((pair, index) => {
    const made = pair.filter((response) => expectDoneOrRefused(response, 201));
    // The same line twice at once: never two returns.
    expect(made.length).toBeLessThanOrEqual(1);
    const [first] = made;
    const returner = returners[index];
    if (first && returner) opened.push({ ret: first.json<OrderReturn>(), ...returner });
  });
  bought.forEach((response, index) => {
    if (!expectDoneOrRefused(response, 200)) return;
    const shopper = shoppers[index];
    if (shopper) checkouts.push({ buyer: shopper, ...response.json<{ orderId: string; url: string }>() });
  });
  // Size 10 ran short (8 units for 12 exchanges and 16 carts): some were refused for its stock, and every
  // refund return got through.
  const short = [...returns.flat(), ...bought].filter(
    (response) => response.statusCode === 409 && response.json().error.code === 'OUT_OF_STOCK',
  );
  expect(short.length).toBeGreaterThan(0);
  expect(opened.length).toBeGreaterThanOrEqual(RETURNERS / 2);
  await expectLedgerHolds();
}, 60_000);

it('staff approve (twice at once) while buyers pay or cancel and others buy', async () => {
  const [approvals, settled, more] = await Promise.all([
    Promise.all(
      opened.flatMap(({ ret }) =>
        [0, 1].map(() => send(app(), 'POST', `/api/returns/${ret.id}/approve`, staff.cookie)),
      ),
    ),
    Promise.all(
      checkouts.map(({ buyer, orderId, url }, index) =>
        index % 2 === 0
          ? send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`)
          : send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'cancelled' } }),
      ),
    ),
    Promise.all(shoppers.map((buyer, index) => checkout(buyer, index + 1))),
  ]);
  const approved = approvals.filter((response) => expectDoneOrRefused(response, 200));
  expect(approved).toHaveLength(opened.length);
  for (const response of settled) expect(response.statusCode, response.body).toBe(200);
  for (const response of more) expectDoneOrRefused(response, 200);
  await expectLedgerHolds();
}, 60_000);

it('receipts (twice at once), rejections and cancellations racing receipts, with purchases: refunded once', async () => {
  const answers = await Promise.all([
    ...opened.map(({ ret, buyer }, index) => {
      const receive = () =>
        send(app(), 'POST', `/api/returns/${ret.id}/receive`, staff.cookie, {
          lines: [{ productId, size: '9', restock: index % 4 !== 0 }],
        });
      if (index % 3 === 0) return Promise.all([receive(), receive()]);
      if (index % 3 === 1)
        return Promise.all([
          receive(),
          send(app(), 'POST', `/api/returns/${ret.id}/reject`, staff.cookie, { message: 'No.' }),
        ]);
      return Promise.all([receive(), send(app(), 'POST', `/api/returns/${ret.id}/cancel`, buyer.cookie)]);
    }),
    ...shoppers.map((buyer, index) => checkout(buyer, index).then((response) => [response])),
  ]);
  answers.slice(0, opened.length).forEach((pair) => {
    // Exactly one of the two racing steps moved the return.
    expect(pair.filter((response) => expectDoneOrRefused(response, 200))).toHaveLength(1);
  });
  for (const [response] of answers.slice(opened.length)) if (response) expectDoneOrRefused(response, 200);
  await expectLedgerHolds();

  // Every received return's refund reached the provider once, and the order's ledger holds it once.
  for (const { orderId } of returners) {
    const received = await app()
      .db.select({ id: orderReturn.id })
      .from(orderReturn)
      .where(and(eq(orderReturn.orderId, orderId), eq(orderReturn.state, 'received')));
    const entries = await app().db.select().from(paymentEntry).where(eq(paymentEntry.orderId, orderId));
    const refunds = entries.filter((entry) => entry.kind === 'refund');
    // One refund at most per received return (one of exchanges only has none), and none for another.
    const refundedReturns = refunds.map((entry) => entry.returnId);
    expect(new Set(refundedReturns).size).toBe(refundedReturns.length);
    for (const returnId of refundedReturns) expect(received.map((row) => row.id)).toContain(returnId);
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    const refunded = refunds.reduce((total, entry) => total + entry.amountCents, 0);
    expect(payment?.refundedCents).toBe(refunded);
    expect(new Set(payment?.refundKeys).size).toBe(payment?.refundKeys.length);
  }
}, 60_000);

/**
 * A product of its own at $100, and `count` buyers who bought `pairs` of its size 9 each, shipped: what is
 * left of it is `count` pairs of size 10.
 */
async function shippedPairs(name: string, count: number, pairs = 1) {
  const slug = `${name.toLowerCase().replaceAll(' ', '-')}-${randomBytes(3).toString('hex')}`;
  const units = count * pairs;
  const created = await insertProducts(app().db, [
    newProduct({ name, price: 100, stock: { '9': units, '10': count } }, { slug }),
  ]);
  const id = created.get(slug) ?? '';
  const pick = { id, name, size: '9', price: 100, units };
  const bought: { buyer: Buyer; orderId: string }[] = [];
  for (const buyer of await quickBuyers(app(), count, slug.slice(0, 12))) {
    const orderId = await buy(app(), buyer.cookie, pick, pairs);
    await shipOrder(app(), orderId);
    bought.push({ buyer, orderId });
  }
  return { id, bought };
}

async function openReturn(buyer: Buyer, orderId: string, line: object) {
  const response = await send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, {
    lines: [line],
    reason: 'too_small',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderReturn>();
}

it('an exchange cancelled twice at once, or cancelled as staff reject it: it closes once, its held pair back once', async () => {
  const RACED = 8;
  const { id, bought } = await shippedPairs('Closing Exchange', RACED + 1);
  const exchange = { productId: id, size: '9', count: 1, resolution: 'exchange', exchangeSize: '10' };
  const held = [];
  for (const { buyer, orderId } of bought)
    held.push({ buyer, ret: await openReturn(buyer, orderId, exchange) });
  // Every exchange holds a pair of size 10; the first stays open and keeps its pair throughout.
  expect(await stockOf(app(), id, 10)).toEqual({ units: 0, reserved: RACED + 1 });

  const answers = await Promise.all(
    held
      .slice(1)
      .map(({ buyer, ret }, index) =>
        Promise.all([
          send(app(), 'POST', `/api/returns/${ret.id}/cancel`, buyer.cookie),
          index % 2 === 0
            ? send(app(), 'POST', `/api/returns/${ret.id}/cancel`, buyer.cookie)
            : send(app(), 'POST', `/api/returns/${ret.id}/reject`, staff.cookie, { message: 'Closed.' }),
        ]),
      ),
  );
  for (const pair of answers) {
    expect(pair.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = pair.find((response) => response.statusCode === 409);
    expect(refused?.json().error.code).toBe('CONFLICT');
  }
  expect(await stockOf(app(), id, 10)).toEqual({ units: RACED, reserved: 1 });
  const states = await app()
    .db.select({ state: orderReturn.state })
    .from(orderReturn)
    .where(
      inArray(
        orderReturn.id,
        held.map(({ ret }) => ret.id),
      ),
    );
  expect(states.filter((row) => row.state === 'requested')).toHaveLength(1);
}, 60_000);

it("a whole order's refund racing the receipt of its return: the payment gives back at most what was paid, counted once", async () => {
  const ORDERS = 6;
  const { id, bought } = await shippedPairs('Refund Race', ORDERS, 2);
  const line = { productId: id, size: '9', count: 1, resolution: 'refund' };
  const returns = [];
  for (const { buyer, orderId } of bought) {
    const ret = await openReturn(buyer, orderId, line);
    const approved = await send(app(), 'POST', `/api/returns/${ret.id}/approve`, staff.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    returns.push({ orderId, ret });
  }

  const answers = await Promise.all(
    returns.map(({ orderId, ret }) =>
      Promise.all([
        send(app(), 'POST', `/api/orders/${orderId}/refund`, staff.cookie),
        send(app(), 'POST', `/api/returns/${ret.id}/receive`, staff.cookie, {
          lines: [{ productId: id, size: '9', restock: false }],
        }),
      ]),
    ),
  );
  for (const [index, pair] of answers.entries()) {
    const { orderId, ret } = returns[index] as (typeof returns)[number];
    // Each step either went through or was told that the other holds the order's refund.
    expect(pair.filter((response) => expectDoneOrRefused(response, 200)).length).toBeGreaterThan(0);
    const [row] = await app().db.select().from(order).where(eq(order.id, orderId));
    const [payment] = await app().db.select().from(testPayment).where(eq(testPayment.orderId, orderId));
    const entries = await app().db.select().from(paymentEntry).where(eq(paymentEntry.orderId, orderId));
    const total = (kinds: string[], of = entries) =>
      of.filter((entry) => kinds.includes(entry.kind)).reduce((sum, entry) => sum + entry.amountCents, 0);
    const refunded = total(['refund', 'credit_back']);
    expect(refunded).toBeLessThanOrEqual(row?.totalCents ?? 0);
    // The provider refunded exactly what the ledger says went back through it, each refund once.
    expect(payment?.refundedCents).toBe(total(['refund']));
    expect(new Set(payment?.refundKeys).size).toBe(payment?.refundKeys.length);
    // Refunded whole (cancelled), or only the returned pair.
    const forReturn = entries.filter((entry) => entry.returnId === ret.id);
    expect(refunded).toBe(
      row?.state === 'cancelled' ? row.totalCents : total(['refund', 'credit_back'], forReturn),
    );
    expect(await app().db.select().from(refundClaim).where(eq(refundClaim.orderId, orderId))).toEqual([]);
  }
}, 60_000);
