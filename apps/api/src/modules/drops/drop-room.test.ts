import type { Drop, DropSummary, QueueStatus } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropTicket } from '../../db/schema';
import { type Buyer, stockedProducts } from '../../test/buyers';
import { createDrop, dropLine, entrants, inMinutes, moveDrop, payOnTestGateway } from '../../test/drops';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff: admin } = testShop({ catalogue: true, staff: true });

/** A first-come drop of `units` pairs in size 9, released a moment ago, admitting one shopper a minute. */
async function liveRoom(name: string, units: number) {
  const [productId = ''] = await stockedProducts(app(), [name], units);
  const drop = await createDrop(app(), admin().cookie, {
    productId,
    mode: 'queue',
    releaseAt: inMinutes(30),
    preQueueMinutes: 10,
    admissionPerMinute: 1,
  });
  return { productId, drop };
}

const join = (buyer: Buyer, dropId: string) =>
  send(app(), 'POST', `/api/drops/${dropId}/queue`, buyer.cookie);
const poll = async (buyer: Buyer, dropId: string) =>
  (await send(app(), 'GET', `/api/drops/${dropId}/queue/me`, buyer.cookie)).json<QueueStatus>();

describe("a first-come drop's figures", () => {
  it("shows staff who joined, was admitted, bought and holds a turn, in the drop's detail and the list", async () => {
    const { productId, drop } = await liveRoom('Figures Shoe', 1);
    const people = await entrants(app(), 3, 'figures');
    await moveDrop(app(), drop.id, { release: 5 });
    for (const person of people) expect((await join(person, drop.id)).statusCode).toBe(200);

    const detail = async () =>
      (await send(app(), 'GET', `/api/drops/${drop.id}`, admin().cookie)).json<Drop>().room;
    const listed = async () =>
      (await send(app(), 'GET', '/api/admin/drops', admin().cookie))
        .json<{ drops: DropSummary[] }>()
        .drops.find((one) => one.id === drop.id)?.room;
    const before = { joined: 3, admitted: 0, bought: 0, holding: 0 };
    expect(await detail()).toEqual(before);
    expect(await listed()).toEqual(before);

    await moveDrop(app(), drop.id, { release: 0 });
    const statuses = await Promise.all(people.map((person) => poll(person, drop.id)));
    const index = statuses.findIndex((status) => status.admitted);
    const lucky = people[index] as Buyer;
    const token = (statuses[index] as { token: string }).token;
    const holding = { joined: 3, admitted: 1, bought: 0, holding: 1 };
    expect(await detail()).toEqual(holding);
    expect(await listed()).toEqual(holding);

    const bought = await send(app(), 'POST', '/api/checkouts', lucky.cookie, {
      products: [dropLine(productId)],
      user: {},
      admission: token,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await payOnTestGateway(app(), bought.json().url);
    const sold = { joined: 3, admitted: 1, bought: 1, holding: 0 };
    expect(await detail()).toEqual(sold);
    expect(await listed()).toEqual(sold);
    const [ticket] = await app().db.select().from(dropTicket).where(eq(dropTicket.userId, lucky.id));
    expect(ticket).toMatchObject({ orderId: bought.json().orderId, boughtAt: expect.any(Date) });
  });
});

describe("the cart and a drop's per-person limit", () => {
  it('says how many pairs the limit still allows and why, before checkout refuses more', async () => {
    const { productId, drop } = await liveRoom('Limit Shoe', 5);
    await moveDrop(app(), drop.id, { release: 0 });
    const [buyer] = (await entrants(app(), 1, 'limited')) as [Buyer];
    const cartLimit = async (cookie?: string) =>
      (
        await send(app(), 'POST', '/api/cart/check', cookie, {
          products: [{ id: productId, size: '9' }],
        })
      ).json().lines[0].limit;
    const reason = 'This release is limited to one pair per person';
    expect(await cartLimit()).toEqual({ pairs: 1, reason });
    expect(await cartLimit(buyer.cookie)).toEqual({ pairs: 1, reason });

    const status = (await join(buyer, drop.id)).json<QueueStatus>();
    const admission = (status as { token: string }).token;
    const twice = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [dropLine(productId, 2)],
      user: {},
      admission,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({
      code: 'DROP_LIMIT_REACHED',
      message: reason,
      fields: { 'products.0': 'at most 1 per person' },
    });
    const once = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [dropLine(productId)],
      user: {},
      admission,
    });
    expect(once.statusCode, once.body).toBe(200);
    expect(await cartLimit(buyer.cookie)).toEqual({ pairs: 0, reason: `${reason} and you already have 1` });

    const [other = ''] = await stockedProducts(app(), ['Unlimited Shoe'], 5);
    const plain = await send(app(), 'POST', '/api/cart/check', buyer.cookie, {
      products: [{ id: other, size: '9' }],
    });
    expect(plain.json().lines[0]).toMatchObject({ available: true, limit: null });
  });
});

/** Counts the statements the app sends its database while `work` runs. */
async function queriesDuring(work: () => Promise<unknown>): Promise<number> {
  const client = (app().db as unknown as { $client: Record<string, unknown> }).$client;
  const methods = ['query', 'exec', 'connect', 'transaction'].filter(
    (name) => typeof client[name] === 'function',
  );
  let count = 0;
  const originals = methods.map((name) => [name, client[name]] as const);
  for (const [name, original] of originals) {
    client[name] = (...args: unknown[]) => {
      count += 1;
      return (original as (...a: unknown[]) => unknown).apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
  return count;
}

describe('a poll of the waiting room', () => {
  it('reads no database: the session, the drop and the room are held in memory', async () => {
    const { drop } = await liveRoom('Quiet Poll Shoe', 5);
    await moveDrop(app(), drop.id, { release: 0 });
    const [first, second] = (await entrants(app(), 2, 'quiet')) as [Buyer, Buyer];
    expect((await join(first, drop.id)).statusCode).toBe(200);
    // The counter sees what the app sends: joining writes the place.
    expect(await queriesDuring(() => join(second, drop.id))).toBeGreaterThan(0);
    const expected = [await poll(first, drop.id), await poll(second, drop.id)];

    let answers: QueueStatus[] = [];
    const queries = await queriesDuring(async () => {
      answers = [];
      for (let round = 0; round < 5; round += 1)
        answers.push(await poll(first, drop.id), await poll(second, drop.id));
    });
    expect(queries).toBe(0);
    expect(answers).toHaveLength(10);
    expect(answers[8]).toMatchObject({ admitted: expected[0]?.admitted });
    expect(answers[9]).toMatchObject({ admitted: expected[1]?.admitted });
    // One shopper a minute, the first at the release: the first to arrive is in, the second waits.
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(5);
    expect(answers[1]).toMatchObject({ admitted: false, state: 'waiting', position: 1 });
  });

  it('still refuses a guest and someone not in the room', async () => {
    const { drop } = await liveRoom('Closed Poll Shoe', 2);
    await moveDrop(app(), drop.id, { release: -1 });
    const [outsider] = (await entrants(app(), 1, 'outsider')) as [Buyer];
    expect((await send(app(), 'GET', `/api/drops/${drop.id}/queue/me`)).statusCode).toBe(401);
    const stranger = await send(app(), 'GET', `/api/drops/${drop.id}/queue/me`, outsider.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
  });
});
