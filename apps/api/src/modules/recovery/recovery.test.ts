import type { AbandonedCheckoutsPage, CartRecovery } from '@shop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, checkoutRecovery, productStock } from '../../db/schema';
import { type QuickBuyer, quickAccounts } from '../../test/buyers';
import { createDrop, inMinutes } from '../../test/drops';
import { deliveredMail } from '../../test/mail';
import { cartOf, checkoutWith, payOnTestPage, sneakerAt } from '../../test/promotions';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { keepOnlyWhatIsNeeded } from '../account/account.service';
import { remind } from './recovery.service';
import { recoveryToken } from './recovery-token';

/**
 * Checkout recovery (issue 40): a signed-in shopper who left at the payment page gets at most two
 * reminders, only on a basis for marketing, never after they bought, never about a drop's product, a
 * sold-out line offered as an alert instead; the reminder's link brings the cart back for that person
 * only; staff see what came of it.
 */

const { app, adminCookie } = testShop({ accounts: true });
const deps = () => wireServices(app()).recovery;

let made = 0;
/** A shopper (who said yes to marketing unless `consent` is false) and a sneaker in size 9 at $120. */
async function shopper(consent = true, units = 10) {
  made += 1;
  const [person] = (await quickAccounts(app(), 1, `leaver${made}x`)) as [QuickBuyer];
  if (consent) {
    const yes = await send(app(), 'PUT', `/api/users/update/${person.id}`, person.cookie, {
      marketing: 'subscribed',
    });
    expect(yes.statusCode, yes.body).toBe(200);
  }
  const productId = await sneakerAt(app(), 120, { name: `Left Runner ${made}` }, units);
  return { person, productId };
}

/** Takes the cart to the payment page and leaves: answers the payment page's address and the order. */
async function leaveAtPayment(person: QuickBuyer, lines: [string, number][]) {
  const started = await checkoutWith(app(), person.cookie, cartOf(...lines));
  expect(started.statusCode, started.body).toBe(200);
  return started.json<{ url: string; orderId: string }>();
}

async function recordOf(userId: string) {
  const rows = await app()
    .db.select()
    .from(checkoutRecovery)
    .where(eq(checkoutRecovery.userId, userId))
    .orderBy(checkoutRecovery.startedAt);
  return rows.at(-1);
}

/** Runs the person's reminder now, as its job would once due (the delay moved into the past). */
async function remindNow(userId: string) {
  const row = await recordOf(userId);
  if (!row) throw new Error('no checkout recorded');
  await app()
    .db.update(checkoutRecovery)
    .set({ dueAt: sql`now() - interval '1 second'` })
    .where(and(eq(checkoutRecovery.id, row.id), sql`${checkoutRecovery.dueAt} IS NOT NULL`));
  await remind(deps(), { id: row.id });
  return recordOf(userId);
}

async function remindersTo(email: string) {
  return (await deliveredMail(app())).filter(
    (mail) => mail.to === email && mail.subject.includes('sneakers'),
  );
}

const setRecovery = (body: object) => send(app(), 'PUT', '/api/settings/recovery', adminCookie(), body);

