import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { type Buyer, quickAccounts, quickBuyers, stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import * as users from '../users/users.service';
import { notifyPriceDrop, type PriceDropJob } from './price-drops.service';

/**
 * Price drops: when staff lower the price of a product on sale, each shopper who has it among their
 * favourites and has not turned these e-mails off gets one e-mail for that drop (through the job queue
 * and the mail outbox), whatever runs twice; a later drop sends a new one; a rise, another change or an
 * archived product sends nothing. And the profile's opt-out.
 */

const { app, staff: admin } = testShop({ staff: 'drop-staff' });

let made = 0;
/**
 * A product at $100 with `count` favouriters, each of whom said yes to price drops and offers (marketing,
 * issue 40) but the first `notAsked`, and who did not turn price-drop e-mails off but the first `optedOut`.
 */
async function favourited(count: number, optedOut = 0, notAsked = 0) {
  made += 1;
  const [productId = ''] = await stockedProducts(app(), [`Drop Runner ${made}`], 3);
  const fans = await quickAccounts(app(), count, `fan${made}x`);
  for (const [index, fan] of fans.entries()) {
    const added = await send(app(), 'PUT', `/api/users/addFavorite/${fan.id}`, fan.cookie, {
      favorite: productId,
    });
    expect(added.statusCode, added.body).toBe(200);
    if (index >= notAsked) {
      const yes = await send(app(), 'PUT', `/api/users/update/${fan.id}`, fan.cookie, {
        marketing: 'subscribed',
      });
      expect(yes.statusCode, yes.body).toBe(200);
    }
    if (index < optedOut) {
      const off = await send(app(), 'PUT', `/api/users/update/${fan.id}`, fan.cookie, {
        priceDropEmails: false,
      });
      expect(off.statusCode, off.body).toBe(200);
    }
  }
  const emailOf = new Map(fans.map((fan) => [fan.id, fan.email]));
  return {
    productId,
    fans,
    emailOf,
    optedIn: fans.slice(Math.max(optedOut, notAsked)).map((fan) => emailOf.get(fan.id) ?? ''),
  };
}

const modify = (id: string, body: object) =>
  send(app(), 'PUT', `/api/products/modify/${id}`, admin().cookie, body);

/** The price-drop e-mails about this product, by address. */
async function dropMails(productId: string) {
  const link = `${app().config.siteUrl}/home/${productId}`;
  const mails = (await deliveredMail(app())).filter(
    (mail) => mail.links.includes(link) && mail.subject.includes('dropped to'),
  );
  const perAddress = new Map<string, typeof mails>();
  for (const mail of mails) perAddress.set(mail.to, [...(perAddress.get(mail.to) ?? []), mail]);
  return perAddress;
}

describe('price-drop e-mails', () => {
  it('go once to each opted-in favouriter, with the prices, the link and how to stop them', async () => {
    const { productId, optedIn, emailOf, fans } = await favourited(4, 1);
    const lowered = await modify(productId, { price: 79.5 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const mails = await dropMails(productId);
    expect([...mails.keys()].sort()).toEqual([...optedIn].sort());
    expect(mails.has(emailOf.get(fans[0]?.id ?? '') ?? '')).toBe(false);
    for (const [, list] of mails) {
      expect(list).toHaveLength(1);
      const [mail] = list;
      // The old and the new price, each said once in the text and in the HTML.
      for (const part of [mail?.text ?? '', mail?.html ?? '']) {
        expect(part.split('$100.00')).toHaveLength(2);
        expect(part.split('it was $100.00, it is now $79.50.')).toHaveLength(2);
      }
      expect(mail?.text).toContain(`${app().config.siteUrl}/account/profile`);
      expect(mail?.links).toContain(`${app().config.siteUrl}/account/profile`);
      expect(mail?.html).toContain('Drop Runner');
      // Marketing: the one-click unsubscribe in its headers (RFC 8058), and in words in its footnote.
      const url = mail?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
      expect(url).toMatch(new RegExp(`^${app().config.siteUrl}/api/unsubscribe\\?token=[\\w-]+\\.[\\w-]+$`));
      expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail?.text).toContain(url);
    }
  });

  it('go to nobody who did not say yes to marketing, and stop at once after a one-click unsubscribe', async () => {
    const { productId, fans, emailOf } = await favourited(3, 0, 1);
    expect((await modify(productId, { price: 95 })).statusCode).toBe(200);
    const first = await dropMails(productId);
    const [notAsked, leaving, staying] = fans.map((fan) => emailOf.get(fan.id) ?? '');
    expect([...first.keys()].sort()).toEqual([leaving, staying].sort());

    // The mail client's one-click POST, as RFC 8058 sends it: a form body, no cookie, no origin.
    const header = first.get(leaving ?? '')?.[0]?.headers?.['List-Unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    const posted = await app().inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({ state: 'unsubscribed' });

    expect((await modify(productId, { price: 85 })).statusCode).toBe(200);
    const second = await dropMails(productId);
    expect(second.get(leaving ?? '')).toHaveLength(1);
    expect(second.get(staying ?? '')).toHaveLength(2);
    expect(second.has(notAsked ?? '')).toBe(false);
  });

  it('never twice for one drop (the job run again), but again for a later drop', async () => {
    const { productId, optedIn } = await favourited(2);
    expect((await modify(productId, { price: 90 })).statusCode).toBe(200);
    const first = await dropMails(productId);
    expect([...first.values()].map((list) => list.length)).toEqual([1, 1]);

    // The job of that drop runs again (a retry, another instance): nobody gets a second e-mail.
    const queued = await app().db.execute(
      sql`SELECT data FROM pgboss.job WHERE name = 'priceDrops' AND data->>'productId' = ${productId}`,
    );
    const jobs = (queued as unknown as { rows: { data: PriceDropJob }[] }).rows.map((row) => row.data);
    expect(jobs).toHaveLength(1);
    const deps = wireServices(app()).priceDrops;
    for (const data of jobs) await notifyPriceDrop(deps, data);
    // The same change sent again is no drop at all.
    expect((await modify(productId, { price: 90 })).statusCode).toBe(200);
    const again = await dropMails(productId);
    expect([...again.values()].map((list) => list.length)).toEqual([1, 1]);

    expect((await modify(productId, { price: 75 })).statusCode).toBe(200);
    const later = await dropMails(productId);
    expect([...later.keys()].sort()).toEqual([...optedIn].sort());
    expect([...later.values()].map((list) => list.length)).toEqual([2, 2]);
    expect([...later.values()].every((list) => list.some((mail) => mail.text.includes('$75.00')))).toBe(true);
  });

  it('go on the soft opt-in to a favouriter never asked who bought before, once the owner turns it on', async () => {
    const { productId, fans, emailOf } = await favourited(2, 0, 2);
    const [customer, browser] = fans.map((fan) => emailOf.get(fan.id) ?? '');
    // The first bought another sneaker before; the second never bought.
    const [otherId = ''] = await stockedProducts(app(), [`Bought Runner ${made}`], 3);
    const started = await send(app(), 'POST', '/api/checkouts', fans[0]?.cookie, {
      products: [{ id: otherId, size: '9', count: 1 }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const paid = await send(
      app(),
      'POST',
      `/api/test-gateway/payments/${started.json().url.split('/').pop()}/pay`,
    );
    expect(paid.statusCode, paid.body).toBe(200);

    expect((await modify(productId, { price: 96 })).statusCode).toBe(200);
    expect((await dropMails(productId)).size).toBe(0);

    const on = await send(app(), 'PUT', '/api/settings/recovery', admin().cookie, { softOptIn: true });
    expect(on.statusCode, on.body).toBe(200);
    try {
      expect((await modify(productId, { price: 92 })).statusCode).toBe(200);
      const mails = await dropMails(productId);
      expect([...mails.keys()]).toEqual([customer]);
      const [mail] = mails.get(customer ?? '') ?? [];
      expect(mail?.text).toContain('because you bought from Sneaker Shop before');
      expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mails.has(browser ?? '')).toBe(false);
    } finally {
      await send(app(), 'PUT', '/api/settings/recovery', admin().cookie, { softOptIn: false });
    }
  });

  it('none for a rise, a change of other fields, or an archived product', async () => {
    const { productId } = await favourited(2);
    expect((await modify(productId, { price: 120 })).statusCode).toBe(200);
    expect(
      (await modify(productId, { name: `Renamed Runner ${made}`, compareAtPrice: 150 })).statusCode,
    ).toBe(200);
    expect((await dropMails(productId)).size).toBe(0);

    const archived = await favourited(2);
    expect(
      (await send(app(), 'DELETE', `/api/products/${archived.productId}`, admin().cookie)).statusCode,
    ).toBe(204);
    expect((await modify(archived.productId, { price: 50 })).statusCode).toBe(200);
    expect((await dropMails(archived.productId)).size).toBe(0);
  });
});

describe('the profile opt-out', () => {
  it('saves priceDropEmails from the profile update, and the dashboard shows it', async () => {
    const [shopper] = (await quickBuyers(app(), 1, 'optout')) as [Buyer];
    const saved = async () =>
      (await app().db.select({ on: user.priceDropEmails }).from(user).where(eq(user.id, shopper.id)))[0]?.on;
    expect(await saved()).toBe(true);
    // The route saves it before it answers the dashboard.
    await send(app(), 'PUT', `/api/users/update/${shopper.id}`, shopper.cookie, { priceDropEmails: false });
    expect(await saved()).toBe(false);
    const refused = await send(app(), 'PUT', `/api/users/update/${shopper.id}`, shopper.cookie, {
      priceDropEmails: 'no',
    });
    expect(refused.statusCode).toBe(400);
    expect(await saved()).toBe(false);

    const deps = { ...wireServices(app()).users, creditOf: async () => 0 };
    const dashboard = await users.updateProfile(deps, shopper.id, { priceDropEmails: true });
    expect(dashboard.priceDropEmails).toBe(true);
    expect(await saved()).toBe(true);
  });
});
