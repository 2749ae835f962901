import type { Page } from '@playwright/test';
import { CLOSED_RETURNS_URL } from '../playwright.config';
import { approveAndReceive, openedReturn, openReturnForm } from '../support/returns';
import { adminPage, buyOnePair, orderOf, shipFromToShip, signedInBuyer, unitsInStock } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * After a pair has shipped: the buyer sends it back for another size or for the money, staff approve and
 * receive it, and the stock, the replacement order, the refund, the e-mails and the sales figures follow.
 * Each journey has its own buyer and a product no other journey buys, so their stock counts are exact.
 */

interface OutboxMessage {
  to: string;
  subject: string;
}

/** A figure of the Sales tab's breakdown or tiles, in dollars ("−$120.00" reads 120). */
async function salesFigure(admin: Page, label: string): Promise<number> {
  const text = (await admin.locator(`dt:text-is("${label}") + dd`).textContent()) ?? '';
  return Number(text.replace(/[^0-9.]/g, ''));
}

async function salesFigures(admin: Page) {
  await admin.goto('/account/sales');
  await expect(admin.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
  await expect(admin.locator('dt:text-is("Net revenue")')).toBeVisible();
  return {
    net: await salesFigure(admin, 'Net revenue'),
    taken: await salesFigure(admin, 'Taken'),
    refunded: await salesFigure(admin, 'Refunded'),
  };
}

test.describe('returns and exchanges', () => {
  test('a buyer exchanges a pair for another size; staff approve, receive and ship the replacement; the first size is back on sale', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signedInBuyer(page, 'swap');
    const paid = await buyOnePair(page, 'Samba OG');
    const admin = await adminPage(browser, baseURL);
    await shipFromToShip(admin, paid.number);
    const firstSizeShipped = await unitsInStock(page.request, paid.productId, paid.size);

    // The buyer asks for another size: only sizes in stock are offered, and the one chosen is held at once.
    const form = await openReturnForm(page, paid.number);
    const exchange = form.getByRole('radio', { name: 'Exchange for another size' });
    await expect(exchange).toBeEnabled();
    await exchange.check();
    const newSize = form.getByRole('combobox', { name: /^New size/ });
    const offered = await newSize.locator('option:not([value=""])').first().getAttribute('value');
    expect(offered).toBeTruthy();
    expect(offered).not.toBe(paid.size);
    const size = offered ?? '';
    const heldBefore = await unitsInStock(page.request, paid.productId, size);
    await newSize.selectOption(size);
    await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Too small' });
    await form.getByRole('button', { name: 'Send return request' }).click();
    const number = await openedReturn(page);
    await expect.poll(() => unitsInStock(page.request, paid.productId, size)).toBe(heldBefore - 1);
    await page.getByRole('button', { name: 'Done' }).click();
    const listed = page.getByRole('article', { name: `Return ${number}` });
    await expect(listed).toContainText(`Size ${paid.size} · 1 × exchange for size ${size}`);

    // Staff approve and receive it with the pair back on sale: a replacement order, ready to ship.
    const done = await approveAndReceive(admin, number);
    await expect(done).toContainText('The replacement order is ready to ship.');
    await expect.poll(() => unitsInStock(page.request, paid.productId, paid.size)).toBe(firstSizeShipped + 1);
    const { returns } = await orderOf(page, paid.orderId);
    const replacementId = returns.find((ret) => ret.number === number)?.exchangeOrderId ?? '';
    expect(replacementId).not.toBe('');
    const replacement = await orderOf(page, replacementId);
    await shipFromToShip(admin, replacement.number);
    await admin.context().close();

    // The buyer: the return is received with its replacement order, which has shipped in the new size.
    await page.reload();
    await expect(listed).toContainText('Received');
    await listed.getByRole('link', { name: 'Your replacement order' }).click();
    await expect(page.getByRole('heading', { name: 'Order detail' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipments' })).toContainText(`${paid.name}, size ${size}`);
    await page.goto('/account/orders');
    await expect(
      page.getByRole('article', { name: `Order #${replacement.number}`, exact: true }),
    ).toContainText('Shipping: Shipped');

    // The first size is on sale on the product page, as a shopper sees it.
    await page.goto(`/home/${paid.productId}`);
    await expect(page.getByRole('heading', { level: 1, name: paid.name })).toBeVisible();
    await expect(page.getByRole('radio', { name: paid.size, exact: true })).toBeEnabled();
  });

  test('after a size exchange the replacement links its original, and the original shows its history', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signedInBuyer(page, 'story');
    const paid = await buyOnePair(page, 'Forum Low');
    const admin = await adminPage(browser, baseURL);
    await shipFromToShip(admin, paid.number);
    const form = await openReturnForm(page, paid.number);
    await form.getByRole('radio', { name: 'Exchange for another size' }).check();
    const newSize = form.getByRole('combobox', { name: /^New size/ });
    const size = (await newSize.locator('option:not([value=""])').first().getAttribute('value')) ?? '';
    await newSize.selectOption(size);
    await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Too small' });
    await form.getByRole('button', { name: 'Send return request' }).click();
    const number = await openedReturn(page);
    await approveAndReceive(admin, number);
    const { returns } = await orderOf(page, paid.orderId);
    const replacement = await orderOf(
      page,
      returns.find((ret) => ret.number === number)?.exchangeOrderId ?? '',
    );

    // The staff's replacement names its original and return; the original tells its story oldest first.
    await admin.goto(`/account/orders?order=${replacement._id}`);
    const note = admin.getByText(/^Replaces pairs of order/);
    await expect(note).toHaveText(`Replaces pairs of order #${paid.number}, return ${number}`);
    await note.getByRole('link', { name: `#${paid.number}` }).click();
    const staffHistory = admin.getByRole('region', { name: 'History' });
    await expect(staffHistory.getByRole('listitem')).toHaveText([
      /Order #\d+ placed$/,
      /Paid \$[\d.]+ by /,
      /Shipped$/,
      new RegExp(`Return ${number} opened$`),
      new RegExp(`Return ${number} approved$`),
      new RegExp(`Return ${number} received$`),
      new RegExp(`Exchange order #${replacement.number} created for return ${number}$`),
    ]);
    await admin.context().close();

    // The buyer sees the same: from the replacement to its original, and the history with the exchange.
    await page.goto(`/account/orders?order=${replacement._id}`);
    await page
      .getByText(/^Replaces pairs of order/)
      .getByRole('link', { name: `#${paid.number}` })
      .click();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText(`Order #${paid.number} placed`);
    await history.getByRole('link', { name: `#${replacement.number}` }).click();
    await expect(page.getByText(/^Replaces pairs of order/)).toContainText(`return ${number}`);
  });

  test('a buyer returns a pair for a refund; staff receive it; the order, the e-mails and the Sales tab show the refund', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const buyer = await signedInBuyer(page, 'refund');
    const paid = await buyOnePair(page, 'Gazelle');
    const admin = await adminPage(browser, baseURL);
    await shipFromToShip(admin, paid.number);

    const form = await openReturnForm(page, paid.number);
    await expect(form.getByRole('radio', { name: 'Refund' })).toBeChecked();
    await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Not as pictured' });
    await form.getByRole('button', { name: 'Send return request' }).click();
    const number = await openedReturn(page);

    const before = await salesFigures(admin);
    const done = await approveAndReceive(admin, number);
    await expect(done).toContainText(/\$[\d,.]+ was refunded\./);

    // The buyer's order: the return received, the amount refunded.
    await page.reload();
    const listed = page.getByRole('article', { name: `Return ${number}` });
    await expect(listed).toContainText('Received');
    const order = await orderOf(page, paid.orderId);
    expect(order.refundedAmount).toBeGreaterThan(0);
    const refund = `$${order.refundedAmount.toFixed(2)}`;
    await expect(listed.locator('dt:text-is("Refunded") + dd')).toHaveText(refund);
    await expect(done).toContainText(`${refund} was refunded.`);

    // The e-mails of every step, in the development outbox.
    const subjects = [
      `Sneaker Shop: return ${number} opened`,
      `Sneaker Shop: return ${number} approved`,
      `Sneaker Shop: return ${number} received`,
      `Sneaker Shop: ${refund} refunded`,
    ];
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/dev/outbox');
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        const mine = new Set(messages.filter((m) => m.to === buyer.email).map((m) => m.subject));
        return subjects.filter((subject) => !mine.has(subject));
      })
      .toEqual([]);

    // The Sales tab: the refund counted (other journeys may add sales meanwhile, never refunds of ours),
    // net revenue is what was taken less what was refunded, and the return is counted by its reason.
    const after = await salesFigures(admin);
    expect(after.refunded - before.refunded).toBeGreaterThanOrEqual(order.refundedAmount - 0.001);
    expect(after.net).toBeCloseTo(after.taken - after.refunded, 2);
    const byReason = admin.getByRole('table', { name: 'By reason' });
    await expect(byReason.getByRole('row', { name: /^Not as pictured \d+ \d+$/ })).toBeVisible();
    await admin.context().close();
  });
});

test.describe('a return outside the window', () => {
  // A shop whose return window closes as soon as a parcel leaves (RETURN_DAYS=0): see playwright.config.ts.
  test.use({ baseURL: CLOSED_RETURNS_URL });

  test('the buyer asks to return a shipped pair and is told in words that the window has closed', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signedInBuyer(page, 'late', CLOSED_RETURNS_URL);
    const paid = await buyOnePair(page, 'Superstar');
    const admin = await adminPage(browser, baseURL);
    await shipFromToShip(admin, paid.number);
    await admin.context().close();

    const form = await openReturnForm(page, paid.number);
    await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Changed my mind' });
    await form.getByRole('button', { name: 'Send return request' }).click();
    await expect(form.getByRole('alert')).toContainText(
      /Your return was not opened: This order is outside the 0-day return window, which ended on \d{4}-\d{2}-\d{2}/,
    );
    await expect(page.getByRole('heading', { name: /^Return \S+ is open$/ })).toHaveCount(0);
    expect((await orderOf(page, paid.orderId)).returns).toEqual([]);
  });
});
