import type { Drop, DropChallenge } from '@shop/contracts';
import { solveChallenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { drop, dropEntry, user } from '../db/schema';
import { forgetDrop } from '../modules/drops';
import { type Buyer, quickBuyers } from './buyers';
import { send } from './shop';

/** `count` verified shoppers, each with a shipping address and phone number of their own. */
export async function entrants(app: FastifyInstance, count: number, prefix = 'entrant'): Promise<Buyer[]> {
  const buyers = await quickBuyers(app, count, prefix);
  for (const [index, buyer] of buyers.entries()) {
    await app.db
      .update(user)
      .set({
        address: `${index + 1} ${prefix} Street`,
        city: 'Springfield',
        state: 'IL',
        country: 'US',
        phone: `+1 555 ${String(index).padStart(7, '0')}`,
      })
      .where(eq(user.id, buyer.id));
  }
  return buyers;
}

/** The challenge's solution as a browser sends it: base64 of the challenge and the number found. */
async function solved(challenge: DropChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  expect(solution, 'the challenge has a solution').toBeTruthy();
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution?.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

const askChallenge = (app: FastifyInstance, cookie: string, dropId: string) =>
  send(app, 'GET', `/api/drops/${dropId}/challenge`, cookie);

/** A solved proof of work for entering the drop's draw, as a browser would send it. */
export async function proofFor(app: FastifyInstance, cookie: string, dropId: string): Promise<string> {
  const response = await askChallenge(app, cookie, dropId);
  expect(response.statusCode, response.body).toBe(200);
  return solved(response.json<DropChallenge>());
}

/** Enters as a browser does: asks for the challenge (answering its refusal, if any), solves it, enters. */
export async function enter(app: FastifyInstance, buyer: Buyer, dropId: string, size: string) {
  const challenge = await askChallenge(app, buyer.cookie, dropId);
  if (challenge.statusCode !== 200) return challenge;
  const proof = await solved(challenge.json<DropChallenge>());
  return send(app, 'POST', `/api/drops/${dropId}/entries`, buyer.cookie, { size, proof });
}

/** Creates a drop as staff; the answer must be a 201. */
export async function createDrop(
  app: FastifyInstance,
  adminCookie: string,
  body: Record<string, unknown>,
): Promise<Drop> {
  const response = await send(app, 'POST', '/api/drops', adminCookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Drop>();
}

const minutes = (count: number) => new Date(Date.now() + count * 60_000);

/** An ISO time `count` minutes from now. */
export const inMinutes = (count: number) => minutes(count).toISOString();

/**
 * Moves a drop's times as if the clock had moved: `release` and the entry's `opens`/`closes` in minutes
 * from now (negative: past).
 */
export async function moveDrop(
  app: FastifyInstance,
  dropId: string,
  times: { release?: number; opens?: number; closes?: number },
): Promise<void> {
  await app.db
    .update(drop)
    .set({
      ...(times.release !== undefined ? { releaseAt: minutes(times.release) } : {}),
      ...(times.opens !== undefined ? { entryOpensAt: minutes(times.opens) } : {}),
      ...(times.closes !== undefined ? { entryClosesAt: minutes(times.closes) } : {}),
    })
    .where(eq(drop.id, dropId));
  forgetDrop(app.db, dropId);
}

/** Ends a winner's hold now, as if its purchase window had run out. */
export async function endHold(app: FastifyInstance, entryId: string): Promise<void> {
  await app.db
    .update(dropEntry)
    .set({ holdUntil: minutes(-1) })
    .where(eq(dropEntry.id, entryId));
}

export async function entryRows(app: FastifyInstance, dropId: string) {
  return app.db.select().from(dropEntry).where(eq(dropEntry.dropId, dropId));
}

/** Runs the minutely sweep now and waits for every job it caused. */
export async function sweepNow(app: FastifyInstance): Promise<void> {
  await app.jobs.send('sweep', {});
  await app.jobs.settled(30_000);
}

/** A cart line of a drop's product as the browser sends it (size 9 unless told). */
export const dropLine = (productId: string, count = 1, size = '9') => ({
  id: productId,
  name: 'Drop',
  description: '',
  img: '',
  size,
  count,
  price: 100,
  totalPrice: 100 * count,
});

/** Pays a checkout on the test gateway, from its payment page's address. */
export async function payOnTestGateway(app: FastifyInstance, url: string): Promise<void> {
  const paid = await send(app, 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
}
