import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketingConsent } from '../../db/schema';
import { deliveredMail } from '../../test/mail';
import { buy, productInStock, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { marketingHeaders } from './marketing';

/**
 * Marketing consent (issue 40): the person gives or withdraws it (never staff for them), every change is
 * kept with its source, and a signed link unsubscribes with one click; service e-mail carries no unsubscribe.
 */
const { app, adminCookie } = testShop({ accounts: true, catalogue: true });

const update = (id: string, cookie: string, body: object) =>
  send(app(), 'PUT', `/api/users/update/${id}`, cookie, body);
const dashboard = async (id: string, cookie: string) =>
  (await send(app(), 'GET', `/api/users/dashboard/${id}`, cookie)).json()[0];
const history = (userId: string) =>
  app()
    .db.select({
      state: marketingConsent.state,
      basis: marketingConsent.basis,
      source: marketingConsent.source,
    })
    .from(marketingConsent)
    .where(eq(marketingConsent.userId, userId))
    .orderBy(marketingConsent.createdAt);
const linkOf = (userId: string) =>
  new URL(marketingHeaders(app().config.siteUrl, app().config.auth.secret, userId).url);

describe('marketing consent', () => {
  it('is not asked until the person answers, then kept with its basis, source and history', async () => {
    const person = await verifiedBuyer(app());
    expect((await dashboard(person.id, person.cookie)).marketing).toEqual({
      state: 'not_asked',
      basis: null,
      source: null,
      updatedAt: null,
    });
    const given = await update(person.id, person.cookie, {
      marketing: 'subscribed',
      marketingSource: 'sign-up',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()[0].marketing).toEqual({
      state: 'subscribed',
      basis: 'consent',
      source: 'sign-up',
      updatedAt: expect.any(String),
    });
    // The same answer again changes nothing; a withdrawal is kept as such.
    expect((await update(person.id, person.cookie, { marketing: 'subscribed' })).statusCode).toBe(200);
    const withdrawn = await update(person.id, person.cookie, { marketing: 'unsubscribed' });
    expect(withdrawn.json()[0].marketing).toMatchObject({
      state: 'unsubscribed',
      basis: null,
      source: 'profile',
    });
    expect(await history(person.id)).toEqual([
      { state: 'subscribed', basis: 'consent', source: 'sign-up' },
      { state: 'unsubscribed', basis: null, source: 'profile' },
    ]);
  });

  it('is the person’s own: staff cannot give it for them, and bad values name the field', async () => {
    const person = await verifiedBuyer(app());
    const byStaff = await update(person.id, adminCookie(), { marketing: 'subscribed' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.fields).toEqual({ marketing: 'only the person can set it' });
    for (const body of [{ marketing: 'yes' }, { marketing: true }, { marketingSource: 'unsubscribe' }]) {
      const refused = await update(person.id, person.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual([Object.keys(body)[0]]);
    }
    expect((await dashboard(person.id, person.cookie)).marketing.state).toBe('not_asked');
    expect(await history(person.id)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  it('shows a page for the link, and its button (a form POST) unsubscribes at once', async () => {
    const person = await verifiedBuyer(app());
    await update(person.id, person.cookie, { marketing: 'subscribed' });
    const link = linkOf(person.id);
    const shown = await app().inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toContain('text/html');
    expect(shown.body).toContain('<form method="post"');
    expect(shown.body).not.toContain(person.email);
    // The page changed nothing: a link scanner's GET never unsubscribes anyone.
    expect((await dashboard(person.id, person.cookie)).marketing.state).toBe('subscribed');

    const posted = await app().inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        origin: app().config.siteUrl,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).toContain('You are unsubscribed');
    expect((await dashboard(person.id, person.cookie)).marketing).toMatchObject({
      state: 'unsubscribed',
      source: 'unsubscribe',
    });
  });

  it('refuses a token the shop did not sign, naming it', async () => {
    const person = await verifiedBuyer(app());
    const forged = `${Buffer.from(person.id).toString('base64url')}.${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense', '']) {
      for (const method of ['GET', 'POST'] as const) {
        const refused = await app().inject({ method, url: `/api/unsubscribe?token=${token}` });
        expect(refused.statusCode, `${method} ${token}`).toBe(400);
        expect(refused.json().error.fields).toHaveProperty('token');
      }
    }
  });

  it('is carried by no service e-mail', async () => {
    const person = await verifiedBuyer(app());
    await update(person.id, person.cookie, { marketing: 'subscribed' });
    await buy(app(), person.cookie, await productInStock(app(), 3));
    const theirs = (await deliveredMail(app())).filter((mail) => mail.to === person.email);
    expect(theirs.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('confirmed'), expect.stringContaining('verify')]),
    );
    for (const mail of theirs) expect(mail.headers, mail.subject).toBeUndefined();
  });
});
