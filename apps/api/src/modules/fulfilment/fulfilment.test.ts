import { type Order, type PackingOrder, packingOrderSchema, type Shipment } from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, order } from '../../db/schema';
import { type Buyer, quickBuyers, stockedProducts } from '../../test/buyers';
import { csvRecords } from '../../test/csv';
import { deliveredMail } from '../../test/mail';
import { expectRefused, outsiders } from '../../test/outsiders';
import { orderRow, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff } = testShop({ contended: 6, staff: true });

let made = 0;
/** A new buyer's order of `counts[i]` pairs (size 9) of new products, one line each; paid unless told. */
async function placeOrder(counts: number[], paid = true, shippingMethodId?: string) {
  made += 1;
  const [buyer] = (await quickBuyers(app(), 1, `shipto${made}`)) as [Buyer];
  const ids = await stockedProducts(
    app(),
    counts.map((_, index) => `Parcel Runner ${made} ${index} <b>&</b>`),
    10,
  );
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: ids.map((id, index) => ({ id, size: '9', count: counts[index] })),
    shippingMethodId,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  if (paid) {
    const pay = await send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
  }
  return { buyer, ids, orderId };
}

/** As staff, unless a cookie (or none: a guest) is given. */
const as = (given: [string?]) => (given.length > 0 ? given[0] : staff().cookie);

const ship = (
  orderId: string,
  lines: { productId: string; size: string; count: number }[],
  ...cookie: [string?]
) =>
  send(app(), 'POST', `/api/orders/${orderId}/shipments`, as(cookie), {
    lines,
    carrier: 'ups',
    trackingNumber: '1Z999AA10123456784',
  });

const deliver = (orderId: string, shipmentId: string, ...cookie: [string?]) =>
  send(app(), 'POST', `/api/orders/${orderId}/shipments/${shipmentId}/delivered`, as(cookie));

