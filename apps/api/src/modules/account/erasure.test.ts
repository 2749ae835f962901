import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, erasure, order, session, user } from '../../db/schema';
import { signUp } from '../../test/accounts';
import type { Buyer } from '../../test/buyers';
import { stockedProducts } from '../../test/buyers';
import { createDrop, enter, inMinutes } from '../../test/drops';
import { deliveredMail } from '../../test/mail';
import { writeReview } from '../../test/reviews';
import { shipOrder } from '../../test/shipments';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { readOutbox } from '../mail/mailer';

const { app, adminCookie, staff } = testShop({ accounts: true, staff: true });

const erase = (cookie: string) => send(app(), 'DELETE', '/api/account', cookie);

/** A shopper with a profile of values no other test uses: name, street, phone. */
async function person() {
  const account = await verifiedBuyer(app());
  // Letters only (a full name takes no digits), and digits for the phone.
  const tag = randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)] ?? 'g');
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const values = {
    fullName: `Erna Tracewell ${tag}`,
    address: `${tag} Rue des Erasures`,
    phone: `+33 6 ${digits}`,
    city: 'Lyon',
    postalCode: '69001',
    country: 'France',
  };
  const profile = await send(app(), 'PUT', `/api/users/update/${account.id}`, account.cookie, values);
  expect(profile.statusCode, profile.body).toBe(200);
  // The phone as the shop keeps it (normalised), which is what copies of it hold.
  const [row] = await app().db.select({ phone: user.phone }).from(user).where(eq(user.id, account.id));
  return { ...account, ...values, phone: row?.phone ?? values.phone, tag };
}

/** Every text, character and JSON column of every table (the shop's and the job queue's). */
async function textColumns(): Promise<{ schema: string; table: string; column: string }[]> {
  const result = await app().db.execute(sql`
    SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema IN ('public', 'pgboss') AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`);
  return (result as unknown as { rows: { schema: string; table: string; column: string }[] }).rows;
}

/** Where in the database and the outbox any of `values` is still found, as `table.column: value`. */
async function tracesOf(values: string[]): Promise<string[]> {
  const found: string[] = [];
  const needles = values.map((value) => value.toLowerCase());
  for (const { schema, table, column } of await textColumns()) {
    for (const needle of needles) {
      const result = await app().db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(schema)}.${sql.identifier(table)}
            WHERE strpos(lower(${sql.identifier(column)}::text), ${needle}) > 0`,
      );
      const [{ n }] = (result as unknown as { rows: [{ n: number }] }).rows;
      if (n > 0) found.push(`${schema}.${table}.${column}: ${needle}`);
    }
  }
  for (const message of await readOutbox(app().config.mail.outboxDir)) {
    const text = JSON.stringify(message).toLowerCase();
    for (const needle of needles)
      if (text.includes(needle)) found.push(`outbox ${message.subject}: ${needle}`);
  }
  return found;
}

describe('erasure leaves no trace of the person', () => {
  it('finds 0 values of their e-mail, name, phone or address anywhere, while the order still adds up', async () => {
    const [pickId = '', soldOutId = '', dropProductId = ''] = await stockedProducts(
      app(),
      ['Erased Runner', 'Erased Sold Out', 'Erased Drop'],
      5,
    );
    const pick: Pick = { id: pickId, name: 'Erased Runner', size: '9', price: 100, units: 5 };
    const leaver = await person();
    // What the shop holds of them: an order (its ship-to, its e-mails), a return with their words, a
    // review, an alert, a draw entry, store credit, and staff's changes to their profile.
    const orderId = await buy(app(), leaver.cookie, pick);
    await shipOrder(app(), orderId, { deliveredAt: new Date() });
    const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, leaver.cookie, {
      lines: [{ productId: pick.id, size: '9', count: 1, resolution: 'refund' }],
      reason: 'too_small',
      comment: `Signed ${leaver.fullName}, call ${leaver.phone}`,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const cancelled = await send(
      app(),
      'POST',
      `/api/returns/${opened.json<{ id: string }>().id}/cancel`,
      leaver.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await writeReview(app(), leaver, pick.id, { rating: 4, description: `Fits ${leaver.fullName} well.` });
    await app().db.execute(sql`UPDATE product_stock SET units = 0 WHERE product_id = ${soldOutId}`);
    await send(app(), 'POST', '/api/stock-alerts', leaver.cookie, { productId: soldOutId, size: '9' });
    const movedAddress = `${leaver.tag} Avenue Nouvelle`;
    const edited = await send(app(), 'PUT', `/api/users/update/${leaver.id}`, adminCookie(), {
      address: movedAddress,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const draw = await createDrop(app(), adminCookie(), {
      productId: dropProductId,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryClosesAt: inMinutes(60),
    });
    const entered = await enter(app(), leaver as unknown as Buyer, draw.id, '9');
    expect(entered.statusCode, entered.body).toBe(201);
    const granted = await send(app(), 'POST', `/api/users/${leaver.id}/credit`, adminCookie(), {
      amount: 5,
      reason: 'Sorry for the late parcel',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    await deliveredMail(app());
    const values = [
      leaver.email,
      leaver.username,
      leaver.fullName,
      leaver.phone,
      leaver.address,
      movedAddress,
    ];
    const found = await tracesOf(values);
    for (const where of ['public.order.ship_to', 'public.drop_entry.phone_key', 'public.audit_event.before'])
      expect(
        found.some((trace) => trace.startsWith(where)),
        `the test finds ${where}`,
      ).toBe(true);
    const before = (await send(app(), 'GET', `/api/orders/${orderId}`, adminCookie())).json();

    // Someone else in the same city: their record keeps it (a city names nobody).
    const neighbour = await verifiedBuyer(app());
    const moved = await send(app(), 'PUT', `/api/users/update/${neighbour.id}`, adminCookie(), {
      city: 'Lyon',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const erased = await erase(leaver.cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ erased: true });

    expect(await tracesOf(values)).toEqual([]);
    const [neighbourEvent] = await app()
      .db.select({ after: auditEvent.after })
      .from(auditEvent)
      .where(and(eq(auditEvent.kind, 'user.update'), eq(auditEvent.subjectId, neighbour.id)));
    expect(neighbourEvent?.after).toMatchObject({ city: 'Lyon' });
    // The order is an accounting record still: the same money, lines and tax, to the same country.
    const after = (await send(app(), 'GET', `/api/orders/${orderId}`, adminCookie())).json();
    const [row] = await app().db.select().from(user).where(eq(user.id, leaver.id));
    const number = Number(row?.username.replace('erased-', ''));
    expect(row).toMatchObject({
      name: `Erased customer #${number}`,
      username: `erased-${number}`,
      banned: true,
    });
    expect(after).toMatchObject({
      finalAmount: before.finalAmount,
      products: before.products,
      tax: before.tax,
      state: 'aprobed',
      user: { username: `erased-${number}` },
    });
    const [kept] = await app().db.select({ shipTo: order.shipTo }).from(order).where(eq(order.id, orderId));
    expect(kept?.shipTo).toMatchObject({ country: 'France', fullName: '', address: '', phone: '' });
    // The erasure itself is on record, by its number.
    const [record] = await app().db.select().from(erasure).where(eq(erasure.userId, leaver.id));
    expect(record).toMatchObject({ number, requestedBy: null, erasedAt: expect.any(Date) });
  });
});

