import type { Page } from '@playwright/test';
import { addToCart, adminPage, buyOnePair, orderOf, signedInBuyer, toPaymentPage } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The staff's view of an order's money and its name: after a return refunded part of an order, the Refund
 * dialog, its result and the ledger name what was left, and the buyer's e-mail lists only what it covers;
 * an order goes by one number in staff Orders (found by it), the buyer's Orders and the e-mails. Each
 * journey has its own buyer and products no other journey buys.
 */

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

const price = (amount: number) => `$${amount.toFixed(2)}`;

/** The buyer's messages in the development outbox, once `subject` is among them. */
async function mailTo(page: Page, to: string, subject: string): Promise<OutboxMessage[]> {
  let mine: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/outbox');
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      mine = messages.filter((message) => message.to === to);
      return mine.map((message) => message.subject);
    })
    .toContain(subject);
  return mine;
}

/** A paid order of one pair each of two products. */
async function twoPairOrder(page: Page) {
  const first = await addToCart(page, 'Half Cab');
  const second = await addToCart(page, 'Knu Skool');
  await toPaymentPage(page);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect.poll(async () => (await orderOf(page, orderId)).state).toBe('aprobed');
  return { orderId, first, second, order: await orderOf(page, orderId) };
}

test.describe('an order for staff', () => {
  test('after a return refunded part of an order, the Refund dialog names what is left, and so do the result, the ledger and the e-mail', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const buyer = await signedInBuyer(page, 'leftover');
    const { orderId, second, order } = await twoPairOrder(page);
    const returned = order.products.find((line) => line.id === second.productId);
    const admin = await adminPage(browser, baseURL);
    const origin = { origin: baseURL ?? '' };

    // Both pairs ship; the second comes back and is refunded.
    const shipped = await admin.request.post(`/api/orders/${orderId}/shipments`, {
      data: {
        lines: order.products.map((line) => ({ productId: line.id, size: line.size, count: 1 })),
        carrier: 'ups',
        trackingNumber: `1Z999AA1${String(order.number).padStart(10, '0')}`,
      },
      headers: origin,
    });
    expect(shipped.status(), await shipped.text()).toBe(201);
    const opened = await page.request.post(`/api/orders/${orderId}/returns`, {
      data: {
        lines: [{ productId: second.productId, size: returned?.size, count: 1, resolution: 'refund' }],
        reason: 'too_small',
      },
      headers: origin,
    });
    expect(opened.status(), await opened.text()).toBe(201);
    const ret = (await opened.json()) as { id: string; number: string };
    expect((await admin.request.post(`/api/returns/${ret.id}/approve`, { headers: origin })).status()).toBe(
      200,
    );
    const received = await admin.request.post(`/api/returns/${ret.id}/receive`, {
      data: { lines: [{ productId: second.productId, size: returned?.size, restock: true }] },
      headers: origin,
    });
    expect(received.status(), await received.text()).toBe(200);
    const partly = await orderOf(page, orderId);
    expect(partly.refundedAmount).toBeGreaterThan(0);
    const left = Math.round((order.finalAmount - partly.refundedAmount) * 100) / 100;
    expect(left).toBeGreaterThan(0);

    // Staff: the ledger shows the payment, the return's refund and what is left; the dialog names it.
    await admin.goto(`/account/orders?order=${orderId}`);
    const payments = admin.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText(`Refunded for return ${ret.number}`);
    await expect(payments.locator('dt:text-is("Paid") + dd')).toHaveText(price(order.finalAmount));
    await expect(payments.locator('dt:text-is("Left to refund") + dd')).toHaveText(price(left));
    await expect(
      admin.getByText(`Paid: a refund returns ${price(left)} through Card (Stripe).`),
    ).toBeVisible();
    await admin.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund this order?' });
    await expect(dialog).toContainText(`gets back ${price(left)} through Card (Stripe)`);
    await expect(dialog).toContainText(`order #${order.number} becomes cancelled`);
    await expect(dialog).not.toContainText(price(order.finalAmount));
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(admin.getByText(`Refund sent: ${price(left)} through Card (Stripe).`)).toBeVisible();
    await expect(payments.locator('dt:text-is("Left to refund") + dd')).toHaveText('$0.00');
    await expect(payments.locator('dt:text-is("Refunded") + dd')).toHaveText(price(order.finalAmount));
    await admin.context().close();

    // The buyer's e-mail lists only the pair this refund covers, at the amount refunded.
    const subject = `Sneaker Shop: ${price(left)} refunded for order #${order.number}`;
    const mail = (await mailTo(page, buyer.email, subject)).find((message) => message.subject === subject);
    const rows = [...(mail?.text ?? '').matchAll(/^- .*: \$(\d+\.\d{2})$/gm)].map((match) =>
      Number(match[1]),
    );
    expect(rows.reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(left, 2);
    expect(mail?.text).not.toContain(second.name);
    expect(mail?.text).toContain(`Refunded: ${price(left)}`);
  });

  test('an order is found by its number in staff Orders and goes by the same number in the buyer’s Orders and e-mails', async ({
    page,
    browser,
    baseURL,
  }) => {
    const buyer = await signedInBuyer(page, 'numbered');
    const paid = await buyOnePair(page, 'Rochester Low');
    const name = `#${paid.number}`;

    // Staff search for it by its number.
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/orders');
    await admin.getByRole('searchbox', { name: 'Search orders' }).fill(name);
    await admin.getByRole('search', { name: 'Orders' }).getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(new RegExp(`\\?q=%23${paid.number}$`));
    const card = admin.getByRole('article', { name: `Order ${name}`, exact: true });
    await expect(card).toContainText(buyer.email);
    await card.getByRole('button', { name: `Detail of order ${name}` }).click();
    await expect(admin.locator('dt:text-is("Order number") + dd')).toHaveText(name);
    await expect(admin.getByText(paid.orderId)).toHaveCount(0);
    // And by the buyer's e-mail.
    await admin.goto(`/account/orders?q=${encodeURIComponent(buyer.email)}`);
    await expect(admin.getByRole('article')).toHaveCount(1);
    await expect(admin.getByRole('article', { name: `Order ${name}`, exact: true })).toBeVisible();
    await admin.context().close();

    // The buyer's Orders and the confirmation e-mail give the same number.
    await page.goto('/account/orders');
    const own = page.getByRole('article', { name: `Order ${name}`, exact: true });
    await expect(own).toBeVisible();
    await expect(page.getByText(paid.orderId)).toHaveCount(0);
    await own.getByRole('button', { name: `Detail of order ${name}` }).click();
    await expect(page.locator('dt:text-is("Order number") + dd')).toHaveText(name);
    await mailTo(page, buyer.email, `Sneaker Shop: order ${name} confirmed`);
  });
});