async function orderOf(orderId: string): Promise<Order> {
  const response = await send(app(), 'GET', `/api/orders/${orderId}`, staff().cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Order>();
}

const line = (productId: string, count: number) => ({ productId, size: '9', count });

describe('POST /api/orders/:id/shipments', () => {
  it('ships part of a paid order, then the rest: each parcel its lines, the order partly shipped, then shipped', async () => {
    const { buyer, ids, orderId } = await placeOrder([2, 1]);
    const [first = '', second = ''] = ids;
    const partial = await ship(orderId, [line(first, 1)]);
    expect(partial.statusCode, partial.body).toBe(201);
    const parcel = partial.json<Shipment>();
    expect(parcel).toMatchObject({
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [{ productId: first, size: '9', count: 1 }],
      deliveredAt: null,
    });
    expect((await orderOf(orderId)).fulfilment).toBe('partially_shipped');

    const rest = await ship(orderId, [line(second, 1), line(first, 1)]);
    expect(rest.statusCode, rest.body).toBe(201);
    const shipped = await orderOf(orderId);
    expect(shipped.fulfilment).toBe('shipped');
    expect(shipped.shipments.map((item) => item.id)).toEqual([parcel.id, rest.json<Shipment>().id]);
    // The buyer sees the parcels on their order too.
    const own = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(own.json<Order>().shipments).toHaveLength(2);
  });

  it('refuses a line that is not the order’s (400), more than is left or a line shipped already (409), changing nothing', async () => {
    const { ids, orderId } = await placeOrder([2]);
    const [productId = ''] = ids;
    const [stranger = ''] = await stockedProducts(app(), ['Parcel Stranger'], 1);

    const unknown = await ship(orderId, [line(stranger, 1)]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'lines.0': 'is not a line of this order' });
    const otherSize = await ship(orderId, [{ productId, size: '10', count: 1 }]);
    expect(otherSize.statusCode).toBe(400);

    const tooMany = await ship(orderId, [line(productId, 3)]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.fields).toEqual({
      'lines.0.count': 'must be at most 2, the units left to ship',
    });
    // The same line named twice counts once, summed.
    const twiceNamed = await ship(orderId, [line(productId, 1), line(productId, 2)]);
    expect(twiceNamed.statusCode).toBe(409);
    expect((await orderOf(orderId)).shipments).toEqual([]);

    expect((await ship(orderId, [line(productId, 2)])).statusCode).toBe(201);
    const again = await ship(orderId, [line(productId, 1)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ 'lines.0.count': 'this line has already shipped' });
    expect((await orderOf(orderId)).shipments).toHaveLength(1);
  });

  it('refuses an order that is not paid (409) or does not exist (404)', async () => {
    const { ids, orderId } = await placeOrder([1], false);
    const pending = await ship(orderId, [line(ids[0] ?? '', 1)]);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toMatch(/Only a paid order can be shipped; this one is pending/);
    const missing = await ship('00000000-0000-4000-8000-000000000000', [line(ids[0] ?? '', 1)]);
    expect(missing.statusCode).toBe(404);
    expect((await orderOf(orderId)).fulfilment).toBe('unfulfilled');
  });

  it('refuses a body that is not a shipment, naming the field', async () => {
    const { ids, orderId } = await placeOrder([1]);
    const response = await send(app(), 'POST', `/api/orders/${orderId}/shipments`, staff().cookie, {
      lines: [line(ids[0] ?? '', 0)],
      carrier: 'pigeon',
      trackingNumber: '<x>',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual([
      'carrier',
      'lines.0.count',
      'trackingNumber',
    ]);
  });

  it('is staff only: the buyer and everyone else are refused, and nothing ships', async () => {
    const { buyer, ids, orderId } = await placeOrder([1]);
    const body = [line(ids[0] ?? '', 1)];
    for (const outsider of await outsiders(app()))
      expectRefused(outsider, await ship(orderId, body, outsider.cookie));
    const own = await ship(orderId, body, buyer.cookie);
    expect(own.statusCode).toBe(403);
    expect((await orderOf(orderId)).shipments).toEqual([]);
  });

  it('records the shipment in the audit trail and e-mails the buyer the parcel with its tracking link', async () => {
    const { ids, orderId } = await placeOrder([1]);
    expect((await ship(orderId, [line(ids[0] ?? '', 1)])).statusCode).toBe(201);
    const [record] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, orderId), eq(auditEvent.kind, 'order.ship')));
    expect(record).toMatchObject({
      actorId: staff().id,
      subjectType: 'order',
      before: { orderNumber: (await orderRow(app(), orderId))?.number, fulfilment: 'unfulfilled' },
      after: { fulfilment: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', units: 1 },
    });
    const to = (await orderOf(orderId)).user.email;
    const sent = (await deliveredMail(app())).find(
      (item) => item.to === to && item.subject.endsWith('shipped'),
    );
    expect(sent).toBeDefined();
    expect(sent?.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(sent?.html).toContain('Parcel Runner');
    expect(sent?.html).not.toContain('<b>&</b>');
    expect(sent?.text).toContain('http://localhost:3000/account/orders');
    const number = (await orderRow(app(), orderId))?.number;
    expect(sent?.subject).toBe(`Sneaker Shop: order #${number} shipped`);
  });
});

describe('POST /api/orders/:id/shipments/:shipmentId/delivered', () => {
  it('marks each parcel delivered once; the order is delivered when every unit shipped and every parcel arrived', async () => {
    const { ids, orderId } = await placeOrder([2]);
    const [productId = ''] = ids;
    const first = (await ship(orderId, [line(productId, 1)])).json<Shipment>();
    const arrived = await deliver(orderId, first.id);
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json<Shipment>()).toMatchObject({ id: first.id, lines: [line(productId, 1)] });
    expect(arrived.json<Shipment>().deliveredAt).toEqual(expect.any(String));
    // One unit is still to ship: the order is not delivered yet.
    expect((await orderOf(orderId)).fulfilment).toBe('partially_shipped');

    const twice = await deliver(orderId, first.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already marked delivered/);

    const second = (await ship(orderId, [line(productId, 1)])).json<Shipment>();
    expect((await orderOf(orderId)).fulfilment).toBe('shipped');
    expect((await deliver(orderId, second.id)).statusCode).toBe(200);
    expect((await orderOf(orderId)).fulfilment).toBe('delivered');

    const kinds = await app()
      .db.select({ kind: auditEvent.kind, after: auditEvent.after })
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, orderId), eq(auditEvent.kind, 'order.deliver')));
    expect(kinds.map((item) => (item.after as { fulfilment: string }).fulfilment).sort()).toEqual([
      'delivered',
      'partially_shipped',
    ]);
    const to = (await orderOf(orderId)).user.email;
    const mail = (await deliveredMail(app())).filter((item) => item.to === to);
    expect(mail.filter((item) => item.subject.endsWith('shipped'))).toHaveLength(2);
    expect(mail.filter((item) => item.subject.endsWith('delivered'))).toHaveLength(1);
  });

  it('answers 404 for a parcel that is not the order’s, and is staff only', async () => {
    const { ids, orderId } = await placeOrder([1]);
    const other = await placeOrder([1]);
    const parcel = (await ship(orderId, [line(ids[0] ?? '', 1)])).json<Shipment>();
    expect((await deliver(other.orderId, parcel.id)).statusCode).toBe(404);
    expect((await deliver(orderId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const outsider of await outsiders(app()))
      expectRefused(outsider, await deliver(orderId, parcel.id, outsider.cookie));
    expect((await orderOf(orderId)).shipments[0]?.deliveredAt).toBeNull();
  });
});

