import { STOCK_ALERT_MESSAGES } from '@shop/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order, productStock, stockAlert } from '../../db/schema';
import { type Buyer, newProduct, quickBuyers, stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { expectRefused, type Outsider, outsiders } from '../../test/outsiders';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { sweep } from '../orders';
import { notifyBackInStock, sweepAlerts } from './stock-alerts.service';

const PARALLEL = 12;

const { app } = testShop({ contended: PARALLEL + 10 });
let strangers: Outsider[];

beforeAll(async () => {
  strangers = await outsiders(app());
});

let made = 0;
/** A sneaker whose size 9 is sold out: its `units` pairs are held by a pending order of a buyer. */
async function soldOut(units = 1) {
  made += 1;
  const [productId = ''] = await stockedProducts(app(), [`Alert Runner ${made}`], units);
  const [holder] = (await quickBuyers(app(), 1, 'holder')) as [Buyer];
  const started = await checkout(holder, productId, units);
  expect(started.statusCode, started.body).toBe(200);
  return { productId, holder, orderId: started.json<{ orderId: string }>().orderId };
}

const checkout = (buyer: Buyer, productId: string, count = 1) =>
  send(app(), 'POST', '/api/checkouts', buyer.cookie, { products: [{ id: productId, size: '9', count }] });
const ask = (cookie: string | undefined, productId: string, size = '9') =>
  send(app(), 'POST', '/api/stock-alerts', cookie, { productId, size });
const cancel = (buyer: Buyer, orderId: string) =>
  send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, { voucher: { state: 'cancelled' } });

/** The back-in-stock e-mails each address got about this product. */
async function alertMails(productId: string) {
  const mails = (await deliveredMail(app())).filter((mail) =>
    mail.links.includes(`${app().config.siteUrl}/home/${productId}`),
  );
  const perAddress = new Map<string, number>();
  for (const mail of mails) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
  return perAddress;
}

const openAlerts = (productId: string) =>
  app()
    .db.select()
    .from(stockAlert)
    .where(and(eq(stockAlert.productId, productId), isNull(stockAlert.notifiedAt)));

