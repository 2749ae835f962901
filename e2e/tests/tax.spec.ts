import type { Page } from '@playwright/test';
import { addToCart, adminPage, signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The owner sets tax up in the Tax tab; a buyer where the shop collects it sees it at checkout, on the
 * payment page and on the invoice (decision 34). Portugal and Wyoming are places no other journey ships
 * to, so the journeys running beside this one pay no tax; the settings are put back at the end.
 */

/** On the checkout page: a buyer's details at `place`, saved. */
async function detailsAt(
  page: Page,
  place: { city: string; state: string; postalCode: string; country: string },
) {
  await page.getByLabel('Full name').fill('Rita Sousa');
  await page.getByLabel('Phone').fill('+351 912 345 678');
  await page.getByLabel('Address').fill('Rua Augusta 10');
  await page.getByLabel('City').fill(place.city);
  await page.getByLabel('State').fill(place.state);
  await page.getByLabel('Postal code').fill(place.postalCode);
  await page.getByLabel('Country').fill(place.country);
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Data successfully set!')).toBeVisible();
}

/** The Tax tab's registration of a place, added; `state` for a US state. */
async function register(admin: Page, country: string, state?: string) {
  await admin.getByRole('button', { name: 'Add a registration' }).click();
  await admin.getByLabel('Country', { exact: true }).selectOption(country);
  if (state) await admin.getByLabel('US state', { exact: true }).selectOption(state);
  await admin.getByRole('button', { name: 'Add registration' }).click();
}

async function unregister(admin: Page, name: string) {
  await admin.getByRole('button', { name: `Remove ${name}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(admin.getByRole('button', { name: `Remove ${name}` })).toHaveCount(0);
}

/** From the cart to the test card page with the details of `place`; answers the checkout's order id. */
async function checkoutAt(page: Page, place: Parameters<typeof detailsAt>[1]) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await detailsAt(page, place);
}

async function payAndOpenInvoice(page: Page): Promise<string> {
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/test-gateway\//);
  const taxLine = page.getByTestId('test-gateway-tax');
  await expect(taxLine).toBeVisible();
  const lineText = (await taxLine.textContent()) ?? '';
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { state: string }).state,
    )
    .toBe('aprobed');
  const invoice = await page.request.get(`/api/orders/${orderId}/invoice`);
  expect(invoice.ok()).toBe(true);
  return `${lineText}\n${await invoice.text()}`;
}

test.describe('tax', () => {
  test('the owner registers Portugal with prices including VAT; a buyer there sees the VAT inside the price, and a tax invoice at 23%', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/tax');
    await expect(admin.getByRole('heading', { level: 2, name: 'Tax' })).toBeVisible();
    await admin.getByRole('radio', { name: 'Yes: prices shown include tax' }).check();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByText('Tax settings saved')).toBeVisible();
    await register(admin, 'PT');
    await expect(admin.getByRole('button', { name: 'Remove Portugal' })).toBeVisible();

    try {
      await signedInBuyer(page, 'vatbuyer');
      await addToCart(page, 'Gazelle');
      // The product page says the price includes the tax (a shop at home in the US calls it tax); the
      // cart, shipped to Portugal as the footer's chooser says, says how much of it is Portugal's VAT.
      await expect(page.getByTestId('tax-note')).toHaveText('incl. tax');
      await page.getByLabel('Ship to').selectOption('PT');
      await page.goto('/cart');
      await expect(page.getByTestId('cart-tax-included')).toHaveText(
        /^Includes \$\d+\.\d\d tax \(Portugal\)$/,
      );
      await checkoutAt(page, {
        city: 'Lisboa',
        state: 'Lisboa',
        postalCode: '1100-053',
        country: 'Portugal',
      });
      const included = page.getByTestId('checkout-tax-included');
      await expect(included).toHaveText(/^Includes \$\d+\.\d\d VAT$/);
      const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
      await expect(page.getByTestId('checkout-subtotal')).toHaveText(total);
      const paid = await payAndOpenInvoice(page);
      expect(paid).toMatch(/^Tax included\$\d+\.\d\d/);
      expect(paid).toContain('Tax invoice #');
      expect(paid).toContain('<h2>Tax (PT)</h2>');
      expect(paid).toContain('The prices include the tax.');
      expect(paid).toMatch(/Total at 23%/);
    } finally {
      await admin.getByRole('radio', { name: 'No: tax is added at checkout' }).check();
      await admin.getByRole('button', { name: 'Save settings' }).click();
      await expect(admin.getByText('Tax settings saved')).toBeVisible();
      await unregister(admin, 'Portugal');
      await admin.context().close();
    }
  });

  test('a US shop registered in Wyoming adds its 4% at checkout, on the payment page and on the invoice', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/tax');
    await register(admin, 'US', 'WY');
    await expect(admin.getByRole('button', { name: 'Remove Wyoming (US)' })).toBeVisible();
    try {
      await signedInBuyer(page, 'wybuyer');
      await addToCart(page, 'Gazelle');
      // Prices before tax: the product page and the cart say so; the state is known only at checkout.
      await expect(page.getByTestId('tax-note')).toHaveText('excl. tax');
      await page.goto('/cart');
      await expect(page.getByTestId('tax-note')).toHaveText(
        'excl. tax · Tax is added at checkout where we collect it',
      );
      await checkoutAt(page, {
        city: 'Cheyenne',
        state: 'Wyoming',
        postalCode: '82001',
        country: 'United States',
      });
      const subtotal = Number(
        ((await page.getByTestId('checkout-subtotal').textContent()) ?? '').replace(/[^\d.]/g, ''),
      );
      const tax = Math.round(subtotal * 4) / 100;
      await expect(page.getByTestId('checkout-tax')).toHaveText(`$${tax.toFixed(2)}`);
      await expect(page.getByTestId('checkout-total')).toHaveText(`$${(subtotal + tax).toFixed(2)}`);
      const paid = await payAndOpenInvoice(page);
      expect(paid).toMatch(new RegExp(`^Tax\\+\\$${tax.toFixed(2).replace('.', '\\.')}`));
      expect(paid).toContain('<h2>Tax (US-WY)</h2>');
      expect(paid).toMatch(/Total at 4%/);
    } finally {
      await unregister(admin, 'Wyoming (US)');
      await admin.context().close();
    }
  });
});