describe('GET /api/fulfilment/to-ship', () => {
  it('lists paid orders not fully shipped, oldest first, and leaves out shipped and unpaid ones', async () => {
    const older = await placeOrder([2]);
    const shippedOne = await placeOrder([1]);
    const unpaid = await placeOrder([1], false);
    const newer = await placeOrder([1]);
    await ship(older.orderId, [line(older.ids[0] ?? '', 1)]);
    await ship(shippedOne.orderId, [line(shippedOne.ids[0] ?? '', 1)]);

    const all: Order[] = [];
    for (let page = 1; ; page += 1) {
      const response = await send(
        app(),
        'GET',
        `/api/fulfilment/to-ship?page=${page}&limit=100`,
        staff().cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      all.push(...response.json<Order[]>());
      if (response.json<Order[]>().length < 100) break;
    }
    const ids = all.map((item) => item._id);
    expect(ids).toContain(older.orderId);
    expect(ids).toContain(newer.orderId);
    expect(ids).not.toContain(shippedOne.orderId);
    expect(ids).not.toContain(unpaid.orderId);
    expect(ids.indexOf(older.orderId)).toBeLessThan(ids.indexOf(newer.orderId));
    const dates = all.map((item) => item.date);
    expect(dates).toEqual([...dates].sort());
    expect(all.every((item) => item.state === 'aprobed')).toBe(true);
    expect(all.find((item) => item._id === older.orderId)).toMatchObject({
      fulfilment: 'partially_shipped',
      products: [{ count: 2 }],
      shipments: [{ lines: [{ count: 1 }] }],
    });

    const page = await send(app(), 'GET', '/api/fulfilment/to-ship?limit=1', staff().cookie);
    expect(page.json<Order[]>()).toHaveLength(1);
    const bad = await send(app(), 'GET', '/api/fulfilment/to-ship?limit=0', staff().cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('limit');
    for (const outsider of await outsiders(app()))
      expectRefused(outsider, await send(app(), 'GET', '/api/fulfilment/to-ship', outsider.cookie));
  });
});

describe('invoice and packing slip', () => {
  async function addressed() {
    const placed = await placeOrder([2, 1]);
    // Written directly: the profile's rules refuse < and ", which the pages must escape all the same.
    await app()
      .db.update(order)
      .set({
        shipTo: {
          name: 'Ada <Lovelace>',
          phone: '+1 555 0100',
          address: '12 "Quote" Street',
          city: 'Boston',
          state: 'MA',
          country: 'US',
        },
      })
      .where(eq(order.id, placed.orderId));
    return { ...placed, number: (await orderOf(placed.orderId)).number };
  }

  it('prints the invoice for the buyer and staff: numbered, the shop, the addresses, lines and total, all escaped', async () => {
    const { buyer, orderId, number } = await addressed();
    for (const cookie of [buyer.cookie, staff().cookie]) {
      const response = await send(app(), 'GET', `/api/orders/${orderId}/invoice`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const html = response.body;
      expect(html).toContain(`<h1>Invoice #${number}</h1>`);
      expect(html).toContain(`<p>Order #${number}</p>`);
      // The long id stays in the address only.
      expect(html).not.toContain(orderId);
      expect(html).toContain('Sneaker Shop');
      expect(html).toContain('<p>1 Market Street</p>');
      expect(html).toContain('Ada &lt;Lovelace&gt;');
      expect(html).toContain('12 &quot;Quote&quot; Street');
      expect(html).toContain('Parcel Runner');
      expect(html).toContain('&lt;b&gt;&amp;&lt;/b&gt;');
      expect(html).not.toContain('<b>&</b>');
      expect(html).toContain('$300.00');
      expect(html).toContain('Total paid with Card (Stripe)');
      expect(html).not.toContain('Refunded');
      // The page's own policy lets its one style element render, and nothing else load.
      const policy = String(response.headers['content-security-policy']);
      const nonce = /style-src 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(policy).toContain("default-src 'none'");
      // Its one script is the Print button's, under the same nonce; the button is hidden on paper.
      expect(policy).toContain(`script-src 'nonce-${nonce}'`);
      expect(html.match(/<script/g)).toEqual(['<script']);
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).toContain('<button type="button" id="print-document">Print</button>');
      expect(html).toMatch(/@media print\{[^@]*\.actions\{display:none\}/);
    }
  });

  it('shows the refunded amount on a refunded order’s invoice', async () => {
    const { buyer, orderId } = await addressed();
    expect((await send(app(), 'POST', `/api/orders/${orderId}/refund`, staff().cookie)).statusCode).toBe(200);
    const html = (await send(app(), 'GET', `/api/orders/${orderId}/invoice`, buyer.cookie)).body;
    expect(html).toContain('Refunded</td><td class="num">&minus;$300.00');
  });

  it('has no invoice for an unpaid order (409) and shows none to anyone but the buyer and staff', async () => {
    const unpaid = await placeOrder([1], false);
    const pending = await send(app(), 'GET', `/api/orders/${unpaid.orderId}/invoice`, unpaid.buyer.cookie);
    expect(pending.statusCode).toBe(409);
    const { orderId } = await placeOrder([1]);
    for (const outsider of await outsiders(app()))
      expectRefused(outsider, await send(app(), 'GET', `/api/orders/${orderId}/invoice`, outsider.cookie));
    const stranger = await send(
      app(),
      'GET',
      `/api/orders/${unpaid.orderId}/invoice`,
      (await placeOrder([1])).buyer.cookie,
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('prints the packing slip for staff: the address and what is left to ship, without prices', async () => {
    const { buyer, ids, orderId, number } = await addressed();
    await ship(orderId, [line(ids[0] ?? '', 1), line(ids[1] ?? '', 1)]);
    const response = await send(app(), 'GET', `/api/orders/${orderId}/packing-slip`, staff().cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain(`<p>Order #${number}</p>`);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    // No line prices: the only amount is the shipping service's.
    expect(html.match(/\$/g) ?? []).toHaveLength(html.includes('<p>Paid: Free</p>') ? 0 : 1);
    // One unit of the first line is left; the second line has left entirely.
    expect(html.match(/<tr><td>Parcel Runner/g)).toHaveLength(1);
    expect(html).toContain('<td>9</td><td class="num">1</td>');
    const nonce = /style-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);

    expect((await send(app(), 'GET', `/api/orders/${orderId}/packing-slip`, buyer.cookie)).statusCode).toBe(
      403,
    );
    for (const outsider of await outsiders(app()))
      expectRefused(
        outsider,
        await send(app(), 'GET', `/api/orders/${orderId}/packing-slip`, outsider.cookie),
      );
    const unpaid = await placeOrder([1], false);
    expect(
      (await send(app(), 'GET', `/api/orders/${unpaid.orderId}/packing-slip`, staff().cookie)).statusCode,
    ).toBe(409);
  });
});

describe('the packer sees what was paid for', () => {
  it('shows the shipping method, its price and its estimate on the To ship list and the packing slip, also once shipped', async () => {
    const created = await send(app(), 'POST', '/api/shipping-methods', staff().cookie, {
      name: `Courier ${made}`,
      price: 7.5,
      estimateDays: [2, 4],
    });
    expect(created.statusCode, created.body).toBe(201);
    const method = created.json<{ id: string; name: string }>();
    const { ids, orderId } = await placeOrder([2], true, method.id);
    const listed: PackingOrder[] = [];
    for (let page = 1; ; page += 1) {
      const response = await send(
        app(),
        'GET',
        `/api/fulfilment/to-ship?page=${page}&limit=100`,
        staff().cookie,
      );
      listed.push(...packingOrderSchema.array().parse(response.json()));
      if (response.json<unknown[]>().length < 100) break;
    }
    expect(listed.find((item) => item._id === orderId)?.shipping).toEqual({
      methodId: method.id,
      name: method.name,
      price: 7.5,
      estimateDays: [2, 4],
    });
    const slip = async () =>
      (await send(app(), 'GET', `/api/orders/${orderId}/packing-slip`, staff().cookie)).body;
    const before = await slip();
    expect(before).toContain(
      `<section><h2>Shipping service</h2><p>${method.name}</p><p>Paid: $7.50</p><p>Delivery: 2-4 business days</p></section>`,
    );
    expect(before).toContain('<th scope="col" class="num">Qty to ship</th>');
    // Once everything has left, the slip still prints: every line as ordered, and the service.
    expect((await ship(orderId, [line(ids[0] ?? '', 2)])).statusCode).toBe(201);
    const after = await slip();
    expect(after).toContain('Everything in this order has shipped; this copy lists every line as ordered.');
    expect(after).toContain('<td>9</td><td class="num">2</td>');
    expect(after).toContain('<p>Delivery: 2-4 business days</p>');
    // A method archived since still names its estimate.
    expect(
      (await send(app(), 'DELETE', `/api/shipping-methods/${method.id}`, staff().cookie)).statusCode,
    ).toBe(200);
    expect(await slip()).toContain('<p>Delivery: 2-4 business days</p>');
  });
});

describe('the orders export', () => {
  it('gains the fulfilment, the first shipment’s date, and every parcel’s carrier and tracking number', async () => {
    const { buyer, ids, orderId } = await placeOrder([2]);
    const first = (await ship(orderId, [line(ids[0] ?? '', 1)])).json<Shipment>();
    await send(app(), 'POST', `/api/orders/${orderId}/shipments`, staff().cookie, {
      lines: [line(ids[0] ?? '', 1)],
      carrier: 'dhl',
      trackingNumber: 'JD014600006281230000',
    });
    const response = await send(app(), 'GET', `/api/orders/export.csv?_id=${buyer.id}`, staff().cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(csvRecords(response.body)).toEqual([
      expect.objectContaining({
        order_id: orderId,
        fulfilment: 'shipped',
        shipped_at: first.shippedAt,
        carrier: 'ups; dhl',
        tracking: '1Z999AA10123456784; JD014600006281230000',
      }),
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('documents every fulfilment route with its summary', async () => {
    const response = await send(app(), 'GET', '/api/docs/json');
    const paths = response.json<{ paths: Record<string, Record<string, { summary?: string }>> }>().paths;
    for (const [path, method] of [
      ['/api/fulfilment/to-ship', 'get'],
      ['/api/orders/{id}/shipments', 'post'],
      ['/api/orders/{id}/shipments/{shipmentId}/delivered', 'post'],
      ['/api/orders/{id}/invoice', 'get'],
      ['/api/orders/{id}/packing-slip', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
  });
});