describe('asking to be told', () => {
  it('takes a sold-out size once, lists it newest first, and lets the shopper remove it', async () => {
    const first = await soldOut();
    const second = await soldOut();
    const [shopper] = (await quickBuyers(app(), 1, 'waiter')) as [Buyer];

    const created = await ask(shopper.cookie, first.productId);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      _id: expect.any(String),
      size: '9',
      createdAt: expect.any(String),
      product: {
        _id: first.productId,
        name: expect.stringContaining('Alert Runner'),
        brand: 'nike',
        gender: ['men'],
        card_picture: newProduct().cardPicture,
      },
    });
    const again = await ask(shopper.cookie, first.productId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: STOCK_ALERT_MESSAGES.ALREADY_ASKED,
      fields: { size: expect.any(String) },
    });
    const later = await ask(shopper.cookie, second.productId);
    expect(later.statusCode).toBe(201);

    const listed = await send(app(), 'GET', '/api/stock-alerts', shopper.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([later.json(), created.json()]);

    const removed = await send(app(), 'DELETE', `/api/stock-alerts/${created.json()._id}`, shopper.cookie);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(
      (await send(app(), 'DELETE', `/api/stock-alerts/${created.json()._id}`, shopper.cookie)).statusCode,
    ).toBe(404);
    expect((await send(app(), 'GET', '/api/stock-alerts', shopper.cookie)).json()).toEqual([later.json()]);
  });

  it('refuses a size on sale, a size the product does not carry and an unknown product', async () => {
    const { productId } = await soldOut();
    const [onSale = ''] = await stockedProducts(app(), ['Alert On Sale'], 5);
    const [shopper] = (await quickBuyers(app(), 1, 'picky')) as [Buyer];

    const available = await ask(shopper.cookie, onSale);
    expect(available.statusCode).toBe(409);
    expect(available.json().error).toMatchObject({
      code: 'CONFLICT',
      message: STOCK_ALERT_MESSAGES.NOT_SOLD_OUT,
    });
    const noSuchSize = await ask(shopper.cookie, productId, '10.5');
    expect(noSuchSize.statusCode).toBe(404);
    expect(noSuchSize.json().error.fields).toEqual({ size: 'is not a size of this product' });
    const unknown = await ask(shopper.cookie, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.fields).toHaveProperty('productId');
    expect((await send(app(), 'GET', '/api/stock-alerts', shopper.cookie)).json()).toEqual([]);
  });

  it.each([
    [{ productId: 'abc', size: '9' }, 'productId'],
    [{ size: '9' }, 'productId'],
    [{ productId: '00000000-0000-4000-8000-000000000000', size: 'nine' }, 'size'],
    [{ productId: '00000000-0000-4000-8000-000000000000', size: 9 }, 'size'],
    [{ productId: '00000000-0000-4000-8000-000000000000', size: '9.25' }, 'size'],
    [{ productId: '00000000-0000-4000-8000-000000000000' }, 'size'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const [shopper] = (await quickBuyers(app(), 1, 'typo')) as [Buyer];
    const response = await send(app(), 'POST', '/api/stock-alerts', shopper.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it('answers 400 for a malformed alert id', async () => {
    const [shopper] = (await quickBuyers(app(), 1, 'typo')) as [Buyer];
    const response = await send(app(), 'DELETE', '/api/stock-alerts/abc', shopper.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('id');
  });

  it("neither shows nor removes a shopper's alert for anybody else", async () => {
    const { productId } = await soldOut();
    const [shopper] = (await quickBuyers(app(), 1, 'owner')) as [Buyer];
    const alert = (await ask(shopper.cookie, productId)).json<{ _id: string }>();
    for (const stranger of strangers) {
      expectRefused(stranger, await send(app(), 'DELETE', `/api/stock-alerts/${alert._id}`, stranger.cookie));
      const list = await send(app(), 'GET', '/api/stock-alerts', stranger.cookie);
      if (stranger.name === 'guest' || stranger.name === 'suspended') expectRefused(stranger, list);
      else expect(list.json()).toEqual([]);
    }
    // Asking needs a verified e-mail (and a session).
    for (const stranger of strangers.filter((each) => each.name !== 'other')) {
      expectRefused(stranger, await ask(stranger.cookie, productId));
    }
    expect((await send(app(), 'GET', '/api/stock-alerts', shopper.cookie)).json()).toEqual([
      expect.objectContaining({ _id: alert._id }),
    ]);
  });
});

describe('telling the subscribers', () => {
  it('sends each subscriber one e-mail when a cancelled order returns the units, and uses the alert up', async () => {
    const { productId, holder, orderId } = await soldOut();
    const subscribers = await quickBuyers(app(), 3, 'subscriber');
    for (const each of subscribers) expect((await ask(each.cookie, productId)).statusCode).toBe(201);

    expect((await cancel(holder, orderId)).json().state).toBe('cancelled');
    const mails = await alertMails(productId);
    expect(mails.size).toBe(3);
    expect([...mails.values()]).toEqual([1, 1, 1]);
    const [mail] = (await deliveredMail(app())).filter((each) =>
      each.links.includes(`${app().config.siteUrl}/home/${productId}`),
    );
    expect(mail?.subject).toMatch(/is back in size 9$/);
    expect(await openAlerts(productId)).toEqual([]);
    for (const each of subscribers)
      expect((await send(app(), 'GET', '/api/stock-alerts', each.cookie)).json()).toEqual([]);

    // Used up: units coming back again tell nobody.
    const [buyer] = (await quickBuyers(app(), 1, 'again')) as [Buyer];
    const next = (await checkout(buyer, productId)).json<{ orderId: string }>().orderId;
    await cancel(buyer, next);
    expect([...(await alertMails(productId)).values()]).toEqual([1, 1, 1]);
  });

  it(`sends once when ${PARALLEL} cancellations, two orders and sweeps all return the units at once`, async () => {
    const first = await soldOut(1);
    // A second order holds the size too: both return units at the same moment.
    await app()
      .db.update(productStock)
      .set({ units: 1 })
      .where(and(eq(productStock.productId, first.productId), eq(productStock.size, 9)));
    const [other] = (await quickBuyers(app(), 1, 'second')) as [Buyer];
    const second = (await checkout(other, first.productId)).json<{ orderId: string }>().orderId;
    const subscribers = await quickBuyers(app(), 4, 'racer');
    for (const each of subscribers) expect((await ask(each.cookie, first.productId)).statusCode).toBe(201);

    const deps = wireServices(app()).orders;
    const responses = await Promise.all([
      ...Array.from({ length: PARALLEL }, () => cancel(first.holder, first.orderId)),
      ...Array.from({ length: 3 }, () => cancel(other, second)),
      sweepAlerts(deps),
      sweepAlerts(deps),
    ]);
    for (const response of responses) {
      if (typeof response === 'number') continue;
      expect(response.statusCode, response.body).toBe(200);
    }
    await sweepAlerts(deps);
    const mails = await alertMails(first.productId);
    expect(mails.size).toBe(4);
    expect([...mails.values()]).toEqual([1, 1, 1, 1]);
  });

  it('tells the subscribers when an expired reservation returns the units', async () => {
    const { productId, orderId } = await soldOut();
    const [subscriber] = (await quickBuyers(app(), 1, 'patient')) as [Buyer];
    await ask(subscriber.cookie, productId);
    await app()
      .db.update(order)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(order.id, orderId));
    const deps = wireServices(app()).orders;
    await Promise.all([sweep(deps), sweep(deps)]);
    expect([...(await alertMails(productId)).values()]).toEqual([1]);
  });

  it('keeps an alert whose e-mail failed, and sends it on the next sweep', async () => {
    const { productId } = await soldOut();
    const [subscriber] = (await quickBuyers(app(), 1, 'unlucky')) as [Buyer];
    await ask(subscriber.cookie, productId);
    await app()
      .db.update(productStock)
      .set({ units: 2 })
      .where(and(eq(productStock.productId, productId), eq(productStock.size, 9)));
    const deps = wireServices(app()).orders;
    const broken = {
      ...deps,
      mailer: { kind: 'outbox' as const, send: () => Promise.reject(new Error('down')) },
    };
    expect(await notifyBackInStock(broken, [{ productId, size: 9 }])).toBe(0);
    expect(await openAlerts(productId)).toHaveLength(1);
    expect(await alertMails(productId)).toEqual(new Map());
    expect(await sweepAlerts(deps)).toBeGreaterThanOrEqual(1);
    expect(await openAlerts(productId)).toEqual([]);
    expect([...(await alertMails(productId)).values()]).toEqual([1]);
  });

  it('tells the subscribers when staff raise the stock (notifyBackInStock), not while it is still sold out', async () => {
    const { productId } = await soldOut();
    const [subscriber] = (await quickBuyers(app(), 1, 'staffed')) as [Buyer];
    await ask(subscriber.cookie, productId);
    const deps = wireServices(app()).orders;
    expect(await notifyBackInStock(deps, [{ productId, size: 9 }])).toBe(0);
    expect(await openAlerts(productId)).toHaveLength(1);
    await app()
      .db.update(productStock)
      .set({ units: 4 })
      .where(and(eq(productStock.productId, productId), eq(productStock.size, 9)));
    expect(await notifyBackInStock(deps, [{ productId, size: 9 }])).toBe(1);
    expect(await notifyBackInStock(deps, [{ productId, size: 9 }])).toBe(0);
    expect([...(await alertMails(productId)).values()]).toEqual([1]);
  });
});