describe('an erasure waits while something holds it', () => {
  it('holds while an order is open, and the privacy job erases once it is delivered', async () => {
    const [pickId = ''] = await stockedProducts(app(), ['Held Runner'], 5);
    const holder = await person();
    const orderId = await buy(app(), holder.cookie, {
      id: pickId,
      name: 'Held Runner',
      size: '9',
      price: 100,
      units: 5,
    });
    const held = await erase(holder.cookie);
    expect(held.statusCode, held.body).toBe(202);
    const { number } =
      (await app().db.select({ number: order.number }).from(order).where(eq(order.id, orderId)))[0] ?? {};
    expect(held.json()).toEqual({
      heldUntil: null,
      reason: `Order #${number} is still open: your data is erased once it is closed (delivered, cancelled or refunded).`,
    });
    // Nothing is erased yet: the person can still follow their order.
    expect((await send(app(), 'GET', `/api/orders/${orderId}`, holder.cookie)).statusCode).toBe(200);
    // Asking again says the same.
    expect((await erase(holder.cookie)).statusCode).toBe(202);

    await app().jobs.send('privacy', {});
    await app().jobs.settled(30_000);
    expect((await app().db.select().from(user).where(eq(user.id, holder.id)))[0]?.email).toBe(holder.email);

    await shipOrder(app(), orderId, { deliveredAt: new Date() });
    await app().jobs.send('privacy', {});
    await app().jobs.settled(30_000);
    const [row] = await app().db.select().from(user).where(eq(user.id, holder.id));
    expect(row?.email).toMatch(/^erased-\d+@deleted\.invalid$/);
    expect(await tracesOf([holder.email, holder.fullName, holder.address])).toEqual([]);
  });

  it("holds for the owner's days after the last order, and says until when", async () => {
    const set = await send(app(), 'PUT', '/api/settings/privacy', adminCookie(), { erasureHoldDays: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ erasureHoldDays: 30, unverifiedAccountDays: 30, recoveryRecordDays: 90 });
    try {
      const [pickId = ''] = await stockedProducts(app(), ['Hold Days Runner'], 5);
      const buyer = await person();
      const orderId = await buy(app(), buyer.cookie, {
        id: pickId,
        name: 'Hold Days Runner',
        size: '9',
        price: 100,
        units: 5,
      });
      await shipOrder(app(), orderId, { deliveredAt: new Date() });
      const [placed] = await app()
        .db.select({ at: order.createdAt })
        .from(order)
        .where(eq(order.id, orderId));
      const held = await erase(buyer.cookie);
      expect(held.statusCode, held.body).toBe(202);
      const heldUntil = new Date(held.json<{ heldUntil: string }>().heldUntil);
      expect(heldUntil.getTime()).toBe((placed?.at.getTime() ?? 0) + 30 * 24 * 60 * 60 * 1000);
      expect(held.json().reason).toBe(
        `The shop keeps a buyer's data for 30 days after their last order, for payment disputes: not before ${heldUntil.toISOString().slice(0, 10)}.`,
      );
    } finally {
      await send(app(), 'PUT', '/api/settings/privacy', adminCookie(), { erasureHoldDays: 0 });
    }
  });
});

