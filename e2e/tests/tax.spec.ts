import type { Page } from '@playwright/test';
import { approveAndReceive, openedReturn, openReturnForm } from '../support/returns';
import { addToCart, adminPage, orderOf, shipFromToShip, signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The owner sets tax up in the Tax tab; a buyer where the shop collects it sees it at checkout, on the
 * payment page and on the invoice, and a return's refund gives a credit note (decision 34). Portugal,
 * France and Wyoming are places no other journey ships to, so the journeys running beside this one pay no
 * tax (and with prices including tax, a price paid is the same with or without it); the settings are put
 * back at the end.
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
  const buy = page.getByRole('button', { name: 'Buy' });
  await expect(buy).toBeEnabled();
  await buy.click();
  // The checkout's code loads on the way: on a busy machine it may take longer than a step usually does.
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible({ timeout: 20_000 });
  await detailsAt(page, place);
}

/** Pays on the test card page; answers the order's id once it is paid. */
async function pay(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect.poll(async () => (await orderOf(page, orderId)).state).toBe('aprobed');
  return orderId;
}

/** Pays, then answers the order's id, and the payment page's tax line and the order's invoice as text. */
async function payAndOpenInvoice(page: Page): Promise<{ orderId: string; text: string }> {
  await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/test-gateway\//);
  const taxLine = page.getByTestId('test-gateway-tax');
  await expect(taxLine).toBeVisible();
  const lineText = (await taxLine.textContent()) ?? '';
  const orderId = await pay(page);
  const invoice = await page.request.get(`/api/orders/${orderId}/invoice`);
  expect(invoice.ok()).toBe(true);
  return { orderId, text: `${lineText}\n${await invoice.text()}` };
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
      const paid = (await payAndOpenInvoice(page)).text;
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
      const paid = (await payAndOpenInvoice(page)).text;
      expect(paid).toMatch(new RegExp(`^Tax\\+\\$${tax.toFixed(2).replace('.', '\\.')}`));
      expect(paid).toContain('<h2>Tax (US-WY)</h2>');
      expect(paid).toMatch(/Total at 4%/);
    } finally {
      await unregister(admin, 'Wyoming (US)');
      await admin.context().close();
    }
  });

  test('an EU shop in France with the One-Stop-Shop: a buyer in France sees "incl. VAT", pays 20% inside the price, and a return gives a credit note', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/tax');
    await admin.getByLabel('Home country', { exact: true }).selectOption('FR');
    await admin.getByRole('radio', { name: 'Yes: prices shown include tax' }).check();
    await admin.getByLabel('VAT number').fill('FR40303265045');
    await admin.getByLabel('One-Stop-Shop').check();
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect(admin.getByText('Tax settings saved')).toBeVisible();
    await register(admin, 'FR');
    await expect(admin.getByRole('button', { name: 'Remove France' })).toBeVisible();

    try {
      await signedInBuyer(page, 'frbuyer');
      await addToCart(page, 'Gazelle');
      // A shop at home in France: the product page says "incl. VAT"; the cart, shipped to France, how much.
      await expect(page.getByTestId('tax-note')).toHaveText('incl. VAT');
      await page.getByLabel('Ship to').selectOption('FR');
      await page.goto('/cart');
      await expect(page.getByTestId('cart-tax-included')).toHaveText(/^Includes \$\d+\.\d\d VAT \(France\)$/);
      await checkoutAt(page, { city: 'Paris', state: 'Paris', postalCode: '75001', country: 'France' });
      await expect(page.getByTestId('checkout-tax-included')).toHaveText(/^Includes \$\d+\.\d\d VAT$/);
      const { orderId, text } = await payAndOpenInvoice(page);
      expect(text).toContain('VAT FR40303265045');
      expect(text).toContain('<h2>Tax (FR)</h2>');
      expect(text).toMatch(/Total at 20%/);
      const { number, tax } = await orderOf(page, orderId);
      expect(tax.total).toBeGreaterThan(0);

      await shipFromToShip(admin, number);
      const form = await openReturnForm(page, number);
      await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Not as pictured' });
      await form.getByRole('button', { name: 'Send return request' }).click();
      const returned = await openedReturn(page);
      await approveAndReceive(admin, returned);

      // The buyer's order lists the refund's credit note; it prints the VAT given back at 20%.
      await page.reload();
      const note = page.getByRole('link', { name: /^Credit note CN-\d+ – \$\d+\.\d\d/ });
      await expect(note).toBeVisible();
      const printed = await page.request.get((await note.getAttribute('href')) ?? '');
      expect(printed.ok()).toBe(true);
      const credit = await printed.text();
      expect(credit).toContain('Credit note CN-');
      expect(credit).toContain(`#${number}`);
      expect(credit).toMatch(/20%/);
      expect((await orderOf(page, orderId)).refundedTax).toBeCloseTo(tax.total, 2);
    } finally {
      await admin.goto('/account/tax');
      await admin.getByLabel('Home country', { exact: true }).selectOption('US');
      await admin.getByRole('radio', { name: 'No: tax is added at checkout' }).check();
      await admin.getByLabel('VAT number').fill('');
      await admin.getByLabel('One-Stop-Shop').uncheck();
      await admin.getByRole('button', { name: 'Save settings' }).click();
      await expect(admin.getByText('Tax settings saved')).toBeVisible();
      await unregister(admin, 'France');
      await admin.context().close();
    }
  });
});
