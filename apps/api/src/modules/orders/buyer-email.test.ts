import type { AuditKind, Order } from '@shop/contracts';
import { buildOrder, buildOrderLine, buildOrderReturn, buildReturnLine } from '@shop/contracts/testing';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, order } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { shipOrder } from '../../test/shipments';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { jobId } from '../jobs/jobs';
import { keysAsTheyAre } from '../sizes';
import { handleNotice } from '.';
import { orderRefundEmail } from './order-emails';

/** Every money event and every cancellation the buyer did not make themself reaches them by e-mail, once. */
const { app, adminCookie } = testShop({ accounts: true });

async function pick(units = 10): Promise<Pick> {
  const name = `Mailed Runner ${Math.random().toString(36).slice(2, 8)}`;
  const [id = ''] = await stockedProducts(app(), [name], units);
  return { id, name, size: '9', price: 100, units };
}

/** A pending order of `count` pairs of a new product, for a new verified buyer. */
async function pendingOrder(count = 2) {
  const buyer = await verifiedBuyer(app());
  const product = await pick();
  const response = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [{ id: product.id, size: product.size, count }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return { buyer, product, orderId: response.json<{ orderId: string }>().orderId };
}

/** The mail sent to `to` so far, once the queue has delivered everything. */
async function mailTo(to: string) {
  return (await deliveredMail(app())).filter((mail) => mail.to === to);
}

/** The name an order goes by in its e-mails: its number, "#12". */
async function nameOf(orderId: string) {
  const [row] = await app().db.select({ number: order.number }).from(order).where(eq(order.id, orderId));
  return `#${row?.number}`;
}

/** The lines of a text e-mail's table ("- name, size 9 x 1: $100.00"), as amounts in cents. */
const rowCents = (text: string) =>
  [...text.matchAll(/^- .*: \$(\d+\.\d{2})$/gm)].map((match) => Math.round(Number(match[1]) * 100));

async function auditOf(orderId: string, kind: AuditKind) {
  return app()
    .db.select()
    .from(auditEvent)
    .where(and(eq(auditEvent.subjectId, orderId), eq(auditEvent.kind, kind)));
}

describe('a refund', () => {
  it('tells the buyer the amount, the order and its lines, once, and is in the audit trail', async () => {
    const buyer = await verifiedBuyer(app());
    const product = await pick();
    const orderId = await buy(app(), buyer.cookie, product, 2);
    const name = await nameOf(orderId);
    expect(name).toMatch(/^#\d+$/);
    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie());
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Asked again: refused, and no second e-mail.
    expect((await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie())).statusCode).toBe(409);

    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('refunded'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Sneaker Shop: $200.00 refunded for order ${name}`);
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain(name);
      expect(body).toContain(product.name);
      expect(body).toContain('$200.00');
    }
    expect(mail?.text).toContain('Your order was refunded');
    expect(mail?.text).toContain(`- ${product.name}, size 9 x 2: $200.00`);
    expect(mail?.text).toContain('Refunded: $200.00');
    expect(mail?.text).toContain('http://localhost:3000/account/orders');

    const [entry] = await auditOf(orderId, 'order.refund');
    expect(entry?.after).toMatchObject({ orderNumber: Number(name.slice(1)), refunded: true, amount: 200 });
  });

  it('of what a return left lists only what it gives back, its lines adding up to its amount', async () => {
    const buyer = await verifiedBuyer(app());
    const [first, second] = [await pick(), await pick()];
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [
        { id: first.id, size: '9', count: 1 },
        { id: second.id, size: '9', count: 2 },
      ],
    });
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    await send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
    expect((await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie)).json<Order>().state).toBe(
      'aprobed',
    );
    const name = await nameOf(orderId);
    // One pair of the second line goes back and is refunded ($100.00) before staff refund the rest.
    await shipOrder(app(), orderId);
    const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, buyer.cookie, {
      lines: [{ productId: second.id, size: '9', count: 1, resolution: 'refund' }],
      reason: 'too_small',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const returnId = opened.json<{ id: string }>().id;
    expect((await send(app(), 'POST', `/api/returns/${returnId}/approve`, adminCookie())).statusCode).toBe(
      200,
    );
    const received = await send(app(), 'POST', `/api/returns/${returnId}/receive`, adminCookie(), {
      lines: [{ productId: second.id, size: '9', restock: true }],
    });
    expect(received.statusCode, received.body).toBe(200);

    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie());
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Order>().refundedAmount).toBe(300);
    const [mail] = (await mailTo(buyer.email)).filter((sent) => sent.subject.endsWith(`for order ${name}`));
    expect(mail?.subject).toBe(`Sneaker Shop: $200.00 refunded for order ${name}`);
    const text = mail?.text ?? '';
    expect(text).toContain(
      `we refunded the $200.00 left of what you paid for order ${name} ($100.00 was refunded before, for your returns).`,
    );
    expect(text).toContain(`- ${first.name}, size 9 x 1: $100.00`);
    expect(text).toContain(`- ${second.name}, size 9 x 1: $100.00`);
    expect(text).not.toContain(`- ${second.name}, size 9 x 2`);
    expect(rowCents(text).reduce((sum, cents) => sum + cents, 0)).toBe(20_000);
    expect(text).toContain('Refunded: $200.00');
    expect(mail?.html).not.toContain('$300.00');
    expect(text).toContain('The money goes back to the card you paid with');
  });

  it('e-mailed from the order as it is: the lines no return refunded, then the shipping left', () => {
    const line = {
      ...buildOrderLine(),
      id: 'p1',
      size: '9',
      count: 3,
      price: 100,
      totalPrice: 300,
      discount: 30,
    };
    const order = buildOrder({
      number: 77,
      products: [line],
      shipping: { methodId: null, name: 'Express', price: 15 },
      returns: [
        {
          ...buildOrderReturn(),
          state: 'received',
          lines: [buildReturnLine({ productId: 'p1', restock: true })],
        },
      ],
    });
    // Paid $285.00 ($270.00 of pairs after the code, $15.00 shipping); the return gave back one pair, $90.00.
    const mail = orderRefundEmail(
      order,
      { amount: 195, refundTo: 'card', credit: 0, creditNote: 'CN-000007' },
      { accountUrl: 'https://shop.test/a', sizeWords: keysAsTheyAre },
    );
    expect(mail.subject).toBe('Sneaker Shop: $195.00 refunded for order #77');
    expect(mail.text).toContain(`- ${line.name}, size 9 x 2: $180.00`);
    expect(mail.text).toContain('- Shipping, Express: $15.00');
    expect(rowCents(mail.text)).toEqual([18_000, 1_500]);
    expect(mail.text).toContain('Your credit note is CN-000007');
  });
});

describe('a cancellation', () => {
  it('by staff tells the buyer, once, that no money was taken, and is in the audit trail', async () => {
    const { buyer, product, orderId } = await pendingOrder();
    const name = await nameOf(orderId);
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, adminCookie(), {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    // Cancelling again changes nothing and sends nothing.
    await send(app(), 'PUT', `/api/orders/${orderId}`, adminCookie(), { voucher: { state: 'cancelled' } });

    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Sneaker Shop: order ${name} cancelled`);
    expect(mails[0]?.text).toContain(`our team cancelled order ${name} before it was paid`);
    expect(mails[0]?.text).toContain(`- ${product.name}, size 9 x 2: $200.00`);
    expect(mails[0]?.text).toContain('No money was taken');
    expect(await auditOf(orderId, 'order.cancel')).toHaveLength(1);
  });

  it('by the buyer themself sends no e-mail', async () => {
    const { buyer, orderId } = await pendingOrder();
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.json().state).toBe('cancelled');
    expect((await mailTo(buyer.email)).filter((mail) => mail.subject.includes('cancelled'))).toEqual([]);
  });

  it('because the reservation ran out tells the buyer it was not paid in time', async () => {
    const { buyer, product, orderId } = await pendingOrder(1);
    const name = await nameOf(orderId);
    await app()
      .db.update(order)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(order.id, orderId));
    await app().db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${jobId(`reservation-expiry:${orderId}`)}`,
    );
    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`order ${name} was cancelled because it was not paid in time`);
    expect(mails[0]?.text).toContain(`- ${product.name}, size 9 x 1: $100.00`);
    const [row] = await app().db.select({ state: order.state }).from(order).where(eq(order.id, orderId));
    expect(row?.state).toBe('cancelled');
  });

  it('because the provider closed the payment tells the buyer once, however often it is told', async () => {
    const { buyer, orderId } = await pendingOrder(1);
    const [row] = await app()
      .db.select({ reference: order.providerReference })
      .from(order)
      .where(eq(order.id, orderId));
    const notice = {
      kind: 'expired' as const,
      type: 'checkout.session.expired',
      reference: row?.reference ?? null,
    };
    const deps = wireServices(app()).orders;
    expect(await handleNotice(deps, 'stripe', { ...notice, eventId: `evt-${orderId}-1` })).toBe('handled');
    expect(await handleNotice(deps, 'stripe', { ...notice, eventId: `evt-${orderId}-2` })).toBe('handled');
    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('was cancelled because its payment did not go through');
  });
});
