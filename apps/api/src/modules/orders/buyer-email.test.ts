import type { AuditKind, Order } from '@shop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, order } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { wireServices } from '../../wiring';
import { jobId } from '../jobs/jobs';
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

const numberOf = (orderId: string) => orderId.slice(0, 8).toUpperCase();

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
    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie());
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Asked again: refused, and no second e-mail.
    expect((await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie())).statusCode).toBe(409);

    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('refunded'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Sneaker Shop: $200.00 refunded for order ${numberOf(orderId)}`);
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain(numberOf(orderId));
      expect(body).toContain(product.name);
      expect(body).toContain('$200.00');
    }
    expect(mail?.text).toContain('Your order was refunded');
    expect(mail?.text).toContain(`- ${product.name}, size 9 x 2: $200.00`);
    expect(mail?.text).toContain('Refunded: $200.00');
    expect(mail?.text).toContain('http://localhost:3000/account/orders');

    const [entry] = await auditOf(orderId, 'order.refund');
    expect(entry?.after).toMatchObject({ refunded: true, amount: 200 });
  });

  it('of what returns left says what it gave back and what was refunded before', async () => {
    const buyer = await verifiedBuyer(app());
    const [first, second] = [await pick(), await pick()];
    const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
      products: [
        { id: first?.id, size: '9', count: 1 },
        { id: second?.id, size: '9', count: 2 },
      ],
    });
    const { orderId, url } = started.json<{ orderId: string; url: string }>();
    await send(app(), 'POST', `/api/test-gateway/payments/${url.split('/').pop()}/pay`);
    const paid = (await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie)).json<Order>();
    expect(paid.state).toBe('aprobed');
    // A return gave $200.00 back before; the whole-order refund gives back the $100.00 left.
    const mail = orderRefundEmail(
      { ...paid, refundedAmount: 300 },
      { amount: 100, refundTo: 'card', credit: 0 },
      'https://shop.test/account/orders',
    );
    expect(mail.subject).toBe(`Sneaker Shop: $100.00 refunded for order ${numberOf(orderId)}`);
    expect(mail.text).toContain(
      `we refunded the $100.00 left of what you paid for order ${numberOf(orderId)} ($200.00 was refunded before, for your returns).`,
    );
    expect(mail.text).toContain('Refunded: $100.00');
    expect(mail.text).toContain('The money goes back to the card you paid with');
  });
});

describe('a cancellation', () => {
  it('by staff tells the buyer, once, that no money was taken, and is in the audit trail', async () => {
    const { buyer, product, orderId } = await pendingOrder();
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, adminCookie(), {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    // Cancelling again changes nothing and sends nothing.
    await send(app(), 'PUT', `/api/orders/${orderId}`, adminCookie(), { voucher: { state: 'cancelled' } });

    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Sneaker Shop: order ${numberOf(orderId)} cancelled`);
    expect(mails[0]?.text).toContain(`our team cancelled order ${numberOf(orderId)} before it was paid`);
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
    await app()
      .db.update(order)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(order.id, orderId));
    await app().db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${jobId(`reservation-expiry:${orderId}`)}`,
    );
    const mails = (await mailTo(buyer.email)).filter((mail) => mail.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      `order ${numberOf(orderId)} was cancelled because it was not paid in time`,
    );
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
