import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { order, orderItem } from '../../db/schema';
import { type Buyer, stockedProducts, unitLedger } from '../../test/buyers';
import { createDrop, entrants, entryRows, inMinutes, moveDrop, proofFor } from '../../test/drops';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff: admin } = testShop({ contended: 60, staff: true });

const line = (productId: string) => ({ id: productId, size: '9', count: 1, price: 100, totalPrice: 100 });

function checkout(buyer: Buyer, productId: string, admission?: string) {
  return send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [line(productId)],
    ...(admission ? { admission } : {}),
  });
}

/** No 5xx, and every refusal is a 4xx of the envelope with a code. */
function expectNoServerError(responses: LightMyRequestResponse[]) {
  for (const response of responses) {
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (response.statusCode >= 400) expect(response.json().error.code).toEqual(expect.any(String));
  }
}

async function ordersOf(productId: string, userIds: string[]) {
  return app()
    .db.select({ userId: order.userId, state: order.state })
    .from(order)
    .innerJoin(orderItem, eq(orderItem.orderId, order.id))
    .where(and(eq(orderItem.productId, productId), inArray(order.userId, userIds)));
}

describe('drops under contention', () => {
  it('counts a proof once and an address once, however many requests race', async () => {
    const [productId = ''] = await stockedProducts(app(), ['Race Entry'], 3);
    const drop = await createDrop(app(), admin().cookie, {
      productId,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryClosesAt: inMinutes(60),
    });
    const people = await entrants(app(), 24, 'racer');
    const proofs = await Promise.all(people.map((person) => proofFor(app(), person.cookie, drop.id)));
    const entered = await Promise.all(
      people.map((person, index) =>
        send(app(), 'POST', `/api/drops/${drop.id}/entries`, person.cookie, {
          size: '9',
          proof: proofs[index],
        }),
      ),
    );
    expectNoServerError(entered);
    expect(entered.filter((response) => response.statusCode === 201)).toHaveLength(24);

    // Two new accounts at one address, each sending its entry three times at once with one proof.
    const twins = await entrants(app(), 2, 'twins');
    // One address; phones of their own (the entrants' numbers repeat from one batch to the next).
    for (const [index, twin] of twins.entries()) {
      const moved = await send(app(), 'PUT', `/api/users/update/${twin.id}`, twin.cookie, {
        address: '7 Same Road',
        phone: `+1 555 999000${index}`,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const twinProofs = await Promise.all(twins.map((twin) => proofFor(app(), twin.cookie, drop.id)));
    const raced = await Promise.all(
      twins.flatMap((twin, index) =>
        [0, 1, 2].map(() =>
          send(app(), 'POST', `/api/drops/${drop.id}/entries`, twin.cookie, {
            size: '9',
            proof: twinProofs[index],
          }),
        ),
      ),
    );
    expectNoServerError(raced);
    expect(raced.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect((await entryRows(app(), drop.id)).length).toBe(25);
  });

  it('sells each drawn pair once: everyone buying at once, twice each, makes orders for the winners only', async () => {
    const UNITS = 5;
    const [productId = ''] = await stockedProducts(app(), ['Race Draw'], UNITS);
    const drop = await createDrop(app(), admin().cookie, {
      productId,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryClosesAt: inMinutes(60),
    });
    const people = await entrants(app(), 30, 'drawrace');
    for (const person of people) {
      const proof = await proofFor(app(), person.cookie, drop.id);
      expect(
        (await send(app(), 'POST', `/api/drops/${drop.id}/entries`, person.cookie, { size: '9', proof }))
          .statusCode,
      ).toBe(201);
    }
    await moveDrop(app(), drop.id, { opens: -3, closes: -2, release: -1 });
    const drawn = await Promise.all(
      [0, 1, 2].map(() => send(app(), 'POST', `/api/drops/${drop.id}/draw`, admin().cookie)),
    );
    expectNoServerError(drawn);
    expect(drawn.filter((response) => response.statusCode === 200)).toHaveLength(1);

    const bought = await Promise.all(
      people.flatMap((person) => [checkout(person, productId), checkout(person, productId)]),
    );
    expectNoServerError(bought);
    const winners = (await entryRows(app(), drop.id))
      .filter((row) => row.status === 'won')
      .map((row) => row.userId);
    const orders = await ordersOf(
      productId,
      people.map((person) => person.id),
    );
    expect(orders).toHaveLength(UNITS);
    expect(new Set(orders.map((row) => row.userId))).toEqual(new Set(winners));
    const ledger = await unitLedger(app(), productId);
    expect(ledger).toEqual({ units: 0, reserved: UNITS, pending: UNITS, sold: 0 });
  });

  it('holds the per-person limit across simultaneous checkouts with one admission', async () => {
    const UNITS = 10;
    const [productId = ''] = await stockedProducts(app(), ['Race Queue'], UNITS);
    const drop = await createDrop(app(), admin().cookie, {
      productId,
      mode: 'queue',
      releaseAt: inMinutes(5),
      admissionPerMinute: 1000,
    });
    const people = await entrants(app(), 15, 'queuerace');
    await Promise.all(
      people.map((person) => send(app(), 'POST', `/api/drops/${drop.id}/queue`, person.cookie)),
    );
    await moveDrop(app(), drop.id, { release: 0 });
    const tokens = await Promise.all(
      people.map(
        async (person) =>
          (await send(app(), 'GET', `/api/drops/${drop.id}/queue/me`, person.cookie)).json<{
            token: string;
          }>().token,
      ),
    );
    const responses = await Promise.all(
      people.flatMap((person, index) => [0, 1, 2].map(() => checkout(person, productId, tokens[index]))),
    );
    expectNoServerError(responses);
    const orders = await ordersOf(
      productId,
      people.map((person) => person.id),
    );
    expect(orders).toHaveLength(UNITS);
    const perPerson = new Map<string, number>();
    for (const row of orders) perPerson.set(row.userId, (perPerson.get(row.userId) ?? 0) + 1);
    expect(Math.max(...perPerson.values())).toBe(1);
    const ledger = await unitLedger(app(), productId);
    expect(ledger.units + ledger.reserved + ledger.sold).toBe(UNITS);
    expect(ledger.reserved).toBe(ledger.pending);
  });
});
