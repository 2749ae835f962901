import { addToCart, adminPage, signedInBuyer, toPaymentPage, toShipCard } from '../support/shop';
import { expect, test } from '../support/test';

/** After the payment: staff ship the order with a tracking number, and the buyer follows it. */

const TRACKING = '1Z999AA10123456784';
const TRACKING_URL = `https://www.ups.com/track?tracknum=${TRACKING}`;

interface OutboxMessage {
  to: string;
  subject: string;
  links: string[];
  text: string;
}

test.describe('fulfilment', () => {
  test('a buyer buys, staff mark it shipped with UPS, the buyer sees the tracking in Orders and in the e-mail', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const buyer = await signedInBuyer(page, 'ship');
    const bought = await addToCart(page, 'Air Force 1');
    await toPaymentPage(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).toHaveURL(/\/order-completed\?provider=stripe&order=/);
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    const orderOf = async () =>
      (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { number: number; state: string };
    await expect.poll(async () => (await orderOf()).state).toBe('aprobed');
    const placed = await orderOf();

    // Staff: the order waits in To ship with its address and its line; they ship it with UPS.
    const admin = await adminPage(browser, baseURL);
    await admin.goto('/account/to-ship');
    await expect(admin.getByRole('heading', { name: 'To ship', exact: true })).toBeVisible();
    const card = await toShipCard(admin, placed.number);
    await expect(card.getByRole('region', { name: /^Ship to/ })).toBeVisible();
    await expect(card.getByRole('checkbox', { name: new RegExp(bought.name) })).toBeChecked();
    const slip = await admin.request.get(`/api/orders/${orderId}/packing-slip`);
    expect(slip.ok()).toBe(true);
    expect(await slip.text()).toContain(`Order #${placed.number}`);
    await card.getByRole('combobox', { name: 'Carrier' }).selectOption('UPS');
    await card.getByRole('textbox', { name: 'Tracking number' }).fill(TRACKING);
    await card.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(admin.getByText(`Order #${placed.number} marked shipped: 1 pair with UPS`)).toBeVisible();
    // Fully shipped, it has left the list.
    await expect(admin.getByRole('article', { name: `Order #${placed.number}`, exact: true })).toHaveCount(0);

    // The buyer: the card says shipped, the detail has the parcel with its tracking link and the invoice.
    await page.goto('/account/orders');
    const own = page.getByRole('article', { name: `Order #${placed.number}`, exact: true });
    await expect(own).toContainText('Shipping: Shipped');
    await own.getByRole('button', { name: `Detail of order #${placed.number}` }).click();
    const parcels = page.getByRole('region', { name: 'Shipments' });
    await expect(parcels).toContainText('UPS');
    await expect(parcels).toContainText(`${bought.name}, size`);
    await expect(parcels.getByRole('link', { name: new RegExp(TRACKING) })).toHaveAttribute(
      'href',
      TRACKING_URL,
    );
    await expect(page.getByRole('link', { name: /Invoice/ })).toHaveAttribute(
      'href',
      `/api/orders/${orderId}/invoice`,
    );
    const invoice = await page.request.get(`/api/orders/${orderId}/invoice`);
    expect(invoice.ok()).toBe(true);
    expect(await invoice.text()).toContain(`Invoice #${placed.number}`);

    // The e-mail in the outbox: the parcel's tracking number and its link.
    let mail: OutboxMessage | undefined;
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/dev/outbox');
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        mail = messages.find((message) => message.to === buyer.email && message.subject.endsWith('shipped'));
        return mail;
      })
      .toBeTruthy();
    expect(mail?.links).toContain(TRACKING_URL);
    expect(mail?.text).toContain(TRACKING);

    // Staff mark it delivered from the order's detail; the buyer sees it delivered.
    await admin.goto(`/account/orders?order=${orderId}`);
    const adminParcels = admin.getByRole('region', { name: 'Shipments' });
    await adminParcels.getByRole('button', { name: /Mark delivered/ }).click();
    await expect(adminParcels).toContainText('Delivered');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Shipments' })).toContainText('Delivered');
    await admin.context().close();
  });
});
