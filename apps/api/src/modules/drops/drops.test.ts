import { createHash, createHmac } from 'node:crypto';
import type { Drop, MyDropEntry, QueueStatus, StaffDropEntry } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dropEntry, order as orderTable } from '../../db/schema';
import { type Buyer, stockedProducts } from '../../test/buyers';
import {
  createDrop,
  endHold,
  enter,
  entrants,
  entryRows,
  inMinutes,
  moveDrop,
  proofFor,
  sweepNow,
} from '../../test/drops';
import { deliveredMail } from '../../test/mail';
import { send, stockOf } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff: admin } = testShop({ catalogue: true, staff: true });

const orderCount = async () => (await app().db.select({ n: count() }).from(orderTable))[0]?.n ?? 0;

/** A cart line of size 9 as the browser sends it. */
const line = (productId: string, count = 1, size = '9') => ({
  id: productId,
  name: 'Drop',
  description: '',
  img: '',
  size,
  count,
  price: 100,
  totalPrice: 100 * count,
});

function checkout(buyer: Buyer, lines: object[], extra: Record<string, unknown> = {}) {
  return send(app(), 'POST', '/api/checkouts', buyer.cookie, { products: lines, user: {}, ...extra });
}

async function pay(url: string) {
  const paid = await send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Recomputes a drawn drop from what it publishes, as anyone could: the commitment and each size's winners. */
function recompute(drop: Drop) {
  const seed = Buffer.from(drop.seed ?? '', 'hex');
  const key = (id: string) => createHmac('sha256', seed).update(id, 'utf8').digest('hex');
  const winners: Record<string, string[]> = {};
  for (const [size, ids] of Object.entries(drop.entries ?? {})) {
    const drawn = [...ids].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    winners[size] = drawn.slice(0, drop.winners?.[size]?.length ?? 0);
  }
  return { commitment: createHash('sha256').update(seed).digest('hex'), winners };
}

describe('staff schedule drops', () => {
  it('creates a draw with its commitment, refuses bad times, a second drop and non-staff, and locks it once started', async () => {
    const [productId] = await stockedProducts(app(), ['Staff Drop'], 3);
    const body = {
      productId,
      mode: 'draw',
      releaseAt: inMinutes(120),
      entryClosesAt: inMinutes(60),
      entryOpensAt: inMinutes(30),
    };
    const shopper = (await entrants(app(), 1, 'nosy'))[0] as Buyer;
    expect((await send(app(), 'POST', '/api/drops', undefined, body)).statusCode).toBe(401);
    expect((await send(app(), 'POST', '/api/drops', shopper.cookie, body)).statusCode).toBe(403);

    const past = await send(app(), 'POST', '/api/drops', admin().cookie, {
      ...body,
      releaseAt: inMinutes(-1),
      entryClosesAt: undefined,
      entryOpensAt: undefined,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ releaseAt: 'must be in the future' });
    const late = await send(app(), 'POST', '/api/drops', admin().cookie, {
      ...body,
      entryClosesAt: inMinutes(130),
    });
    expect(late.json().error.fields).toEqual({ entryClosesAt: 'must be at or before the release' });
    const queueWithEntry = await send(app(), 'POST', '/api/drops', admin().cookie, {
      ...body,
      mode: 'queue',
    });
    expect(queueWithEntry.statusCode).toBe(400);
    expect(queueWithEntry.json().error.fields.entryOpensAt).toBe('is only for a draw');

    const drop = await createDrop(app(), admin().cookie, body);
    expect(drop).toMatchObject({
      mode: 'draw',
      state: 'scheduled',
      perPersonLimit: 1,
      purchaseWindowMinutes: 30,
      seed: null,
    });
    expect(drop.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(drop.sizes).toEqual([{ size: '9', units: 3, entrants: 0 }]);
    const again = await send(app(), 'POST', '/api/drops', admin().cookie, body);
    expect(again.json().error.fields).toEqual({ productId: 'already has a drop' });

    const changed = await send(app(), 'PUT', `/api/drops/${drop.id}`, admin().cookie, {
      ...body,
      perPersonLimit: 2,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().perPersonLimit).toBe(2);
    await moveDrop(app(), drop.id, { opens: -1 });
    const locked = await send(app(), 'PUT', `/api/drops/${drop.id}`, admin().cookie, body);
    expect(locked.statusCode).toBe(409);

    const activity = await send(app(), 'GET', '/api/admin/activity?kind=drop.create', admin().cookie);
    expect(activity.json().events[0]).toMatchObject({
      subject: { type: 'drop', id: drop.id },
      after: { productId, mode: 'draw' },
    });
    const listed = await send(app(), 'GET', `/api/drops?productId=${productId}`);
    expect(listed.json().drops.map((d: Drop) => d.id)).toEqual([drop.id]);
  });

  it('refuses to sell a scheduled product before its release, and changes nothing', async () => {
    const [productId] = await stockedProducts(app(), ['Not Yet'], 3);
    await createDrop(app(), admin().cookie, { productId, mode: 'queue', releaseAt: inMinutes(60) });
    const [buyer] = await entrants(app(), 1, 'early');
    const before = await orderCount();
    const refused = await checkout(buyer as Buyer, [line(productId as string)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('DROP_NOT_RELEASED');
    expect(refused.json().error.fields['products.0']).toMatch(/^is released at /);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(app(), productId as string, 9)).toEqual({ units: 3, reserved: 0 });
  });
});

/**
 * A new product's draw of `units` pairs (size 9), its entry open until an hour from now, and `count` new
 * entrants (their addresses named after `prefix`), each entered for size 9: with their entries' ids.
 */
async function enteredDraw(name: string, units: number, count: number, prefix: string) {
  const [productId = ''] = await stockedProducts(app(), [name], units);
  const drop = await createDrop(app(), admin().cookie, {
    productId,
    mode: 'draw',
    releaseAt: inMinutes(90),
    entryClosesAt: inMinutes(60),
  });
  const people = await entrants(app(), count, prefix);
  const ids = new Map<string, string>();
  for (const person of people) {
    const entered = await enter(app(), person, drop.id, '9');
    expect(entered.statusCode, entered.body).toBe(201);
    ids.set(person.id, entered.json().id);
  }
  return { productId, drop, people, ids };
}

describe('a draw', () => {
  it('takes one entry per person, per address and per phone, each costing a fresh proof of work', async () => {
    const { drop, people, ids } = await enteredDraw('Entry Shoe', 2, 6, 'drawer');
    const [first, second] = people as [Buyer, Buyer];
    const twice = await enter(app(), first, drop.id, '9');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_ENTERED');

    // Another account at the first one's address, written differently.
    const [twin] = (await entrants(app(), 1, 'twin')) as [Buyer];
    await send(app(), 'PUT', `/api/users/update/${twin.id}`, twin.cookie, {
      address: '1 DRAWER street.',
      city: 'springfield',
      state: 'il',
      country: 'us',
    });
    const sameAddress = await enter(app(), twin, drop.id, '9');
    expect(sameAddress.statusCode).toBe(409);
    expect(sameAddress.json().error.message).toMatch(/same shipping address|this shipping address/);

    const proof = await proofFor(app(), second.cookie, drop.id);
    await send(app(), 'DELETE', `/api/drops/${drop.id}/entries/me`, second.cookie);
    const first_ = await send(app(), 'POST', `/api/drops/${drop.id}/entries`, second.cookie, {
      size: '9',
      proof,
    });
    expect(first_.statusCode).toBe(201);
    ids.set(second.id, first_.json().id);
    await send(app(), 'DELETE', `/api/drops/${drop.id}/entries/me`, second.cookie);
    const replayed = await send(app(), 'POST', `/api/drops/${drop.id}/entries`, second.cookie, {
      size: '9',
      proof,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('PROOF_INVALID');
    const forged = await send(app(), 'POST', `/api/drops/${drop.id}/entries`, second.cookie, {
      size: '9',
      proof: Buffer.from('{"challenge":"x"}').toString('base64'),
    });
    expect(forged.json().error.code).toBe('PROOF_INVALID');
    const wrongSize = await send(app(), 'POST', `/api/drops/${drop.id}/entries`, second.cookie, {
      size: '12',
      proof: await proofFor(app(), second.cookie, drop.id),
    });
    expect(wrongSize.json().error.fields).toEqual({ size: 'is not a size of this release' });
    const back = await enter(app(), second, drop.id, '9');
    expect(back.statusCode).toBe(201);
    ids.set(second.id, back.json().id);

    const mine = await send(app(), 'GET', `/api/drops/${drop.id}/entries/me`, first.cookie);
    expect(mine.json<MyDropEntry>()).toMatchObject({
      id: ids.get(first.id),
      size: '9',
      status: 'entered',
      rank: null,
    });
    expect((await send(app(), 'GET', `/api/drops/${drop.id}`)).json<Drop>().sizes).toEqual([
      { size: '9', units: 2, entrants: 6 },
    ]);
  });

  it('draws at the close from the committed seed: anyone recomputes the same winners, whose pairs are held', async () => {
    const { productId, drop, ids } = await enteredDraw('Close Shoe', 2, 6, 'closer');
    expect((await send(app(), 'POST', `/api/drops/${drop.id}/draw`, admin().cookie)).statusCode).toBe(409);
    await moveDrop(app(), drop.id, { opens: -2, closes: -1 });
    const [late] = (await entrants(app(), 1, 'late')) as [Buyer];
    const challenge = await send(app(), 'GET', `/api/drops/${drop.id}/challenge`, late.cookie);
    expect(challenge.json().error.code).toBe('DROP_ENTRY_CLOSED');
    const entry = await send(app(), 'POST', `/api/drops/${drop.id}/entries`, late.cookie, {
      size: '9',
      proof: 'x',
    });
    expect(entry.json().error.code).toBe('DROP_ENTRY_CLOSED');
    await sweepNow(app());

    const drawn = (await send(app(), 'GET', `/api/drops/${drop.id}`)).json<Drop>();
    expect(drawn.drawnAt).not.toBeNull();
    expect(drawn.state).toBe('drawn');
    const check = recompute(drawn);
    expect(check.commitment).toBe(drop.commitment);
    expect(drawn.winners).toEqual(check.winners);
    expect(drawn.winners?.['9']).toHaveLength(2);
    expect([...(drawn.entries?.['9'] ?? [])].sort()).toEqual([...ids.values()].sort());
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 0, reserved: 2 });
    expect((await send(app(), 'POST', `/api/drops/${drop.id}/draw`, admin().cookie)).statusCode).toBe(409);

    const mail = await deliveredMail(app());
    expect(mail.filter((m) => m.subject.includes('you won a pair of Close Shoe'))).toHaveLength(2);
    expect(mail.filter((m) => m.subject.includes('the draw for Close Shoe'))).toHaveLength(4);
  });

  it('lets only a winner buy, one pair, from the release; a winner who does not pay passes the pair on once', async () => {
    const { productId, drop, people } = await enteredDraw('Winner Shoe', 2, 6, 'winner');
    await moveDrop(app(), drop.id, { opens: -2, closes: -1 });
    await sweepNow(app());
    const rows = await entryRows(app(), drop.id);
    const winners = rows.filter((row) => row.status === 'won');
    const loser = people.find((p) => rows.find((r) => r.userId === p.id)?.status === 'waiting') as Buyer;
    const winner = people.find((p) => p.id === winners[0]?.userId) as Buyer;
    const quitter = people.find((p) => p.id === winners[1]?.userId) as Buyer;

    expect((await checkout(winner, [line(productId)])).json().error.code).toBe('DROP_NOT_RELEASED');
    await moveDrop(app(), drop.id, { release: -1 });
    expect((await checkout(loser, [line(productId)])).json().error.code).toBe('DROP_NOT_WON');
    // The cart shows the winner their held pair; everyone else sees the size sold out.
    const cartOf = async (buyer?: Buyer) =>
      (
        await send(app(), 'POST', '/api/cart/check', buyer?.cookie, {
          products: [{ id: productId, size: '9' }],
        })
      ).json().lines[0];
    expect(await cartOf(winner)).toMatchObject({ available: true, units: 1 });
    expect(await cartOf(loser)).toMatchObject({ available: false, units: 0 });
    expect(await cartOf()).toMatchObject({ available: false, units: 0 });
    expect((await checkout(winner, [line(productId, 2)])).json().error.code).toBe('DROP_LIMIT_REACHED');
    const bought = await checkout(winner, [line(productId)]);
    expect(bought.statusCode, bought.body).toBe(200);
    await pay(bought.json().url);
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 0, reserved: 1 });
    const [paid] = await app().db.select().from(dropEntry).where(eq(dropEntry.userId, winner.id));
    expect(paid?.status).toBe('bought');

    await endHold(app(), winners[1]?.id as string);
    await sweepNow(app());
    await sweepNow(app());
    const after = await entryRows(app(), drop.id);
    expect(after.find((row) => row.userId === quitter.id)?.status).toBe('lapsed');
    const promoted = after.filter((row) => row.status === 'won');
    expect(promoted).toHaveLength(1);
    expect(promoted[0]?.rank).toBe(3);
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 0, reserved: 1 });

    const staff = await send(app(), 'GET', `/api/drops/${drop.id}/entries`, admin().cookie);
    expect(staff.json<{ entries: StaffDropEntry[] }>().entries.filter((e) => e.paid)).toHaveLength(1);
    const csv = await app().inject({
      method: 'GET',
      url: `/api/drops/${drop.id}/entries`,
      headers: { cookie: admin().cookie, accept: 'text/csv' },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'entry,size,status,rank,winner,username,email,hold_until,order,paid,entered_at',
    );
    expect(csv.body.trim().split('\r\n')).toHaveLength(7);
  });
});

describe('a first-come release through the waiting room', () => {
  it('shuffles the pre-queue, admits with a signed token bound to the account, and holds the limit', async () => {
    const [productId = ''] = await stockedProducts(app(), ['Queue Shoe'], 5);
    const drop = await createDrop(app(), admin().cookie, {
      productId,
      mode: 'queue',
      releaseAt: inMinutes(30),
      preQueueMinutes: 10,
      admissionPerMinute: 1,
    });
    const [first, second, third] = (await entrants(app(), 3, 'queuer')) as [Buyer, Buyer, Buyer];
    const early = await send(app(), 'POST', `/api/drops/${drop.id}/queue`, first.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('DROP_NOT_RELEASED');

    await moveDrop(app(), drop.id, { release: 5 });
    for (const person of [first, second, third]) {
      const joined = await send(app(), 'POST', `/api/drops/${drop.id}/queue`, person.cookie);
      expect(joined.json<QueueStatus>()).toMatchObject({
        admitted: false,
        state: 'pre_queue',
        position: null,
      });
    }
    expect((await send(app(), 'POST', `/api/drops/${drop.id}/queue`, first.cookie)).statusCode).toBe(200);

    await moveDrop(app(), drop.id, { release: 0 });
    const statuses = await Promise.all(
      [first, second, third].map(async (person) =>
        (await send(app(), 'GET', `/api/drops/${drop.id}/queue/me`, person.cookie)).json<QueueStatus>(),
      ),
    );
    const admitted = statuses.filter((status) => status.admitted);
    expect(admitted).toHaveLength(1);
    const waiting = statuses
      .filter((status) => !status.admitted)
      .map((status) => (status.admitted ? 0 : status.position));
    expect(waiting.sort()).toEqual([1, 2]);

    const lucky = [first, second, third][statuses.findIndex((status) => status.admitted)] as Buyer;
    const other = [first, second, third].find((person) => person !== lucky) as Buyer;
    const token = (admitted[0] as { token: string }).token;
    expect((await checkout(lucky, [line(productId)])).json().error.code).toBe('DROP_ADMISSION_REQUIRED');
    expect((await checkout(other, [line(productId)], { admission: token })).json().error.code).toBe(
      'DROP_ADMISSION_REQUIRED',
    );
    expect((await checkout(lucky, [line(productId)], { admission: `${token}x` })).json().error.code).toBe(
      'DROP_ADMISSION_REQUIRED',
    );
    const before = await orderCount();
    const bought = await checkout(lucky, [line(productId)], { admission: token });
    expect(bought.statusCode, bought.body).toBe(200);
    const again = await checkout(lucky, [line(productId)], { admission: token });
    expect(again.json().error.code).toBe('DROP_LIMIT_REACHED');
    expect(await orderCount()).toBe(before + 1);
  });
});

describe('notify me', () => {
  it('e-mails each shopper who asked once, when the entry opens', async () => {
    const [productId = ''] = await stockedProducts(app(), ['Notice Shoe'], 2);
    const drop = await createDrop(app(), admin().cookie, {
      productId,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryOpensAt: inMinutes(30),
      entryClosesAt: inMinutes(60),
    });
    const [fan] = (await entrants(app(), 1, 'fan')) as [Buyer];
    expect((await send(app(), 'POST', `/api/drops/${drop.id}/notify`, fan.cookie)).json()).toEqual({
      notify: true,
    });
    expect((await send(app(), 'GET', `/api/drops/${drop.id}/notify`, fan.cookie)).json()).toEqual({
      notify: true,
    });
    await moveDrop(app(), drop.id, { opens: -1 });
    await sweepNow(app());
    await sweepNow(app());
    const mail = await deliveredMail(app());
    expect(mail.filter((m) => m.subject.includes('the draw for Notice Shoe is open'))).toHaveLength(1);
  });
});

describe("a winner's unpaid order", () => {
  it('keeps the pair for the winner when cancelled within the window, and passes it on once when it runs out', async () => {
    const { productId, drop, people } = await enteredDraw('Window Shoe', 1, 2, 'window');
    await moveDrop(app(), drop.id, { opens: -3, closes: -2, release: -1 });
    expect((await send(app(), 'POST', `/api/drops/${drop.id}/draw`, admin().cookie)).statusCode).toBe(200);
    const rows = await entryRows(app(), drop.id);
    const winnerRow = rows.find((row) => row.status === 'won');
    const winner = people.find((person) => person.id === winnerRow?.userId) as Buyer;
    const next = people.find((person) => person !== winner) as Buyer;

    const first = await checkout(winner, [line(productId)]);
    expect(first.statusCode, first.body).toBe(200);
    const twice = await checkout(winner, [line(productId)]);
    expect(twice.json().error.code).toBe('DROP_LIMIT_REACHED');
    const cancelled = await send(app(), 'PUT', `/api/orders/${first.json().orderId}`, winner.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await entryRows(app(), drop.id)).find((row) => row.id === winnerRow?.id)).toMatchObject({
      status: 'won',
      orderId: null,
    });
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 0, reserved: 1 });

    const second = await checkout(winner, [line(productId)]);
    expect(second.statusCode, second.body).toBe(200);
    const orderId = second.json().orderId as string;
    // The window and the order's reservation run out together.
    await endHold(app(), winnerRow?.id as string);
    await app()
      .db.update(orderTable)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(orderTable.id, orderId));
    await sweepNow(app());
    await sweepNow(app());
    const after = await entryRows(app(), drop.id);
    expect(after.find((row) => row.userId === winner.id)?.status).toBe('lapsed');
    expect(after.find((row) => row.userId === next.id)?.status).toBe('won');
    expect(await stockOf(app(), productId, 9)).toEqual({ units: 0, reserved: 1 });
    const bought = await checkout(next, [line(productId)]);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await checkout(winner, [line(productId)])).json().error.code).toBe('DROP_NOT_WON');
  });
});
