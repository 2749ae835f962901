import type { ActivityEvent, Product } from '@shop/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, user } from '../../db/schema';
import { type Buyer, quickAdmin, quickBuyers, stockedProducts } from '../../test/buyers';
import { expectRefused, outsiders } from '../../test/outsiders';
import { storedPictures } from '../../test/product-pictures';
import { writeReview } from '../../test/reviews';
import { buy, cartLine, orderRow, type Pick, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app } = testShop();
let admin: Buyer;
let otherAdmin: Buyer;
let pictures: { card_picture: string; detail_picture: string; original_picture: string };

beforeAll(async () => {
  admin = await quickAdmin(app(), 'auditor');
  otherAdmin = await quickAdmin(app(), 'auditor');
  pictures = await storedPictures(app(), admin.cookie);
});

/** The events recorded about one subject, oldest first. */
const eventsOf = (subjectId: string) =>
  app()
    .db.select()
    .from(auditEvent)
    .where(eq(auditEvent.subjectId, subjectId))
    .orderBy(asc(auditEvent.createdAt), asc(auditEvent.id));

async function expectOneEvent(subjectId: string, expected: Record<string, unknown>) {
  const events = await eventsOf(subjectId);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject(expected);
}

const emailOf = async (id: string) =>
  (await app().db.select({ email: user.email }).from(user).where(eq(user.id, id)))[0]?.email ?? '';

async function stocked(units = 5): Promise<Pick> {
  const [id = ''] = await stockedProducts(
    app(),
    [`Audit Runner ${Math.random().toString(36).slice(2, 8)}`],
    units,
  );
  return { id, name: 'Audit Runner', size: '9', price: 100, units };
}

async function pendingOrder(buyer: Buyer, pick: Pick): Promise<string> {
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [cartLine(pick, 1)],
    finalAmount: pick.price,
    user: {},
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json<{ orderId: string }>().orderId;
}

/** Lists as the admin, or as `as` (undefined: a guest). */
const activity = (query: string, ...as: [string?]) =>
  send(app(), 'GET', `/api/admin/activity?${query}`, as.length > 0 ? as[0] : admin.cookie);