describe('checkout reminders', () => {
  it('go twice at most to a shopper who consented, with the lines, the link back and the one-click unsubscribe', async () => {
    const { person, productId } = await shopper();
    const before = Date.now();
    await leaveAtPayment(person, [[productId, 2]]);
    const recorded = await recordOf(person.id);
    expect(recorded).toMatchObject({ state: 'waiting', emailsSent: 0, valueCents: 24_000 });
    // The first after an hour by default.
    const firstDue = recorded?.dueAt?.getTime() ?? 0;
    expect(firstDue - before).toBeGreaterThanOrEqual(59 * 60_000);
    expect(firstDue - before).toBeLessThan(61 * 60_000);
    expect(await remindersTo(person.email)).toHaveLength(0);

    const afterFirst = await remindNow(person.id);
    expect(afterFirst).toMatchObject({ state: 'waiting', emailsSent: 1 });
    // The second a day after the checkout.
    expect((afterFirst?.dueAt?.getTime() ?? 0) - (afterFirst?.startedAt.getTime() ?? 0)).toBe(1440 * 60_000);
    const [first] = await remindersTo(person.email);
    expect(first?.subject).toBe('Sneaker Shop: you left your sneakers at the checkout');
    expect(first?.text).toMatch(new RegExp(`Left Runner ${made} \\w+, size 9: 2 pairs at \\$120\\.00`));
    expect(first?.text).toContain('you said yes to price drops and offers');
    const cartLink = first?.links.find((link) => link.includes('/cart?recover=')) ?? '';
    expect(cartLink.startsWith(`${app().config.siteUrl}/cart?recover=`)).toBe(true);
    expect(first?.headers?.['List-Unsubscribe']).toMatch(/^<.+\/api\/unsubscribe\?token=.+>$/);
    expect(first?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The same job run again sends nothing more.
    await remind(deps(), { id: afterFirst?.id ?? '' });
    expect(await remindersTo(person.email)).toHaveLength(1);

    const afterSecond = await remindNow(person.id);
    expect(afterSecond).toMatchObject({ state: 'reminded', emailsSent: 2, dueAt: null });
    const third = await remindNow(person.id);
    expect(third?.emailsSent).toBe(2);
    const mails = await remindersTo(person.email);
    expect(mails).toHaveLength(2);
    const second = mails.filter((mail) => mail.subject === 'Sneaker Shop: your sneakers are still waiting');
    expect(second).toHaveLength(1);
    expect(second[0]?.text).toContain('it is the last about this checkout');
    expect(first?.text).not.toContain('it is the last about this checkout');
  });

  it('go to nobody without a basis: not asked, unsubscribed, or a customer while the soft opt-in is off', async () => {
    const notAsked = await shopper(false);
    await leaveAtPayment(notAsked.person, [[notAsked.productId, 1]]);
    expect(await remindNow(notAsked.person.id)).toMatchObject({
      state: 'not-sent',
      reason: 'no-basis',
      dueAt: null,
    });
    expect(await remindersTo(notAsked.person.email)).toHaveLength(0);
  });

  it('go on the soft opt-in to a customer who bought before, once the owner turns it on, until they object', async () => {
    const { person, productId } = await shopper(false);
    const bought = await leaveAtPayment(person, [[productId, 1]]);
    await payOnTestPage(app(), bought.url);
    expect((await recordOf(person.id))?.state).toBe('ordered');

    expect((await setRecovery({ softOptIn: true })).statusCode).toBe(200);
    try {
      await leaveAtPayment(person, [[productId, 1]]);
      const reminded = await remindNow(person.id);
      expect(reminded?.emailsSent).toBe(1);
      const [mail] = await remindersTo(person.email);
      expect(mail?.text).toContain('you bought from Sneaker Shop before');
      expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      // One click on the unsubscribe: no second reminder.
      const url = new URL(mail?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '');
      const posted = await app().inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(await remindNow(person.id)).toMatchObject({ state: 'reminded', emailsSent: 1, dueAt: null });
      expect(await remindersTo(person.email)).toHaveLength(1);
    } finally {
      await setRecovery({ softOptIn: false });
    }
  });

  it('stop once the shopper buys: none after the order', async () => {
    const { person, productId } = await shopper();
    const left = await leaveAtPayment(person, [[productId, 1]]);
    await payOnTestPage(app(), left.url);
    const closed = await recordOf(person.id);
    expect(closed).toMatchObject({ state: 'ordered', dueAt: null });
    expect(closed?.closedAt).not.toBeNull();
    await remind(deps(), { id: closed?.id ?? '' });
    expect(await remindersTo(person.email)).toHaveLength(0);
  });

  it("never tell of a drop's product", async () => {
    const { person, productId } = await shopper();
    await leaveAtPayment(person, [[productId, 1]]);
    await createDrop(app(), adminCookie(), {
      productId,
      mode: 'draw',
      releaseAt: inMinutes(90),
      entryClosesAt: inMinutes(60),
    });
    expect(await remindNow(person.id)).toMatchObject({ state: 'not-sent', reason: 'drop' });
    expect(await remindersTo(person.email)).toHaveLength(0);
  });

  it('offer the alert for a size sold out since, and send nothing when nothing is left', async () => {
    const { person, productId } = await shopper();
    const other = await sneakerAt(app(), 80, { name: `Gone Runner ${made}` }, 5);
    await leaveAtPayment(person, [
      [productId, 1],
      [other, 1],
    ]);
    const soldOut = async (id: string) =>
      app().db.update(productStock).set({ units: 0 }).where(eq(productStock.productId, id));
    await soldOut(other);
    await remindNow(person.id);
    const [mail] = await remindersTo(person.email);
    expect(mail?.text).toMatch(new RegExp(`Left Runner ${made} \\w+, size 9: 1 pair at \\$120\\.00`));
    expect(mail?.text).toMatch(new RegExp(`Gone Runner ${made} \\w+, size 9, has sold out since\\.`));
    expect(mail?.text).toContain(`We can tell you when it is back: ${app().config.siteUrl}/home/${other}`);
    expect(mail?.text).not.toMatch(/Gone Runner \d+ \w+, size 9: /);

    await soldOut(productId);
    expect(await remindNow(person.id)).toMatchObject({ state: 'reminded', emailsSent: 1, dueAt: null });
    expect(await remindersTo(person.email)).toHaveLength(1);

    const nothing = await shopper(true, 1);
    await leaveAtPayment(nothing.person, [[nothing.productId, 1]]);
    await soldOut(nothing.productId);
    expect(await remindNow(nothing.person.id)).toMatchObject({ state: 'not-sent', reason: 'nothing-left' });
    expect(await remindersTo(nothing.person.email)).toHaveLength(0);
  });

  it('go nowhere while the owner has them off', async () => {
    expect((await setRecovery({ enabled: false })).statusCode).toBe(200);
    try {
      const { person, productId } = await shopper();
      await leaveAtPayment(person, [[productId, 1]]);
      expect(await recordOf(person.id)).toMatchObject({ state: 'not-sent', reason: 'disabled', dueAt: null });
    } finally {
      await setRecovery({ enabled: true });
    }
  });
});

describe("the reminder's link back to the cart", () => {
  it('gives the person their cart (and only them), says what is gone, and counts the order bought after it', async () => {
    const { person, productId } = await shopper();
    const other = await sneakerAt(app(), 80, { name: `Sold Runner ${made}` }, 5);
    await leaveAtPayment(person, [
      [productId, 2],
      [other, 1],
    ]);
    await app().db.update(productStock).set({ units: 0 }).where(eq(productStock.productId, other));
    await remindNow(person.id);
    const [mail] = await remindersTo(person.email);
    const link = new URL(mail?.links.find((each) => each.includes('/cart?recover=')) ?? '');
    const token = link.searchParams.get('recover') ?? '';
    const recover = (cookie?: string, value = token) =>
      send(app(), 'GET', `/api/cart/recover?token=${encodeURIComponent(value)}`, cookie);

    expect((await recover()).statusCode).toBe(401);
    const [stranger] = (await quickAccounts(app(), 1, 'stranger')) as [QuickBuyer];
    const refused = await recover(stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This link is for another account');
    const forged = await recover(person.cookie, `${token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toEqual({ token: 'is not a link of this shop' });
    const row = await recordOf(person.id);
    const expired = recoveryToken(
      app().config.auth.secret,
      row?.id ?? '',
      person.id,
      new Date(Date.now() - 1000),
    );
    expect((await recover(person.cookie, expired)).json().error.fields).toEqual({ token: 'has expired' });
    expect((await recover(person.cookie, '')).statusCode).toBe(400);
    expect((await recordOf(person.id))?.restoredAt).toBeNull();

    const restored = await recover(person.cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    const cart = restored.json<CartRecovery>();
    expect(cart.items).toEqual([
      expect.objectContaining({
        id: productId,
        size: '9',
        idAux: `${productId}9`,
        count: 2,
        price: 120,
        totalPrice: 240,
      }),
    ]);
    expect(cart.gone).toEqual([
      { productId: other, name: expect.stringMatching(/^Sold Runner /), size: '9', reason: 'sold-out' },
    ]);
    expect((await recordOf(person.id))?.restoredAt).not.toBeNull();

    // The shopper checks out the restored cart and pays: the checkout counts as recovered.
    const again = await leaveAtPayment(person, [[productId, 2]]);
    expect((await recordOf(person.id))?.emailsSent).toBe(1);
    await payOnTestPage(app(), again.url);
    const recovered = await recordOf(person.id);
    expect(recovered).toMatchObject({
      state: 'recovered',
      recoveredOrderId: again.orderId,
      recoveredCents: 24_000,
    });

    const listed = await send(app(), 'GET', '/api/admin/abandoned-checkouts?page=1', adminCookie());
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json<AbandonedCheckoutsPage>();
    const item = page.items.find((each) => each.id === recovered?.id);
    expect(item).toMatchObject({
      customer: { id: person.id, email: person.email },
      units: 2,
      value: 240,
      state: 'recovered',
      emailsSent: 1,
      recoveredOrder: { id: again.orderId, total: 240 },
    });
    expect(item?.restoredAt).not.toBeNull();
    expect(page.summary.recoveredOrders).toBeGreaterThanOrEqual(1);
    expect(page.summary.recoveredValue).toBeGreaterThanOrEqual(240);
    expect(page.summary.emailsSent).toBeGreaterThanOrEqual(1);
    // A restored cart of a checkout no longer kept: 404.
    await app().db.delete(checkoutRecovery).where(eq(checkoutRecovery.userId, person.id));
    expect((await recover(person.cookie)).statusCode).toBe(404);
  });

  it('is staff-only as a list, and refuses a bad page', async () => {
    const [person] = (await quickAccounts(app(), 1, 'nosy')) as [QuickBuyer];
    expect((await send(app(), 'GET', '/api/admin/abandoned-checkouts', person.cookie)).statusCode).toBe(403);
    expect((await send(app(), 'GET', '/api/admin/abandoned-checkouts')).statusCode).toBe(401);
    const bad = await send(app(), 'GET', '/api/admin/abandoned-checkouts?page=0', adminCookie());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.page).toBeDefined();
  });
});

describe('the recovery settings', () => {
  it('answer the defaults, refuse what is wrong with its field and change nothing, and audit a change', async () => {
    const read = () => send(app(), 'GET', '/api/settings/recovery', adminCookie());
    expect((await read()).json()).toEqual({ enabled: true, delaysMinutes: [60, 1440], softOptIn: false });
    for (const [body, field] of [
      [{ delaysMinutes: [0] }, 'delaysMinutes.0'],
      [{ delaysMinutes: [120, 60] }, 'delaysMinutes'],
      [{ delaysMinutes: [1, 2, 3] }, 'delaysMinutes'],
      [{ delaysMinutes: [] }, 'delaysMinutes'],
      [{ delaysMinutes: [1.5] }, 'delaysMinutes.0'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ softOptIn: null }, 'softOptIn'],
      [{ extra: 1 }, null],
      [{}, null],
    ] as const) {
      const refused = await setRecovery(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      const fields = refused.json().error.fields ?? {};
      if (field) expect(Object.keys(fields), JSON.stringify(body)).toContain(field);
    }
    expect((await read()).json()).toEqual({ enabled: true, delaysMinutes: [60, 1440], softOptIn: false });

    const saved = await setRecovery({ delaysMinutes: [1] });
    expect(saved.json()).toEqual({ enabled: true, delaysMinutes: [1], softOptIn: false });
    try {
      const audited = await app()
        .db.select()
        .from(auditEvent)
        .where(eq(auditEvent.kind, 'recovery.settings'));
      expect(audited.at(-1)?.after).toMatchObject({ delaysMinutes: [1] });
      // One delay: one reminder, a minute after the checkout.
      const { person, productId } = await shopper();
      await leaveAtPayment(person, [[productId, 1]]);
      const row = await recordOf(person.id);
      expect((row?.dueAt?.getTime() ?? 0) - (row?.startedAt.getTime() ?? 0)).toBe(60_000);
      expect(await remindNow(person.id)).toMatchObject({ state: 'reminded', emailsSent: 1, dueAt: null });
      const [only] = await remindersTo(person.email);
      expect(only?.subject).toBe('Sneaker Shop: you left your sneakers at the checkout');
      expect(only?.text).toContain('it is the last about this checkout');
    } finally {
      await setRecovery({ delaysMinutes: [60, 1440] });
    }
  });

  it("are the owner's: a shopper is refused", async () => {
    const [person] = (await quickAccounts(app(), 1, 'owner-not')) as [QuickBuyer];
    expect((await send(app(), 'GET', '/api/settings/recovery', person.cookie)).statusCode).toBe(403);
    expect(
      (await send(app(), 'PUT', '/api/settings/recovery', person.cookie, { enabled: false })).statusCode,
    ).toBe(403);
  });
});

describe('retention and erasure', () => {
  it('forgets checkouts older than the owner’s days, and all of an erased person’s', async () => {
    const { person, productId } = await shopper();
    await leaveAtPayment(person, [[productId, 1]]);
    const row = await recordOf(person.id);
    await app()
      .db.update(checkoutRecovery)
      .set({ startedAt: sql`now() - interval '91 days'` })
      .where(eq(checkoutRecovery.id, row?.id ?? ''));
    const kept = await shopper();
    const left = await leaveAtPayment(kept.person, [[kept.productId, 1]]);

    const outcome = await keepOnlyWhatIsNeeded(wireServices(app()).account);
    expect(outcome.checkouts).toBeGreaterThanOrEqual(1);
    expect(await recordOf(person.id)).toBeUndefined();
    expect(await recordOf(kept.person.id)).toBeDefined();

    // The pending order holds the erasure; once it is cancelled, the erasure takes the checkout with it.
    const cancelled = await send(app(), 'PUT', `/api/orders/${left.orderId}`, kept.person.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const erased = await send(app(), 'DELETE', '/api/account', kept.person.cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await recordOf(kept.person.id)).toBeUndefined();
  });
});
