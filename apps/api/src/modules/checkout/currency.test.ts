import type { Order } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { stockedProducts } from '../../test/buyers';
import { csvRecords } from '../../test/csv';
import { fakeProviders } from '../../test/fake-providers';
import { deliveredMail } from '../../test/mail';
import { cartLine, orderRow, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * The shop's currency (decision 34): each order is placed in the tax settings' currency and keeps it; a
 * change of currency applies to new orders only. Providers, e-mails, invoices and the export use the order's.
 */

type Shop = ReturnType<typeof testShop>;

async function setCurrency(shop: Shop, currency: string) {
  const response = await send(shop.app(), 'PUT', '/api/tax/settings', shop.staff().cookie, { currency });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<{ currency: string }>().currency).toBe(currency);
}

/** A pair at 100.00 (size 9) of a product of the shop's own. */
async function pair(shop: Shop, name: string) {
  const [id = ''] = await stockedProducts(shop.app(), [name], 20);
  return { id, name, size: '9', price: 100, units: 20 };
}

describe('an order placed after the shop changed its currency (test-mode gateway)', () => {
  const shop = testShop({ staff: 'currency' });
  const { app } = shop;

  /** Starts a card checkout; answers the order and its test-gateway payment's reference. */
  async function startCheckout(cookie: string, pick: Awaited<ReturnType<typeof pair>>) {
    const started = await send(app(), 'POST', '/api/checkouts', cookie, { products: [cartLine(pick, 1)] });
    expect(started.statusCode, started.body).toBe(200);
    const { url, orderId } = started.json<{ url: string; orderId: string }>();
    return { orderId, reference: url.split('/').pop() ?? '' };
  }

  async function payAndRead(cookie: string, placed: { orderId: string; reference: string }) {
    const paid = await send(app(), 'POST', `/api/test-gateway/payments/${placed.reference}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await send(app(), 'GET', `/api/orders/${placed.orderId}`, cookie);
    expect(order.json<Order>().state).toBe('aprobed');
    return order.json<Order>();
  }

  it('is in the new currency everywhere, while the order placed before keeps dollars', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await pair(shop, 'Currency Runner');

    const before = await startCheckout(buyer.cookie, pick);
    const beforePage = await send(app(), 'GET', `/api/test-gateway/payments/${before.reference}`);
    expect(beforePage.json()).toMatchObject({ amount: 100, currency: 'usd' });
    const dollars = await payAndRead(buyer.cookie, before);

    await setCurrency(shop, 'EUR');
    const after = await startCheckout(buyer.cookie, pick);
    // The test gateway is asked for the order's currency.
    const afterPage = await send(app(), 'GET', `/api/test-gateway/payments/${after.reference}`);
    expect(afterPage.json()).toMatchObject({ amount: 100, currency: 'eur' });
    const euros = await payAndRead(buyer.cookie, after);

    // Stored with each order, and on the wire of the detail, the buyer's list and the dashboard's.
    expect((await orderRow(app(), before.orderId))?.currency).toBe('usd');
    expect((await orderRow(app(), after.orderId))?.currency).toBe('eur');
    expect(dollars.currency).toBe('USD');
    expect(euros.currency).toBe('EUR');
    const mine = await send(app(), 'GET', '/api/orders', buyer.cookie);
    expect(
      Object.fromEntries(mine.json<Order[]>().map((order) => [order._id, order.currency])),
    ).toMatchObject({ [before.orderId]: 'USD', [after.orderId]: 'EUR' });
    const dashboard = await send(app(), 'GET', `/api/orders/${after.orderId}`, shop.staff().cookie);
    expect(dashboard.json<Order>().currency).toBe('EUR');

    // The confirmation e-mails and the invoices write each order's own currency.
    const mail = await deliveredMail(app());
    const confirmation = (number: number) =>
      mail.find((message) => message.to === buyer.email && message.subject.includes(`${number} confirmed`));
    expect(confirmation(dollars.number)?.text).toContain('Total: $100.00');
    expect(confirmation(euros.number)?.text).toContain('Total: €100.00');
    expect(confirmation(euros.number)?.html).toContain('€100.00');
    expect(confirmation(euros.number)?.html).not.toContain('$');
    const invoice = await send(app(), 'GET', `/api/orders/${after.orderId}/invoice`, buyer.cookie);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('€100.00');
    expect(invoice.body).not.toMatch(/\$\d/);
    const oldInvoice = await send(app(), 'GET', `/api/orders/${before.orderId}/invoice`, buyer.cookie);
    expect(oldInvoice.body).toContain('$100.00');

    // The export names each row's currency.
    const csv = await send(app(), 'GET', '/api/orders/export.csv', shop.staff().cookie);
    expect(csv.statusCode, csv.body).toBe(200);
    const records = csvRecords(csv.body);
    expect(records.find((row) => row.order_id === before.orderId)?.currency).toBe('USD');
    expect(records.find((row) => row.order_id === after.orderId)?.currency).toBe('EUR');

    // Back to dollars: the euro order keeps its euros.
    await setCurrency(shop, 'USD');
    const again = await send(app(), 'GET', `/api/orders/${after.orderId}`, buyer.cookie);
    expect(again.json<Order>().currency).toBe('EUR');
    expect((await orderRow(app(), after.orderId))?.currency).toBe('eur');
  });

  it('refuses a currency the shop cannot keep in cents, naming the field, and keeps the one it has', async () => {
    for (const currency of ['JPY', 'KWD', 'EURO']) {
      const refused = await send(app(), 'PUT', '/api/tax/settings', shop.staff().cookie, { currency });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('currency');
    }
    const jpy = await send(app(), 'PUT', '/api/tax/settings', shop.staff().cookie, { currency: 'JPY' });
    expect(jpy.json().error.fields.currency).toMatch(/two decimals/);
    expect((await send(app(), 'GET', '/api/tax/settings')).json().currency).toBe('USD');
  });
});

describe('the payment providers are asked for the order’s currency (fake Stripe and PayPal)', () => {
  const fakes = fakeProviders('whsec_currency_secret');
  const shop = testShop({ staff: 'currencypsp', config: () => ({ payments: fakes.payments() }) });
  const { app } = shop;

  it('Stripe gets each line in the shop’s currency of the moment the order was placed', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await pair(shop, 'Stripe Currency Runner');
    const session = async () => {
      const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
        products: [cartLine(pick, 1)],
      });
      expect(started.statusCode, started.body).toBe(200);
      const { orderId } = started.json<{ orderId: string }>();
      return [...fakes.stripe().sessions.values()].find(
        (candidate) => candidate.metadata.orderId === orderId,
      );
    };
    expect((await session())?.line_items.map((line) => line.currency)).toEqual(['usd']);
    await setCurrency(shop, 'GBP');
    try {
      const pounds = await session();
      expect(pounds?.line_items).toEqual([
        { name: `${pick.name} (size 9)`, quantity: 1, unit_amount: 10_000, currency: 'gbp' },
      ]);
    } finally {
      await setCurrency(shop, 'USD');
    }
  });

  it('PayPal gets the amount and its breakdown in the order’s currency', async () => {
    const buyer = await verifiedBuyer(app());
    const pick = await pair(shop, 'PayPal Currency Runner');
    const created = async () => {
      const response = await send(app(), 'POST', '/api/paypal/create-payment', buyer.cookie, {
        products: [cartLine(pick, 1)],
      });
      expect(response.statusCode, response.body).toBe(200);
      const { links } = response.json<{ links: { href: string; rel: string }[] }>();
      const approve = links.find((link) => link.rel === 'approve');
      const paypalId = new URL(approve?.href ?? '').searchParams.get('token') ?? '';
      return fakes.paypal().orders.get(paypalId)?.request.purchase_units[0];
    };
    expect((await created())?.amount).toMatchObject({ value: '100.00', currency_code: 'USD' });
    await setCurrency(shop, 'EUR');
    try {
      const unit = await created();
      expect(unit?.amount).toMatchObject({
        value: '100.00',
        currency_code: 'EUR',
        breakdown: { item_total: { currency_code: 'EUR', value: '100.00' } },
      });
      expect(unit?.items).toEqual([
        expect.objectContaining({ unit_amount: { currency_code: 'EUR', value: '100.00' } }),
      ]);
    } finally {
      await setCurrency(shop, 'USD');
    }
  });
});
