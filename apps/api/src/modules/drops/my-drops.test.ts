import type { DropSummary, MyDrop } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropEntry } from '../../db/schema/drops';
import { type Buyer, stockedProducts } from '../../test/buyers';
import { createDrop, enter, entrants, inMinutes, moveDrop } from '../../test/drops';
import { deliveredMail } from '../../test/mail';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff: admin } = testShop({ catalogue: true, staff: true });

const mine = async (buyer: Buyer) => {
  const response = await send(app(), 'GET', '/api/drops/me', buyer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ drops: MyDrop[] }>().drops;
};

describe("a shopper's drops", () => {
  it('lists their draw entries with one waiting-list number, the same as the e-mail, and their room places', async () => {
    const [drawn = '', roomed = ''] = await stockedProducts(app(), ['Mine Draw', 'Mine Room'], 1);
    const draw = await createDrop(app(), admin().cookie, {
      productId: drawn,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryClosesAt: inMinutes(60),
    });
    const people = (await entrants(app(), 3, 'mine')) as [Buyer, Buyer, Buyer];
    for (const person of people) expect((await enter(app(), person, draw.id, '9')).statusCode).toBe(201);
    await moveDrop(app(), draw.id, { opens: -3, closes: -2, release: -1 });
    expect((await send(app(), 'POST', `/api/drops/${draw.id}/draw`, admin().cookie)).statusCode).toBe(200);

    const outcomes = await Promise.all(people.map(async (person) => (await mine(person))[0]?.entry));
    expect(outcomes.map((entry) => entry?.status).sort()).toEqual(['waiting', 'waiting', 'won']);
    // One pair: the losers drew ranks 2 and 3 and are numbers 1 and 2 on the waiting list.
    const losers = outcomes.filter((entry) => entry?.status === 'waiting');
    expect(losers.map((entry) => [entry?.rank, entry?.waitingList]).sort()).toEqual([
      [2, 1],
      [3, 2],
    ]);
    const mail = await deliveredMail(app());
    for (const entry of losers) {
      const news = mail.find((m) => m.text.includes(`Entry ${entry?.id}.`));
      expect(news?.text).toContain(`You are number ${entry?.waitingList} on the waiting list for that size`);
    }

    const room = await createDrop(app(), admin().cookie, {
      productId: roomed,
      mode: 'queue',
      releaseAt: inMinutes(30),
      preQueueMinutes: 10,
      admissionPerMinute: 1,
    });
    await moveDrop(app(), room.id, { release: 5 });
    const [first] = people;
    expect((await send(app(), 'POST', `/api/drops/${room.id}/queue`, first.cookie)).statusCode).toBe(200);
    const listed = await mine(first);
    // Newest release first: the room releases in five minutes, the draw released a minute ago.
    expect(listed.map((one) => one.drop.id)).toEqual([room.id, draw.id]);
    expect(listed[0]).toMatchObject({
      drop: { mode: 'queue', state: 'pre_queue', product: { name: 'Mine Room' } },
      entry: null,
      place: { state: 'pre_queue', position: null, bought: false },
    });
    expect(listed[1]?.place).toBeNull();
    expect((await send(app(), 'GET', '/api/drops/me')).statusCode).toBe(401);
  });

  it('still says how the draw went once the drop is over, when the product page no longer lists it', async () => {
    const [productId = ''] = await stockedProducts(app(), ['Over Draw'], 1);
    const draw = await createDrop(app(), admin().cookie, {
      productId,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryClosesAt: inMinutes(60),
    });
    const people = (await entrants(app(), 2, 'over')) as [Buyer, Buyer];
    for (const person of people) expect((await enter(app(), person, draw.id, '9')).statusCode).toBe(201);
    await moveDrop(app(), draw.id, { opens: -3, closes: -2, release: -1 });
    expect((await send(app(), 'POST', `/api/drops/${draw.id}/draw`, admin().cookie)).statusCode).toBe(200);
    // The winner paid (as the checkout marks it): no pair is held any more, so the drop is over.
    await app()
      .db.update(dropEntry)
      .set({ status: 'bought', holdUntil: null })
      .where(and(eq(dropEntry.dropId, draw.id), eq(dropEntry.status, 'won')));

    const listed = await send(app(), 'GET', `/api/drops?productId=${productId}`);
    expect(listed.json<{ drops: DropSummary[] }>().drops).toEqual([]);
    const outcomes = await Promise.all(people.map(async (person) => (await mine(person))[0]));
    for (const outcome of outcomes) expect(outcome?.drop).toMatchObject({ id: draw.id, state: 'finished' });
    expect(outcomes.map((one) => [one?.entry?.status, one?.entry?.waitingList]).sort()).toEqual([
      ['bought', null],
      ['waiting', 1],
    ]);
  });
});