describe('staff erase a person', () => {
  it('erases with users.write and a fresh second factor, audited without the person', async () => {
    const shopper = await person();
    const erased = await send(app(), 'POST', `/api/users/${shopper.id}/erase`, adminCookie());
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ erased: true });
    const [row] = await app().db.select().from(user).where(eq(user.id, shopper.id));
    const [event] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.kind, 'user.delete'), eq(auditEvent.subjectId, shopper.id)));
    expect(event?.after).toEqual({ deleted: true, erased: row?.name });
    expect(JSON.stringify(event)).not.toContain(shopper.email);
    // Once erased, there is nobody left to erase.
    expect((await send(app(), 'POST', `/api/users/${shopper.id}/erase`, adminCookie())).statusCode).toBe(404);
  });

  it('refuses their own account, a member of staff, and an unknown id', async () => {
    const [admin] = await app()
      .db.select({ id: user.id })
      .from(user)
      .where(eq(user.email, app().config.accounts.admin.email));
    const self = await send(app(), 'POST', `/api/users/${admin?.id}/erase`, adminCookie());
    expect(self.statusCode, self.body).toBe(409);
    const member = await send(app(), 'POST', `/api/users/${staff().id}/erase`, adminCookie());
    expect(member.statusCode, member.body).toBe(409);
    expect(member.json().error.message).toMatch(/ask another admin to make it a user first/);
    const bad = await send(app(), 'POST', '/api/users/not-an-id/erase', adminCookie());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
    const unknown = await send(app(), 'POST', `/api/users/${randomUUID()}/erase`, adminCookie());
    expect(unknown.statusCode).toBe(404);
  });
});

describe('retention: the privacy job keeps only what is needed', () => {
  it("erases accounts never verified within the owner's days, and forgets expired sessions", async () => {
    const stale = await signUp(app());
    const fresh = await signUp(app());
    const verified = await person();
    // Made 31 days ago, never verified; the other unverified one is a day old.
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await app().db.update(user).set({ createdAt: monthAgo }).where(eq(user.id, stale.id));
    await app().db.update(user).set({ createdAt: monthAgo }).where(eq(user.id, verified.id));
    const ended = await app()
      .db.update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, fresh.id))
      .returning({ id: session.id });
    expect(ended.length).toBeGreaterThan(0);

    await app().jobs.send('privacy', {});
    await app().jobs.settled(30_000);

    const rows = await app()
      .db.select()
      .from(user)
      .where(inArray(user.id, [stale.id, fresh.id, verified.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(stale.id)?.email).toMatch(/^erased-\d+@deleted\.invalid$/);
    expect(byId.get(fresh.id)?.email).toBe(fresh.email);
    expect(byId.get(verified.id)?.email).toBe(verified.email);
    expect(await app().db.select().from(session).where(eq(session.userId, fresh.id))).toEqual([]);
  });
});

describe('the hold on erasures', () => {
  it('refuses days out of range or not whole, naming the field, and changes nothing', async () => {
    for (const body of [
      { erasureHoldDays: -1 },
      { erasureHoldDays: 3651 },
      { erasureHoldDays: 1.5 },
      {},
      { erasureHoldDays: 5, extra: 1 },
    ]) {
      const refused = await send(app(), 'PUT', '/api/settings/privacy', adminCookie(), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields).toBeDefined();
    }
    expect((await send(app(), 'GET', '/api/settings/privacy', adminCookie())).json()).toEqual({
      erasureHoldDays: 0,
      unverifiedAccountDays: 30,
      recoveryRecordDays: 90,
    });
  });

  it('is the owner’s: a shopper is refused', async () => {
    const shopper = await person();
    expect((await send(app(), 'GET', '/api/settings/privacy', shopper.cookie)).statusCode).toBe(403);
    expect(
      (await send(app(), 'PUT', '/api/settings/privacy', shopper.cookie, { erasureHoldDays: 9 })).statusCode,
    ).toBe(403);
  });
});
