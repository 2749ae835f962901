import type { Order, OrderReturn, TaxRate, TestPayment } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderItem } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { csvRecords } from '../../test/csv';
import { shipOrder } from '../../test/shipments';
import { orderRow, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/** Checkout charges the tax the quote shows and freezes it on the order (decision 34). */
const { app, staff } = testShop({ staff: 'taxcheckout' });
let shoe = '';

beforeAll(async () => {
  [shoe = ''] = await stockedProducts(app(), ['Taxed Runner'], 50);
});

async function staffPut(path: string, body: Record<string, unknown>) {
  const response = await send(app(), 'PUT', path, staff().cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function buyerAt(address: Record<string, string>) {
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    address: '1 Market Street',
    phone: '+15550100',
    fullName: 'Tax Payer',
    ...address,
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return buyer;
}

/** Pays an order on the test gateway and answers its invoice's HTML. */
async function paidInvoice(cookie: string, order: Order, payment: TestPayment): Promise<string> {
  const paid = await send(app(), 'POST', `/api/test-gateway/payments/${payment.reference}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  const invoice = await send(app(), 'GET', `/api/orders/${order._id}/invoice`, cookie);
  expect(invoice.statusCode, invoice.body).toBe(200);
  return invoice.body;
}

/** Checks out two pairs; answers the order and its test payment page. */
async function buyTwo(cookie: string): Promise<{ order: Order; payment: TestPayment }> {
  const started = await send(app(), 'POST', '/api/checkouts', cookie, {
    products: [{ id: shoe, size: '9', count: 2 }],
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  const order = (await send(app(), 'GET', `/api/orders/${orderId}`, cookie)).json<Order>();
  const payment = (
    await send(app(), 'GET', `/api/test-gateway/payments/${url.split('/').pop()}`)
  ).json<TestPayment>();
  return { order, payment };
}

describe('a US shop registered in California, prices before tax', () => {
  beforeAll(async () => {
    await staffPut('/api/tax/settings', { homeCountry: 'US', homeRegion: 'CA', pricesIncludeTax: false });
    const registered = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
      country: 'US',
      region: 'CA',
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it("charges California's rate on top, freezes it on the order, and asks the provider for it", async () => {
    const buyer = await buyerAt({
      city: 'San Francisco',
      state: 'California',
      postalCode: '94105',
      country: 'US',
    });
    const { order, payment } = await buyTwo(buyer.cookie);
    expect(order.finalAmount).toBe(214.5);
    expect(order.tax).toEqual({
      total: 14.5,
      pricesIncludeTax: false,
      jurisdiction: 'US-CA',
      collected: true,
      reason: '',
      source: 'table',
      lines: [{ productId: shoe, size: '9', category: 'standard', rate: 7.25, base: 200, amount: 14.5 }],
      shipping: { rate: null, base: 0, amount: 0 },
    });
    const [line] = await app().db.select().from(orderItem).where(eq(orderItem.orderId, order._id));
    expect(line).toMatchObject({ taxCategory: 'standard', taxRatePcm: 7_250, taxCents: 1_450 });
    expect(payment.amount).toBe(214.5);
    expect(payment.tax).toEqual({ amount: 14.5, included: false });
    const invoice = await paidInvoice(buyer.cookie, order, payment);
    expect(invoice).toContain(`Tax invoice #${order.number}`);
    expect(invoice).toContain('Date of supply:');
    expect(invoice).toContain('<h2>Tax (US-CA)</h2>');
    expect(invoice).toMatch(/<td colspan="4">Tax<\/td><td class="num">\$14\.50<\/td>/);
    expect(invoice).toMatch(
      /Total at 7\.25%<\/td><td class="num">\$200\.00<\/td><td class="num">7\.25%<\/td><td class="num">\$14\.50/,
    );

    // A new rate for California changes new orders, not this one.
    const rates = (await send(app(), 'GET', '/api/tax/rates', staff().cookie)).json<{ rates: TaxRate[] }>();
    const california = rates.rates.find((rate) => rate.region === 'CA' && rate.category === 'standard');
    await staffPut(`/api/tax/rates/${california?.id}`, {
      country: 'US',
      region: 'CA',
      category: 'standard',
      rate: 8,
    });
    expect((await orderRow(app(), order._id))?.taxCents).toBe(1_450);
    const again = (await send(app(), 'GET', `/api/orders/${order._id}`, buyer.cookie)).json<Order>();
    expect(again.tax.total).toBe(14.5);
    const exported = await send(app(), 'GET', '/api/orders/export.csv', staff().cookie);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(csvRecords(exported.body).find((record) => record.order_id === order._id)).toMatchObject({
      order_total: '214.50',
      line_tax_rate: '7.25',
      line_tax: '14.50',
      order_tax: '14.50',
      prices_include_tax: 'no',
      tax_jurisdiction: 'US-CA',
    });
    expect((await buyTwo(buyer.cookie)).order.tax.total).toBe(16);
  });

  it('gives back the tax with the pairs returned, in proportion, and the rest with the whole refund', async () => {
    const buyer = await buyerAt({ city: 'Oakland', state: 'CA', postalCode: '94607', country: 'US' });
    const { order, payment } = await buyTwo(buyer.cookie);
    // 8 % since the rate change above: 2 x 100.00 + 16.00.
    expect(order.tax.total).toBe(16);
    await paidInvoice(buyer.cookie, order, payment);
    await shipOrder(app(), order._id);
    const opened = await send(app(), 'POST', `/api/orders/${order._id}/returns`, buyer.cookie, {
      lines: [{ productId: shoe, size: '9', count: 1, resolution: 'refund' }],
      reason: 'too_small',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json<OrderReturn>().id;
    expect((await send(app(), 'POST', `/api/returns/${id}/approve`, staff().cookie)).statusCode).toBe(200);
    const received = await send(app(), 'POST', `/api/returns/${id}/receive`, staff().cookie, {
      lines: [{ productId: shoe, size: '9', restock: true }],
    });
    expect(received.statusCode, received.body).toBe(200);
    // One of two pairs: 100.00 and the 8.00 of tax paid on it.
    expect(received.json<OrderReturn>()).toMatchObject({ refundedAmount: 108, refundedTax: 8 });
    const after = (await send(app(), 'GET', `/api/orders/${order._id}`, buyer.cookie)).json<Order>();
    expect(after).toMatchObject({ refundedAmount: 108, refundedTax: 8 });

    const whole = await send(app(), 'POST', `/api/orders/${order._id}/refund`, staff().cookie, {});
    expect(whole.statusCode, whole.body).toBe(200);
    const refunded = (await send(app(), 'GET', `/api/orders/${order._id}`, buyer.cookie)).json<Order>();
    expect(refunded).toMatchObject({ refundedAmount: 216, refundedTax: 16 });
  });

  it('collects nothing for a buyer in a state where the shop is not registered, and says why', async () => {
    const buyer = await buyerAt({
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
      country: 'United States',
    });
    const { order, payment } = await buyTwo(buyer.cookie);
    expect(order.finalAmount).toBe(200);
    expect(order.tax).toMatchObject({
      total: 0,
      collected: false,
      jurisdiction: '',
      reason: 'no tax collected: not registered in Oregon',
    });
    expect(payment.tax).toEqual({ amount: 0, included: false });
  });
});

describe('an EU shop with prices including VAT and the One-Stop-Shop', () => {
  beforeAll(async () => {
    await staffPut('/api/tax/settings', {
      homeCountry: 'FR',
      pricesIncludeTax: true,
      oss: true,
      vatNumber: 'FR40303265045',
    });
    const registered = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'FR' });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it("keeps the price and takes Germany's VAT inside it", async () => {
    const buyer = await buyerAt({ city: 'Berlin', state: 'Berlin', postalCode: '10115', country: 'Germany' });
    const { order, payment } = await buyTwo(buyer.cookie);
    expect(order.finalAmount).toBe(200);
    expect(order.tax).toMatchObject({
      total: 31.93,
      pricesIncludeTax: true,
      jurisdiction: 'DE',
      collected: true,
    });
    expect(order.tax.lines[0]).toMatchObject({ rate: 19, base: 200, amount: 31.93 });
    expect(payment).toMatchObject({ amount: 200, tax: { amount: 31.93, included: true } });
    const invoice = await paidInvoice(buyer.cookie, order, payment);
    expect(invoice).toContain('VAT FR40303265045');
    expect(invoice).toContain('The prices include the tax.');
    // 200.00 including 19 %: net 168.07, tax 31.93; no tax row is added to the total.
    expect(invoice).toMatch(
      /Total at 19%<\/td><td class="num">\$168\.07<\/td><td class="num">19%<\/td><td class="num">\$31\.93/,
    );
    expect(invoice).not.toMatch(/<td colspan="4">Tax<\/td>/);
  });

  it('keeps the plain invoice where nothing was collected', async () => {
    const buyer = await buyerAt({ city: 'Tokyo', state: 'Tokyo', postalCode: '100-0001', country: 'Japan' });
    const { order, payment } = await buyTwo(buyer.cookie);
    expect(order.tax.collected).toBe(false);
    const invoice = await paidInvoice(buyer.cookie, order, payment);
    expect(invoice).toContain(`Invoice #${order.number}`);
    expect(invoice).not.toContain('Tax invoice');
    expect(invoice).not.toContain('<h2>Tax');
  });
});
