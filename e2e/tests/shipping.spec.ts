import type { Browser, Page } from '@playwright/test';
import { ADMIN, addToCart, logIn, saveBuyerDetails, signedInBuyer } from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

/** Staff charge for shipping; a buyer chooses the paid method, pays it and sees it in the order. */

/** A second browser signed in as the admin (the page under test keeps the buyer). */
async function adminPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = waitingForApp(await context.newPage());
  await logIn(page, ADMIN.email, ADMIN.password);
  return page;
}

/** "$1,234.50" → 123450 cents. */
const cents = async (page: Page, testId: string) =>
  Math.round(Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, '')) * 100);

test.describe('shipping', () => {
  test('staff add a paid method; a buyer checks out with it, pays it, and the order shows it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const name = `Pampas express ${Date.now().toString(36).slice(-5)}`;

    // Staff add a method that ships to Argentina only, in one or two days.
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/shipping');
    await expect(admin.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible();
    await expect(admin.getByRole('rowheader', { name: 'Standard shipping' })).toBeVisible();
    await admin.getByRole('button', { name: 'Add a method' }).click();
    await admin.getByLabel('Name').fill(name);
    await admin.getByLabel('Price ($)').fill('12.5');
    await admin.getByLabel('Countries').fill('ar');
    await admin.getByLabel('Delivery from (days)').fill('1');
    await admin.getByLabel('Delivery up to (days)').fill('2');
    await admin.getByRole('button', { name: 'Add method' }).click();
    await expect(admin.getByText(`"${name}" was added.`)).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('$12.50');
    await expect(row).toContainText('AR');
    await expect(row).toContainText('1-2 days');

    // The buyer, in Argentina, sees it beside the free method and chooses it.
    await signedInBuyer(page, 'shipper');
    await addToCart(page, 'Pegasus');
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Buy' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await saveBuyerDetails(page);

    const shipping = page.getByRole('group', { name: 'Shipping' });
    const express = shipping.getByRole('radio', { name: `${name} $12.50` });
    await expect(express).toBeVisible();
    await expect(shipping.getByRole('radio', { name: 'Standard shipping Free' })).toBeChecked();
    const lines = await cents(page, 'checkout-total');
    await express.check();
    await expect(page.getByTestId('checkout-shipping')).toHaveText('$12.50');
    const total = lines + 1250;
    const totalText = `$${(total / 100).toFixed(2)}`;
    await expect(page.getByTestId('checkout-total')).toHaveText(totalText);
    await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
    await page.getByRole('button', { name: 'Buy' }).click();

    // The payment page shows the shipping as its own line, in the amount paid.
    await expect(page).toHaveURL(/\/test-gateway\/test_stripe_[0-9a-f]{32}$/);
    await expect(page.getByTestId('test-gateway-shipping')).toContainText(name);
    await expect(page.getByTestId('test-gateway-shipping')).toContainText('$12.50');
    await page.getByRole('button', { name: `Pay ${totalText}` }).click();
    await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
    await expect(page.getByText('Checkout Success')).toBeVisible();

    // In Orders: the card and the detail show the shipping line and the total including it.
    await page.goto('/account/orders');
    const card = page.locator('.order-card').first();
    await expect(card).toContainText(`${name} $12.50`);
    await expect(card.locator('.order-card__amount')).toHaveText(totalText);
    await card.getByRole('button', { name: /^Detail of order / }).click();
    await expect(page.getByRole('heading', { name: 'Order detail' })).toBeVisible();
    await expect(page.getByTestId('order-shipping')).toHaveText('$12.50');
    await expect(page.locator('.order-summary__shipping')).toContainText(name);
    await expect(page.getByTestId('order-final-amount')).toHaveText(totalText);

    // An order names the method now: deleting it archives it, and buyers are no longer offered it.
    await admin.getByRole('button', { name: `Delete ${name}` }).click();
    await admin
      .getByRole('dialog', { name: 'Delete this shipping method?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      admin.getByText(`"${name}" is named by orders, so it was archived instead of deleted`),
    ).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    const offered = await page.request.get('/api/shipping-methods?country=Argentina');
    const { methods } = (await offered.json()) as { methods: { name: string }[] };
    expect(methods.map((method) => method.name)).not.toContain(name);
    await admin.context().close();
  });
});
