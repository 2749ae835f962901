import { expectAccessible } from '../support/axe';
import { addToCart, adminPage, saveBuyerDetails, signedInBuyer, toShipCard } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * The packer sees what was paid for: the To ship card and the packing slip name the shipping method, its
 * price and its delivery estimate; the staff order page shows where it goes and links the invoice and the
 * packing slip, also after the order has shipped; the documents print.
 */

test.describe('packing what was paid for', () => {
  test('To ship and the packing slip show the paid service; the staff order page links the documents after shipping', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const name = `Courier ${Date.now().toString(36).slice(-5)}`;
    const admin = await adminPage(browser, baseURL);
    const created = await admin.request.post('/api/shipping-methods', {
      data: { name, price: 9.95, estimateDays: [3, 5] },
    });
    expect(created.status()).toBe(201);

    // The buyer chooses the paid method and pays.
    await signedInBuyer(page, 'packed');
    const bought = await addToCart(page, 'Air Force 1');
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Buy' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await saveBuyerDetails(page);
    await page
      .getByRole('group', { name: 'Shipping' })
      .getByRole('radio', { name: new RegExp(`^${name} \\$9\\.95`) })
      .check();
    await page.getByRole('radio', { name: 'Card (Stripe)' }).check();
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    const orderOf = async () =>
      (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { number: number; state: string };
    await expect.poll(async () => (await orderOf()).state).toBe('aprobed');
    const { number } = await orderOf();

    // To ship: the card names the service paid for beside the address.
    await admin.goto('/account/to-ship');
    const card = await toShipCard(admin, number);
    const service = card.getByRole('region', { name: `Shipping service, order #${number}` });
    await expect(service).toContainText(name);
    await expect(service).toContainText('Paid: $9.95');
    await expect(service).toContainText('Delivery: 3-5 business days');

    // The packing slip, opened from the card, names it too, and prints.
    const [slip] = await Promise.all([
      admin.context().waitForEvent('page'),
      card.getByRole('link', { name: `Packing slip of order #${number} (opens in a new tab)` }).click(),
    ]);
    await slip.waitForLoadState();
    await expect(slip.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
    const slipService = slip.locator('section').filter({ hasText: 'Shipping service' });
    await expect(slipService).toContainText(name);
    await expect(slipService).toContainText('Paid: $9.95');
    await expect(slipService).toContainText('Delivery: 3-5 business days');
    await expect(slip.getByRole('cell', { name: new RegExp(bought.name) })).toBeVisible();
    // Print opens the browser's print; on paper the button is not there.
    await slip.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await slip.getByRole('button', { name: 'Print' }).click();
    expect(await slip.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await slip.emulateMedia({ media: 'print' });
    await expect(slip.getByRole('button', { name: 'Print' })).toBeHidden();
    await slip.close();

    // Ship it all: it leaves To ship.
    await card.getByRole('combobox', { name: 'Carrier' }).selectOption('UPS');
    await card.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await card.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(admin.getByText(`Order #${number} marked shipped`)).toBeVisible();

    // The staff order page, after shipping: the ship-to address and both documents.
    await admin.goto(`/account/orders?order=${orderId}`);
    const delivery = admin.getByRole('region', { name: 'Delivery and papers' });
    await expect(delivery.getByRole('region', { name: `Ship to, order #${number}` })).toContainText(
      'Av. Corrientes 1234',
    );
    const invoiceLink = delivery.getByRole('link', {
      name: `Invoice of order #${number} (opens in a new tab)`,
    });
    const slipLink = delivery.getByRole('link', {
      name: `Packing slip of order #${number} (opens in a new tab)`,
    });
    await expect(invoiceLink).toHaveAttribute('href', `/api/orders/${orderId}/invoice`);
    await expect(slipLink).toHaveAttribute('href', `/api/orders/${orderId}/packing-slip`);
    const [shippedSlip] = await Promise.all([admin.context().waitForEvent('page'), slipLink.click()]);
    await shippedSlip.waitForLoadState();
    await expect(shippedSlip.getByText('Everything in this order has shipped')).toBeVisible();
    await expect(shippedSlip.getByText('Delivery: 3-5 business days')).toBeVisible();
    await shippedSlip.close();
    await expectAccessible(admin, 'the staff order page after shipping');
    const invoiceResponse = await admin.request.get(`/api/orders/${orderId}/invoice`);
    expect(invoiceResponse.ok()).toBe(true);
    expect(await invoiceResponse.text()).toContain(`Invoice #${number}`);
    await admin.context().close();
  });
});
