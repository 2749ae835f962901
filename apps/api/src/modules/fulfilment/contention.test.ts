import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { order, shipment, shipmentLine } from '../../db/schema';
import { type Buyer, quickAdmin, quickBuyers, stockedProducts } from '../../test/buyers';
import { buy, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * Staff shipping the same order at the same moment, each request on a connection of its own (the race
 * suites run on PostgreSQL only). A shipment locks the order's row while it counts what already left, so
 * of several staff shipping the same units one ships them and the others are told the line has shipped
 * (409): never two parcels for one pair. Without that lock every racer reads "nothing shipped yet" and
 * each of them ships it.
 */

const ORDERS = 8;
const RACERS = 4;

const { app } = testShop({ contended: ORDERS * RACERS + 4 });
let staff: Buyer[];
let productId: string;

beforeAll(async () => {
  staff = await Promise.all(
    Array.from({ length: RACERS }, (_, index) => quickAdmin(app(), `packer${index}`)),
  );
  [productId = ''] = await stockedProducts(app(), ['Contended Parcel'], ORDERS * 4 * 2);
});

/** `ORDERS` paid orders of `units` pairs (one line, size 9) of the contended product, by new buyers. */
async function paidOrders(units: number): Promise<string[]> {
  const pick = { id: productId, name: 'Contended Parcel', size: '9', price: 100, units };
  const buyers = await quickBuyers(app(), ORDERS, 'shipped');
  return Promise.all(buyers.map((buyer) => buy(app(), buyer.cookie, pick, units)));
}

/** Every staff member ships `count` pairs of the order's line at once. */
function shipAtOnce(orderId: string, count: number): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    staff.map((member, index) =>
      send(app(), 'POST', `/api/orders/${orderId}/shipments`, member.cookie, {
        lines: [{ productId, size: '9', count }],
        carrier: 'ups',
        trackingNumber: `1Z999AA1012345678${index}`,
      }),
    ),
  );
}

/** The refused racers were told the line had shipped, naming it. */
function expectShippedAlready(responses: LightMyRequestResponse[]) {
  for (const response of responses) {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: { 'lines.0.count': 'this line has already shipped' },
    });
  }
}

/** What left for each order: its parcels and units, and its fulfilment. */
async function shippedOf(orderIds: string[]) {
  const parcels = await app()
    .db.select({
      orderId: shipment.orderId,
      parcels: sql<number>`count(distinct ${shipment.id})`.mapWith(Number),
      units: sql<number>`sum(${shipmentLine.count})`.mapWith(Number),
    })
    .from(shipment)
    .innerJoin(shipmentLine, eq(shipmentLine.shipmentId, shipment.id))
    .where(inArray(shipment.orderId, orderIds))
    .groupBy(shipment.orderId);
  const states = await app()
    .db.select({ id: order.id, fulfilment: order.fulfilment })
    .from(order)
    .where(inArray(order.id, orderIds));
  return orderIds.map((id) => ({
    parcels: parcels.find((row) => row.orderId === id)?.parcels ?? 0,
    units: parcels.find((row) => row.orderId === id)?.units ?? 0,
    fulfilment: states.find((row) => row.id === id)?.fulfilment,
  }));
}

it(`ships a line once when ${RACERS} staff ship all of it at the same moment: one 201, the others 409`, async () => {
  const orderIds = await paidOrders(2);
  const answers = await Promise.all(orderIds.map((orderId) => shipAtOnce(orderId, 2)));
  for (const responses of answers) {
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201,
      ...Array(RACERS - 1).fill(409),
    ]);
    expectShippedAlready(responses.filter((response) => response.statusCode !== 201));
  }
  expect(await shippedOf(orderIds)).toEqual(
    orderIds.map(() => ({ parcels: 1, units: 2, fulfilment: 'shipped' })),
  );
});

it(`never ships more than was bought when ${RACERS} staff each ship one of two pairs at once`, async () => {
  const orderIds = await paidOrders(2);
  const answers = await Promise.all(orderIds.map((orderId) => shipAtOnce(orderId, 1)));
  for (const responses of answers) {
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201,
      201,
      ...Array(RACERS - 2).fill(409),
    ]);
    expectShippedAlready(responses.filter((response) => response.statusCode !== 201));
  }
  expect(await shippedOf(orderIds)).toEqual(
    orderIds.map(() => ({ parcels: 2, units: 2, fulfilment: 'shipped' })),
  );
});
