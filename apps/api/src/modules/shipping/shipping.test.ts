import type { StaffShippingMethod } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { order as orderTable, shippingMethod } from '../../db/schema';
import { deliveredMail } from '../../test/mail';
import { cartLine, orderRow, productInStock, send, stockOf, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, adminCookie } = testShop({ catalogue: true, accounts: true });

const methodRows = async () => (await app().db.select({ n: count() }).from(shippingMethod))[0]?.n ?? 0;
const orderCount = async () => (await app().db.select({ n: count() }).from(orderTable))[0]?.n ?? 0;

async function addMethod(body: Record<string, unknown>): Promise<StaffShippingMethod> {
  const response = await send(app(), 'POST', '/api/shipping-methods', adminCookie(), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffShippingMethod>();
}

const offered = async (query = '') =>
  (await send(app(), 'GET', `/api/shipping-methods${query}`)).json<{
    methods: { id: string; name: string }[];
  }>().methods;

/** A verified buyer whose profile holds `country`. */
async function buyerIn(country: string) {
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    country,
    city: 'Springfield',
    address: '12 Main Street',
    phone: '+15550100',
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return buyer;
}

function checkout(
  cookie: string,
  lines: object[],
  extra: Record<string, unknown> = {},
  path = '/api/checkouts',
) {
  return send(app(), 'POST', path, cookie, { products: lines, finalAmount: 1, user: {}, ...extra });
}

describe('shipping methods', () => {
  it('offers the fresh shop\'s "Standard shipping", free, to every country', async () => {
    const response = await send(app(), 'GET', '/api/shipping-methods?country=Germany');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      methods: [
        {
          id: expect.any(String),
          name: 'Standard shipping',
          price: 0,
          freeAbove: null,
          estimateDays: null,
          countries: [],
          taxCategory: 'standard',
        },
      ],
    });
  });

  it('lets staff add a method, normalising its countries, and lists it where it ships, cheapest first', async () => {
    const method = await addMethod({
      name: '  Island courier ',
      price: 14.5,
      freeAbove: 300,
      countries: ['is', 'FO', 'IS'],
      estimateDays: [2, 4],
    });
    expect(method).toMatchObject({
      name: 'Island courier',
      price: 14.5,
      freeAbove: 300,
      countries: ['FO', 'IS'],
      estimateDays: [2, 4],
      active: true,
    });
    const cheaper = await addMethod({ name: 'Island post', price: 6, countries: ['IS'] });
    for (const query of ['?country=Iceland', '?country=is', '?country=%20ICELAND%20']) {
      expect((await offered(query)).map((row) => row.name)).toEqual([
        'Standard shipping',
        'Island post',
        'Island courier',
      ]);
    }
    // Elsewhere, and for a country no code is known for, only the methods that ship everywhere.
    expect((await offered('?country=France')).map((row) => row.name)).toEqual(['Standard shipping']);
    expect((await offered('?country=Atlantis')).map((row) => row.name)).toEqual(['Standard shipping']);
    expect((await offered('?country=')).map((row) => row.name)).toEqual(['Standard shipping']);
    // Without a country: every offered method.
    expect((await offered()).map((row) => row.id)).toEqual(expect.arrayContaining([method.id, cheaper.id]));
  });

  it('refuses a bad method naming each field and the reason, creating nothing', async () => {
    const before = await methodRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', price: 5 }, 'name'],
      [{ name: 'Bad', price: -1 }, 'price'],
      [{ name: 'Bad', price: 5.555 }, 'price'],
      [{ name: 'Bad', price: 5, freeAbove: -3 }, 'freeAbove'],
      [{ name: 'Bad', price: 5, countries: ['US', 'XX'] }, 'countries.1'],
      [{ name: 'Bad', price: 5, estimateDays: [5, 2] }, 'estimateDays'],
      [{ name: 'Bad', price: 5, estimateDays: [1, 500] }, 'estimateDays.1'],
      [{ name: 'Bad', price: 5, active: 'yes' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const response = await send(app(), 'POST', '/api/shipping-methods', adminCookie(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{ error: { code: string; fields: Record<string, string> } }>().error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), JSON.stringify(body)).toContain(field);
    }
    expect(await methodRows()).toBe(before);
  });

  it('is managed by staff only', async () => {
    const shopper = await verifiedBuyer(app());
    const body = { name: 'Sneaky', price: 1 };
    expect((await send(app(), 'POST', '/api/shipping-methods', undefined, body)).statusCode).toBe(401);
    expect((await send(app(), 'POST', '/api/shipping-methods', shopper.cookie, body)).statusCode).toBe(403);
    expect((await send(app(), 'GET', '/api/admin/shipping-methods', shopper.cookie)).statusCode).toBe(403);
    const [standard] = await offered();
    expect(
      (await send(app(), 'DELETE', `/api/shipping-methods/${standard?.id}`, shopper.cookie)).statusCode,
    ).toBe(403);
    expect((await offered()).map((row) => row.name)).toContain('Standard shipping');
  });

  it('hides an inactive method from buyers and shows it to staff; changes apply to new orders only', async () => {
    const method = await addMethod({ name: 'Night van', price: 9, countries: ['LU'] });
    const changed = await send(app(), 'PUT', `/api/shipping-methods/${method.id}`, adminCookie(), {
      name: 'Night van',
      price: 11,
      countries: ['LU'],
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ price: 11, active: false, estimateDays: null, freeAbove: null });
    expect((await offered('?country=Luxembourg')).map((row) => row.name)).toEqual(['Standard shipping']);
    const staffList = await send(app(), 'GET', '/api/admin/shipping-methods', adminCookie());
    expect(staffList.json<{ methods: StaffShippingMethod[] }>().methods).toContainEqual(
      expect.objectContaining({ id: method.id, active: false, price: 11 }),
    );
    const unknown = await send(
      app(),
      'PUT',
      '/api/shipping-methods/00000000-0000-4000-8000-000000000000',
      adminCookie(),
      {
        name: 'Ghost',
        price: 1,
      },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('records every staff change in the activity trail', async () => {
    const method = await addMethod({ name: 'Audited post', price: 3, countries: ['MT'] });
    await send(app(), 'PUT', `/api/shipping-methods/${method.id}`, adminCookie(), {
      name: 'Audited post',
      price: 4,
    });
    await send(app(), 'DELETE', `/api/shipping-methods/${method.id}`, adminCookie());
    const kinds = [];
    for (const kind of ['shipping.create', 'shipping.update', 'shipping.delete']) {
      const response = await send(app(), 'GET', `/api/admin/activity?kind=${kind}`, adminCookie());
      const events = response.json<{
        events: { subject: { id: string }; before: unknown; after: unknown }[];
      }>().events;
      const event = events.find((candidate) => candidate.subject.id === method.id);
      expect(event, kind).toBeDefined();
      kinds.push(kind);
    }
    expect(kinds).toHaveLength(3);
  });
});

describe('shipping at checkout', () => {
  it('ships by the cheapest method serving the country when none is chosen, storing the address', async () => {
    const buyer = await buyerIn('Portugal');
    const pick = await productInStock(app(), 2);
    const response = await checkout(buyer.cookie, [cartLine(pick, 1)]);
    expect(response.statusCode, response.body).toBe(200);
    const row = await orderRow(app(), response.json<{ orderId: string }>().orderId);
    expect(row).toMatchObject({
      shippingName: 'Standard shipping',
      shippingCents: 0,
      totalCents: Math.round(pick.price * 100),
      shipTo: { address: '12 Main Street', city: 'Springfield', country: 'Portugal', phone: '+15550100' },
    });
    expect(row?.shippingMethodId).toEqual(expect.any(String));
    expect(row?.shipTo?.name).toEqual(expect.any(String));
  });

  it('charges the chosen method from its own table, shows it on the payment page and in the order', async () => {
    const method = await addMethod({
      name: 'Canal express',
      price: 12.35,
      freeAbove: 100000,
      countries: ['NL'],
    });
    const buyer = await buyerIn('The Netherlands');
    const pick = await productInStock(app(), 2);
    const response = await checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: method.id });
    expect(response.statusCode, response.body).toBe(200);
    const { orderId, url } = response.json<{ orderId: string; url: string }>();
    const lineCents = Math.round(pick.price * 100);
    expect(await orderRow(app(), orderId)).toMatchObject({
      shippingMethodId: method.id,
      shippingName: 'Canal express',
      shippingCents: 1235,
      totalCents: lineCents + 1235,
    });
    const payment = await send(app(), 'GET', `/api/test-gateway/payments/${url.split('/').pop()}`);
    expect(payment.json()).toMatchObject({
      amount: (lineCents + 1235) / 100,
      shipping: { name: 'Canal express', price: 12.35 },
      lines: [{ name: pick.name, count: 1 }],
    });
    const wire = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(wire.json()).toMatchObject({
      finalAmount: (lineCents + 1235) / 100,
      shipping: { methodId: method.id, name: 'Canal express', price: 12.35 },
    });
  });

  it("shows the shipping as its own amount in the buyer's confirmation e-mail", async () => {
    const method = await addMethod({ name: 'Danube courier', price: 7.4, countries: ['HU'] });
    const buyer = await buyerIn('Hungary');
    const pick = await productInStock(app(), 2);
    const response = await checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: method.id });
    const { url } = response.json<{ url: string }>();
    const paid = await send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = (await deliveredMail(app())).find(
      (message) => message.to === buyer.email && message.subject.includes('confirmed'),
    );
    const total = (Math.round(pick.price * 100) + 740) / 100;
    expect(mail?.text).toContain('- Shipping, Danube courier: $7.40');
    expect(mail?.text).toContain(`Total: $${total.toFixed(2)}`);
    expect(mail?.html).toContain('Danube courier');
  });

  it('ships free when the lines reach the free-above amount, by PayPal too', async () => {
    const pick = await productInStock(app(), 2);
    const method = await addMethod({
      name: 'Fjord freight',
      price: 20,
      freeAbove: pick.price,
      countries: ['NO'],
    });
    const buyer = await buyerIn('Norway');
    const response = await checkout(
      buyer.cookie,
      [cartLine(pick, 1)],
      { shippingMethodId: method.id },
      '/api/paypal/create-payment',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderRow(app(), response.json<{ orderId: string }>().orderId)).toMatchObject({
      shippingName: 'Fjord freight',
      shippingCents: 0,
      totalCents: Math.round(pick.price * 100),
    });
  });

  it('refuses a method that does not exist, is inactive, archived or does not serve the country, reserving nothing', async () => {
    const buyer = await buyerIn('Belgium');
    const pick = await productInStock(app(), 2);
    const before = await stockOf(app(), pick.id, Number(pick.size));
    const orders = await orderCount();
    const elsewhere = await addMethod({ name: 'Alpine mule', price: 8, countries: ['CH'] });
    const inactive = await addMethod({ name: 'Sleepy post', price: 2, active: false });
    const cases: [string, RegExp][] = [
      ['00000000-0000-4000-8000-000000000000', /not a shipping method/],
      [elsewhere.id, /does not ship to Belgium/],
      [inactive.id, /not offered any more/],
    ];
    for (const [id, reason] of cases) {
      const response = await checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: id });
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json<{ error: { fields: Record<string, string> } }>().error;
      expect(error.fields.shippingMethodId).toMatch(reason);
    }
    const malformed = await checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: 'express' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.shippingMethodId).toBe('must be a shipping method id');
    expect(await stockOf(app(), pick.id, Number(pick.size))).toEqual(before);
    expect(await orderCount()).toBe(orders);
  });

  it('archives a method an order names instead of deleting it; the order keeps what it was charged', async () => {
    const method = await addMethod({ name: 'Tram parcel', price: 4.2, countries: ['AT'] });
    const unused = await addMethod({ name: 'Unused parcel', price: 4.2, countries: ['AT'] });
    const buyer = await buyerIn('Austria');
    const pick = await productInStock(app(), 2);
    const placed = await checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: method.id });
    const { orderId } = placed.json<{ orderId: string }>();

    const deleted = await send(app(), 'DELETE', `/api/shipping-methods/${unused.id}`, adminCookie());
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ archived: false });
    const [gone] = await app().db.select().from(shippingMethod).where(eq(shippingMethod.id, unused.id));
    expect(gone).toBeUndefined();

    const archived = await send(app(), 'DELETE', `/api/shipping-methods/${method.id}`, adminCookie());
    expect(archived.json()).toEqual({ archived: true });
    expect((await offered('?country=AT')).map((row) => row.id)).not.toContain(method.id);
    const staffList = await send(app(), 'GET', '/api/admin/shipping-methods', adminCookie());
    expect(staffList.json<{ methods: { id: string }[] }>().methods.map((row) => row.id)).not.toContain(
      method.id,
    );
    expect(
      (await send(app(), 'DELETE', `/api/shipping-methods/${method.id}`, adminCookie())).statusCode,
    ).toBe(404);
    expect(
      (
        await send(app(), 'PUT', `/api/shipping-methods/${method.id}`, adminCookie(), {
          name: 'Back',
          price: 1,
        })
      ).statusCode,
    ).toBe(404);
    const again = await checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: method.id });
    expect(again.statusCode).toBe(400);
    expect((await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie)).json()).toMatchObject({
      shipping: { methodId: method.id, name: 'Tram parcel', price: 4.2 },
    });
  });

  it('never loses a race between staff deleting a method and buyers checking out with it', async () => {
    const pick = await productInStock(app(), 4);
    const buyers = await Promise.all([buyerIn('Poland'), buyerIn('Poland'), buyerIn('Poland')]);
    for (let round = 0; round < 3; round += 1) {
      const method = await addMethod({ name: `Vistula van ${round}`, price: 3, countries: ['PL'] });
      const [removal, ...checkouts] = await Promise.all([
        send(app(), 'DELETE', `/api/shipping-methods/${method.id}`, adminCookie()),
        ...buyers.map((buyer) =>
          checkout(buyer.cookie, [cartLine(pick, 1)], { shippingMethodId: method.id }),
        ),
      ]);
      expect(removal?.statusCode, removal?.body).toBe(200);
      const placed = checkouts.filter((response) => response.statusCode === 200);
      for (const response of checkouts) expect([200, 400], response.body).toContain(response.statusCode);
      const [row] = await app().db.select().from(shippingMethod).where(eq(shippingMethod.id, method.id));
      // Orders placed with it keep it, archived; with none placed, it is gone.
      if (placed.length > 0) {
        expect(removal?.json()).toEqual({ archived: true });
        expect(row?.archivedAt).toBeInstanceOf(Date);
      } else {
        expect(removal?.json()).toEqual({ archived: false });
        expect(row).toBeUndefined();
      }
      for (const [index, response] of checkouts.entries()) {
        if (response.statusCode !== 200) continue;
        const orderId = response.json<{ orderId: string }>().orderId;
        expect((await orderRow(app(), orderId))?.shippingMethodId).toBe(method.id);
        // The buyer cancels it, so the units go back for the next round.
        const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, buyers[index]?.cookie, {
          voucher: { state: 'cancelled' },
        });
        expect(cancelled.json().state).toBe('cancelled');
      }
    }
  });

  it('tells a buyer whose country no method serves, naming the country', async () => {
    const staffList = await send(app(), 'GET', '/api/admin/shipping-methods', adminCookie());
    const standard = staffList
      .json<{ methods: StaffShippingMethod[] }>()
      .methods.find((method) => method.name === 'Standard shipping');
    if (!standard) throw new Error('no standard shipping');
    /** Staff switch the standard method off, and back on afterwards. */
    const switchStandard = async (active: boolean) => {
      const { id, ...fields } = standard;
      const response = await send(app(), 'PUT', `/api/shipping-methods/${id}`, adminCookie(), {
        ...fields,
        active,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await switchStandard(false);
    try {
      const buyer = await buyerIn('Chile');
      const pick = await productInStock(app(), 2);
      const orders = await orderCount();
      const response = await checkout(buyer.cookie, [cartLine(pick, 1)]);
      expect(response.statusCode).toBe(400);
      const error = response.json<{ error: { message: string; fields: Record<string, string> } }>().error;
      expect(error.message).toMatch(/do not ship to Chile/);
      expect(error.fields.country).toBe('is not a country we ship to');
      expect(await orderCount()).toBe(orders);
    } finally {
      await switchStandard(standard.active);
    }
  });
});
