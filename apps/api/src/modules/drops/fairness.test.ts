import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropTicket } from '../../db/schema';
import { quickBuyers, stockedProducts } from '../../test/buyers';
import { createDrop, inMinutes, moveDrop } from '../../test/drops';
import { testShop } from '../../test/test-shop';
import { shuffledPlace } from './admission';
import { drawnOrder } from './draw';
import { joinRoom } from './drops.repository';

/** Spearman's rank correlation of two rankings of the same n items (no ties). */
function spearman(a: number[], b: number[]): number {
  const n = a.length;
  const squared = a.reduce((sum, rank, index) => sum + (rank - (b[index] ?? 0)) ** 2, 0);
  return 1 - (6 * squared) / (n * (n * n - 1));
}

const { app, staff } = testShop({ staff: true });

describe('the waiting room is fair', () => {
  it("admits the pre-queue in an order independent of arrival: Spearman's rho over 10,000 shoppers stays within chance", async () => {
    const DROPS = 10;
    const SHOPPERS = 1000;
    const people = await quickBuyers(app(), SHOPPERS, 'arrival');
    const products = await stockedProducts(
      app(),
      Array.from({ length: DROPS }, (_, i) => `Fair Room ${i}`),
      100,
    );
    const arrivals: number[] = [];
    const admissions: number[] = [];
    const perDrop: number[] = [];
    for (const productId of products) {
      const { id: dropId } = await createDrop(app(), staff().cookie, {
        productId,
        mode: 'queue',
        releaseAt: inMinutes(10),
        admissionPerMinute: 100,
      });
      // Shoppers arrive one after the other, in the order of `people`, each drawing their place as they join.
      for (const person of people)
        await joinRoom(app().db, { dropId, userId: person.id, phase: 0, place: shuffledPlace() });
      const admitted = await app()
        .db.select({ userId: dropTicket.userId })
        .from(dropTicket)
        .where(eq(dropTicket.dropId, dropId))
        .orderBy(asc(dropTicket.phase), asc(dropTicket.place));
      const rankOf = new Map(admitted.map((ticket, index) => [ticket.userId, index]));
      const arrival = people.map((_, index) => index);
      const admission = people.map((person) => rankOf.get(person.id) ?? -1);
      perDrop.push(spearman(arrival, admission));
      arrivals.push(...arrival);
      admissions.push(...admission);
    }
    // Pooled over the drops: each drop's ranks are compared with its own arrivals, 10,000 pairs in all.
    const pooled = perDrop.reduce((sum, rho) => sum + rho, 0) / perDrop.length;
    expect(arrivals).toHaveLength(DROPS * SHOPPERS);
    expect(Math.abs(pooled)).toBeLessThan(0.05);
    // One drop of 1,000: rho's standard deviation is about 0.032; 0.15 is over four of them.
    for (const rho of perDrop) expect(Math.abs(rho)).toBeLessThan(0.15);
  }, 120_000);

  it('queues arrivals after the release behind the whole pre-queue, in arrival order', async () => {
    const people = await quickBuyers(app(), 6, 'late');
    const [productId = ''] = await stockedProducts(app(), ['Late Room'], 10);
    const { id: dropId } = await createDrop(app(), staff().cookie, {
      productId,
      mode: 'queue',
      releaseAt: inMinutes(10),
      admissionPerMinute: 10,
    });
    await moveDrop(app(), dropId, { release: 0 });
    const [a, b, c, d, e, f] = people.map((person) => person.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    for (const userId of [a, b, c])
      await joinRoom(app().db, { dropId, userId, phase: 0, place: shuffledPlace() });
    for (const userId of [d, e, f]) await joinRoom(app().db, { dropId, userId, phase: 1, place: 'next' });
    const order = await app()
      .db.select({ userId: dropTicket.userId })
      .from(dropTicket)
      .where(eq(dropTicket.dropId, dropId))
      .orderBy(asc(dropTicket.phase), asc(dropTicket.place));
    expect(order.slice(3).map((ticket) => ticket.userId)).toEqual([d, e, f]);
    expect(new Set(order.slice(0, 3).map((ticket) => ticket.userId))).toEqual(new Set([a, b, c]));
  });
});

describe('the draw is fair', () => {
  it("gives every entrant the same chance of a pair, whatever their entry's place (chi-square over 2,000 draws)", () => {
    const ENTRANTS = 40;
    const UNITS = 8;
    const DRAWS = 2000;
    const ids = Array.from({ length: ENTRANTS }, () => randomBytes(10).toString('hex'));
    const wins = new Map(ids.map((id) => [id, 0]));
    for (let draw = 0; draw < DRAWS; draw += 1) {
      for (const id of drawnOrder(randomBytes(32).toString('hex'), ids).slice(0, UNITS))
        wins.set(id, (wins.get(id) ?? 0) + 1);
    }
    const expected = (DRAWS * UNITS) / ENTRANTS;
    const chiSquare = [...wins.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 39 degrees of freedom: 72.05 is the 0.1% critical value.
    expect(chiSquare).toBeLessThan(72.05);
    // Entering first or last makes no difference either.
    const byPlace = ids.map((id) => wins.get(id) ?? 0);
    const order = byPlace.map((_, index) => index);
    const rankOfWins = [...byPlace.keys()].sort((x, y) => (byPlace[x] ?? 0) - (byPlace[y] ?? 0) || x - y);
    const ranks = new Array<number>(ENTRANTS);
    rankOfWins.forEach((place, rank) => {
      ranks[place] = rank;
    });
    expect(Math.abs(spearman(order, ranks))).toBeLessThan(0.6);
  });
});