describe('products', () => {
  it('records create, update and archive with the admin, the kind and the fields before and after', async () => {
    const created = await send(app(), 'POST', '/api/products/create', admin.cookie, {
      name: 'Audit Glide',
      brand: 'nike',
      category: ['basketball'],
      color: 'Blue',
      gender: 'men',
      stock: { '9': 4, '9.5': 2 },
      ...pictures,
      release_date: '2024-03-15',
      price: 119.99,
      description: '<p>A light court shoe with a grippy sole for quick cuts.</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Product>()._id;
    await expectOneEvent(id, {
      actorId: admin.id,
      kind: 'product.create',
      subjectType: 'product',
      before: null,
      after: expect.objectContaining({ name: 'Audit Glide', price: 119.99, stock: { '9': 4, '9.5': 2 } }),
    });

    const modified = await send(app(), 'PUT', `/api/products/modify/${id}`, otherAdmin.cookie, {
      price: 99.5,
      stock: { '9': 1 },
    });
    expect(modified.statusCode, modified.body).toBe(200);
    const [, update] = await eventsOf(id);
    expect(update).toMatchObject({
      actorId: otherAdmin.id,
      kind: 'product.update',
      before: { name: 'Audit Glide', price: 119.99, stock: { '9': 4 } },
      after: { name: 'Audit Glide', price: 99.5, stock: { '9': 1 } },
    });

    expect((await send(app(), 'DELETE', `/api/products/${id}`, admin.cookie)).statusCode).toBe(204);
    const events = await eventsOf(id);
    expect(events).toHaveLength(3);
    expect(events[2]).toMatchObject({
      actorId: admin.id,
      kind: 'product.archive',
      before: { name: 'Audit Glide', archived: false },
      after: { name: 'Audit Glide', archived: true },
    });
  });

  it('records nothing for a refused change', async () => {
    const pick = await stocked();
    const [shopper] = (await quickBuyers(app(), 1, 'audit-shopper')) as [Buyer];
    const invalid = await send(app(), 'PUT', `/api/products/modify/${pick.id}`, admin.cookie, { price: -1 });
    expect(invalid.statusCode).toBe(400);
    const forbidden = await send(app(), 'PUT', `/api/products/modify/${pick.id}`, shopper.cookie, {
      price: 1,
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await send(app(), 'DELETE', `/api/products/${pick.id}`, shopper.cookie)).statusCode).toBe(403);
    expect(await eventsOf(pick.id)).toHaveLength(0);
  });
});

describe('users', () => {
  it('records suspend, reactivate, promote and demote, each once, without secrets', async () => {
    const [target] = (await quickBuyers(app(), 1, 'audit-target')) as [Buyer];
    const update = (payload: object) =>
      send(app(), 'PUT', `/api/users/update/${target.id}`, admin.cookie, payload);
    for (const payload of [{ status: false }, { status: true }, { roles: ['admin'] }, { roles: ['user'] }]) {
      const response = await update(payload);
      expect(response.statusCode, response.body).toBe(200);
    }
    const events = await eventsOf(target.id);
    expect(events.map((event) => [event.kind, event.before, event.after])).toEqual([
      ['user.suspend', { status: true }, { status: false }],
      ['user.reactivate', { status: false }, { status: true }],
      ['user.promote', { roles: ['user'] }, { roles: ['admin'] }],
      ['user.demote', { roles: ['admin'] }, { roles: ['user'] }],
    ]);
    expect(events.every((event) => event.actorId === admin.id && event.subjectType === 'user')).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(/password|token/i);
  });

  it('records a suspension by e-mail and both deletions by an admin', async () => {
    const [suspended, byId, byEmail] = (await quickBuyers(app(), 3, 'audit-victim')) as [Buyer, Buyer, Buyer];
    const suspend = await send(app(), 'PUT', '/api/user-suspended', otherAdmin.cookie, {
      email: await emailOf(suspended.id),
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    await expectOneEvent(suspended.id, { actorId: otherAdmin.id, kind: 'user.suspend' });

    expect((await send(app(), 'DELETE', `/api/users/${byId.id}`, admin.cookie)).statusCode).toBe(200);
    await expectOneEvent(byId.id, {
      actorId: admin.id,
      kind: 'user.delete',
      before: { status: true, roles: ['user'] },
      after: { deleted: true },
    });
    const email = await emailOf(byEmail.id);
    const deleted = await send(app(), 'PUT', '/api/user-deleted', admin.cookie, { email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectOneEvent(byEmail.id, { actorId: admin.id, kind: 'user.delete' });
    // The record of a deletion keeps no personal data of the deleted account.
    expect(JSON.stringify(await eventsOf(byEmail.id))).not.toContain(email);
  });

  it('records nothing for refused changes, nor for a shopper deleting their own account', async () => {
    const [shopper, leaver] = (await quickBuyers(app(), 2, 'audit-refused')) as [Buyer, Buyer];
    expect(
      (await send(app(), 'PUT', `/api/users/update/${admin.id}`, admin.cookie, { status: false })).statusCode,
    ).toBe(409);
    expect((await send(app(), 'DELETE', `/api/users/${admin.id}`, admin.cookie)).statusCode).toBe(409);
    const ownStatus = await send(app(), 'PUT', `/api/users/update/${shopper.id}`, shopper.cookie, {
      status: false,
    });
    expect(ownStatus.statusCode).toBe(400);
    const suspendAsShopper = await send(app(), 'PUT', '/api/user-suspended', shopper.cookie, {
      email: await emailOf(leaver.id),
    });
    expect(suspendAsShopper.statusCode).toBe(403);
    expect((await send(app(), 'DELETE', '/api/account', leaver.cookie)).statusCode).toBe(200);
    // The admin's own step-up (given before these calls) is the only record about them.
    for (const id of [admin.id, shopper.id, leaver.id]) {
      const events = await eventsOf(id);
      expect(events.filter((event) => event.kind !== 'security.step-up')).toHaveLength(0);
    }
  });
});

describe('orders', () => {
  it("records staff cancelling someone's pending order, not the buyer cancelling their own", async () => {
    const [buyer] = (await quickBuyers(app(), 1, 'audit-buyer')) as [Buyer];
    const pick = await stocked();
    const byStaff = await pendingOrder(buyer, pick);
    const cancelled = await send(app(), 'PUT', `/api/orders/${byStaff}`, admin.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectOneEvent(byStaff, {
      actorId: admin.id,
      kind: 'order.cancel',
      subjectType: 'order',
      before: { orderNumber: (await orderRow(app(), byStaff))?.number, state: 'pending' },
      after: { orderNumber: (await orderRow(app(), byStaff))?.number, state: 'cancelled' },
    });

    const byBuyer = await pendingOrder(buyer, pick);
    const own = await send(app(), 'PUT', `/api/orders/${byBuyer}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await eventsOf(byBuyer)).toHaveLength(0);
  });

  it('records a refund once; the refused second refund records nothing', async () => {
    const [buyer] = (await quickBuyers(app(), 1, 'audit-refund')) as [Buyer];
    const orderId = await buy(app(), buyer.cookie, await stocked(), 2);
    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, admin.cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await send(app(), 'POST', `/api/orders/${orderId}/refund`, admin.cookie)).statusCode).toBe(409);
    await expectOneEvent(orderId, {
      actorId: admin.id,
      kind: 'order.refund',
      before: { orderNumber: (await orderRow(app(), orderId))?.number, state: 'aprobed', refunded: false },
      after: { orderNumber: (await orderRow(app(), orderId))?.number, state: 'cancelled', amount: 200 },
    });
  });
});

describe('reviews', () => {
  it('records an admin deleting a review, not its author deleting their own', async () => {
    const [author] = (await quickBuyers(app(), 1, 'audit-author')) as [Buyer];
    const picks = [await stocked(), await stocked()];
    const reviewIds: string[] = [];
    for (const pick of picks) {
      await buy(app(), author.cookie, pick);
      reviewIds.push(
        await writeReview(app(), author, pick.id, {
          rating: 4,
          description: 'Comfortable from the first run.',
        }),
      );
    }
    const [staffDeleted = '', ownDeleted = ''] = reviewIds;

    const unknown = await send(app(), 'DELETE', `/api/reviews/product/${picks[0]?.id}`, admin.cookie, {
      _idReviews: [staffDeleted, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await eventsOf(staffDeleted)).toHaveLength(0);

    const deleted = await send(app(), 'DELETE', `/api/reviews/product/${picks[0]?.id}`, admin.cookie, {
      _idReviews: [staffDeleted],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectOneEvent(staffDeleted, {
      actorId: admin.id,
      kind: 'review.delete',
      subjectType: 'review',
      before: {
        product: picks[0]?.id,
        user: author.id,
        rating: 4,
        description: 'Comfortable from the first run.',
      },
      after: null,
    });

    const own = await send(app(), 'DELETE', `/api/reviews/user/${author.id}`, author.cookie, {
      _idReviews: [ownDeleted],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await eventsOf(ownDeleted)).toHaveLength(0);
  });
});

describe('GET /api/admin/activity', () => {
  let lister: Buyer;
  const subjects: string[] = [];
  beforeAll(async () => {
    // Nothing it does here needs a step-up, so its own step-up is not among the actions listed.
    lister = await quickAdmin(app(), 'audit-lister', { steppedUp: false });
    for (let index = 0; index < 3; index += 1) {
      const pick = await stocked();
      const response = await send(app(), 'DELETE', `/api/products/${pick.id}`, lister.cookie);
      expect(response.statusCode).toBe(204);
      subjects.push(pick.id);
    }
    const [target] = (await quickBuyers(app(), 1, 'audit-listed')) as [Buyer];
    const suspended = await send(app(), 'PUT', `/api/users/update/${target.id}`, lister.cookie, {
      status: false,
    });
    expect(suspended.statusCode).toBe(200);
    subjects.push(target.id);
  });

  it("lists a staff member's actions newest first, with who, what, before and after", async () => {
    const response = await activity(`actor=${lister.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { events } = response.json<{ events: ActivityEvent[] }>();
    expect(events.map((event) => event.subject.id)).toEqual([...subjects].reverse());
    expect(events[0]).toEqual({
      _id: expect.any(String),
      kind: 'user.suspend',
      actor: { _id: lister.id, username: expect.any(String), email: await emailOf(lister.id) },
      subject: { type: 'user', id: subjects[3] },
      before: { status: true },
      after: { status: false },
      date: expect.any(String),
    });
    const dates = events.map((event) => Date.parse(event.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('filters by kind and by staff member and kind together', async () => {
    const archived = (await activity(`actor=${lister.id}&kind=product.archive`)).json<{
      events: ActivityEvent[];
    }>();
    expect(archived.events.map((event) => event.subject.id)).toEqual(subjects.slice(0, 3).reverse());
    const all = (await activity('kind=product.archive&limit=100')).json<{ events: ActivityEvent[] }>();
    expect(all.events.length).toBeGreaterThanOrEqual(3);
    expect(all.events.every((event) => event.kind === 'product.archive')).toBe(true);
  });

  it('pages: default 50, at most 100', async () => {
    const page = (n: number) => activity(`actor=${lister.id}&limit=2&page=${n}`);
    const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.json().events.map((event: ActivityEvent) => event.subject.id)).toEqual([
      subjects[3],
      subjects[2],
    ]);
    expect(second.json().events.map((event: ActivityEvent) => event.subject.id)).toEqual([
      subjects[1],
      subjects[0],
    ]);
    expect(third.json().events).toEqual([]);
    expect((await activity('')).json().events.length).toBeLessThanOrEqual(50);
    for (const query of ['limit=101', 'limit=0', 'page=0', 'kind=user.hack', 'actor=nobody']) {
      expect((await activity(query)).statusCode, query).toBe(400);
    }
  });

  it('refuses a guest (401) and anyone but an admin (403)', async () => {
    const [shopper] = (await quickBuyers(app(), 1, 'audit-nosy')) as [Buyer];
    const callers = [...(await outsiders(app())), { name: 'other' as const, cookie: shopper.cookie }];
    for (const caller of callers) expectRefused(caller, await activity('', caller.cookie));
    expect((await activity('')).statusCode).toBe(200);
    expect((await send(app(), 'GET', '/api/admin/activity')).statusCode).toBe(401);
    expect((await activity('', shopper.cookie)).statusCode).toBe(403);
  });
});
