import type { Order, OrderReturn, SalesReport, TaxReport, TestPayment } from '@shop/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockedProducts } from '../../test/buyers';
import { csvRecords } from '../../test/csv';
import { shipOrder } from '../../test/shipments';
import { orderRow, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { spread } from './tax-report';

/** The tax report of a period: paid orders per place and rate, refunds made in it (decision 34). */
const { app, staff } = testShop({ staff: 'taxreport' });
let shoe = '';
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [shoe = ''] = await stockedProducts(app(), ['Reported Runner'], 80);
});

async function staffSend(method: 'PUT' | 'POST', path: string, body: Record<string, unknown>) {
  const response = await send(app(), method, path, staff().cookie, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** A buyer living at `address` buys two pairs (2 x 100.00) and pays: answers the paid order. */
async function paidOrderTo(address: Record<string, string>): Promise<Order & { cookie: string }> {
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    address: '1 Market Street',
    phone: '+15550100',
    fullName: 'Tax Payer',
    ...address,
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [{ id: shoe, size: '9', count: 2 }],
  });
  expect(started.statusCode, started.body).toBe(200);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  const payment = (
    await send(app(), 'GET', `/api/test-gateway/payments/${url.split('/').pop()}`)
  ).json<TestPayment>();
  const paid = await send(app(), 'POST', `/api/test-gateway/payments/${payment.reference}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  const order = (await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie)).json<Order>();
  return { ...order, cookie: buyer.cookie };
}

async function report(from = today, to = today): Promise<TaxReport> {
  const response = await send(app(), 'GET', `/api/admin/tax/report?from=${from}&to=${to}`, staff().cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TaxReport>();
}

const rowOf = (answer: TaxReport, jurisdiction: string) =>
  answer.rows.filter((row) => row.jurisdiction === jurisdiction);

const cents = (value: number) => Math.round(value * 100);

describe('the tax report of an EU shop with the One-Stop-Shop, prices including VAT', () => {
  const placed: Order[] = [];

  beforeAll(async () => {
    await staffSend('PUT', '/api/tax/settings', {
      homeCountry: 'FR',
      pricesIncludeTax: true,
      oss: true,
      currency: 'EUR',
    });
    await staffSend('POST', '/api/tax/registrations', { country: 'FR' });
    placed.push(
      await paidOrderTo({ city: 'Berlin', state: 'Berlin', postalCode: '10115', country: 'Germany' }),
    );
    placed.push(await paidOrderTo({ city: 'Lyon', state: 'Rhone', postalCode: '69001', country: 'FR' }));
    placed.push(await paidOrderTo({ city: 'Paris', state: 'Paris', postalCode: '75001', country: 'France' }));
    placed.push(
      await paidOrderTo({ city: 'Tokyo', state: 'Tokyo', postalCode: '100-0001', country: 'Japan' }),
    );
    // The German order is refunded in the period: its net and VAT come back in Germany's row.
    const refunded = await send(app(), 'POST', `/api/orders/${placed[0]?._id}/refund`, staff().cookie, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
  });

  it("sums each country's lines at its rate, the refund in its row, and what was not taxed apart", async () => {
    const answer = await report();
    expect(answer).toMatchObject({ from: today, to: today, currency: 'EUR', homeCountry: 'FR' });
    // 200.00 including 19 %: tax round(200 x 19 / 119) = 31.93.
    expect(rowOf(answer, 'DE')).toEqual([
      {
        jurisdiction: 'DE',
        country: 'DE',
        region: '',
        eu: true,
        rateType: 'standard',
        rate: 19,
        reason: null,
        net: 168.07,
        tax: 31.93,
        orders: 1,
        refundedNet: 168.07,
        refundedTax: 31.93,
      },
    ]);
    // Two orders of 200.00 including 20 %: 33.33 each.
    expect(rowOf(answer, 'FR')).toEqual([
      expect.objectContaining({
        rate: 20,
        net: 333.34,
        tax: 66.66,
        orders: 2,
        refundedNet: 0,
        refundedTax: 0,
      }),
    ]);
    expect(rowOf(answer, 'JP')).toEqual([
      expect.objectContaining({
        eu: false,
        rate: null,
        reason: 'no tax collected: not registered in Japan',
        net: 200,
        tax: 0,
        orders: 1,
      }),
    ]);
    // Every order in the period is in it once; what they took is net + tax, as the ledger holds it.
    const taken = await Promise.all(placed.map((order) => orderRow(app(), order._id)));
    expect(answer.totals.orders).toBe(4);
    expect(cents(answer.totals.net) + cents(answer.totals.tax)).toBe(
      taken.reduce((sum, row) => sum + (row?.totalCents ?? 0), 0),
    );
    expect(answer.totals).toMatchObject({ tax: 98.59, refundedNet: 168.07, refundedTax: 31.93 });
  });

  it('reconciles with the Sales view: the same orders, the same refunds', async () => {
    const answer = await report();
    const sales = (await send(app(), 'GET', '/api/admin/sales?days=30', staff().cookie)).json<SalesReport>();
    expect(cents(answer.totals.net) + cents(answer.totals.tax)).toBe(cents(sales.totals.gross));
    expect(cents(answer.totals.refundedNet) + cents(answer.totals.refundedTax)).toBe(
      cents(sales.totals.refunded),
    );
  });

  it('counts an order on the day it was paid: nothing yesterday', async () => {
    const answer = await report(yesterday, yesterday);
    expect(answer.rows).toEqual([]);
    expect(answer.totals).toEqual({ net: 0, tax: 0, orders: 0, refundedNet: 0, refundedTax: 0 });
  });

  it('downloads as CSV: the One-Stop-Shop lines first, then the home country, then the rest', async () => {
    const response = await send(
      app(),
      'GET',
      `/api/admin/tax/report?from=${today}&to=${today}&format=csv`,
      staff().cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tax-report-${today}-to-${today}.csv"`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines.filter((line) => !line.includes(',US-'))).toEqual([
      'section,member_state_of_consumption,rate_type,vat_rate,taxable_amount,vat_amount,correction_taxable_amount_refunded,correction_vat_amount_refunded,orders,reason',
      'OSS,DE,standard,19,168.07,31.93,168.07,31.93,1,',
      'domestic,FR,standard,20,333.34,66.66,0.00,0.00,2,',
      'other,JP,standard,,200.00,0.00,0.00,0.00,1,no tax collected: not registered in Japan',
    ]);
    expect(csvRecords(response.body)).toHaveLength(3);
  });
});

describe('the tax report of a US shop registered in California and New York, prices before tax', () => {
  beforeAll(async () => {
    await staffSend('PUT', '/api/tax/settings', {
      homeCountry: 'US',
      homeRegion: 'CA',
      pricesIncludeTax: false,
      currency: 'USD',
    });
    await staffSend('POST', '/api/tax/registrations', { country: 'US', region: 'CA' });
    await staffSend('POST', '/api/tax/registrations', { country: 'US', region: 'NY' });
  });

  it('sums each state at its rate, and a refund made in the period gives back its tax there', async () => {
    const california = await paidOrderTo({
      city: 'Oakland',
      state: 'CA',
      postalCode: '94607',
      country: 'US',
    });
    const newYork = await paidOrderTo({
      city: 'Albany',
      state: 'New York',
      postalCode: '12207',
      country: 'United States',
    });
    expect(california.tax.total).toBe(14.5);
    expect(newYork.tax.total).toBe(8);
    const answer = await report();
    expect(rowOf(answer, 'US-CA')).toEqual([
      expect.objectContaining({ country: 'US', region: 'CA', eu: false, rate: 7.25, net: 200, tax: 14.5 }),
    ]);
    expect(rowOf(answer, 'US-NY')).toEqual([
      expect.objectContaining({ country: 'US', region: 'NY', rate: 4, net: 200, tax: 8, orders: 1 }),
    ]);
    const refunded = await send(app(), 'POST', `/api/orders/${newYork._id}/refund`, staff().cookie, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(rowOf(await report(), 'US-NY')).toEqual([
      expect.objectContaining({ net: 200, tax: 8, refundedNet: 200, refundedTax: 8 }),
    ]);

    // One pair of the Californian order comes back: 100.00 and the 7.25 of tax paid on it.
    await shipOrder(app(), california._id);
    const opened = await send(app(), 'POST', `/api/orders/${california._id}/returns`, california.cookie, {
      lines: [{ productId: shoe, size: '9', count: 1, resolution: 'refund' }],
      reason: 'too_small',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json<OrderReturn>().id;
    expect((await send(app(), 'POST', `/api/returns/${id}/approve`, staff().cookie)).statusCode).toBe(200);
    const received = await send(app(), 'POST', `/api/returns/${id}/receive`, staff().cookie, {
      lines: [{ productId: shoe, size: '9', restock: true }],
    });
    expect(received.json<OrderReturn>()).toMatchObject({ refundedAmount: 107.25, refundedTax: 7.25 });
    expect(rowOf(await report(), 'US-CA')).toEqual([
      expect.objectContaining({ net: 200, tax: 14.5, orders: 1, refundedNet: 100, refundedTax: 7.25 }),
    ]);
  }, 120_000);
});

describe('the tax report refuses', () => {
  it('missing, malformed, reversed and too long periods, naming the field', async () => {
    for (const [query, field] of [
      [`to=${today}`, 'from'],
      [`from=${today}`, 'to'],
      [`from=2026-13-01&to=${today}`, 'from'],
      [`from=${today}&to=${yesterday}`, 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      [`from=${today}&to=${today}&format=pdf`, 'format'],
    ] as const) {
      const refused = await send(app(), 'GET', `/api/admin/tax/report?${query}`, staff().cookie);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields), query).toContain(field);
    }
  });

  it('shoppers and strangers', async () => {
    const buyer = await verifiedBuyer(app());
    const path = `/api/admin/tax/report?from=${today}&to=${today}`;
    expect((await send(app(), 'GET', path, buyer.cookie)).statusCode).toBe(403);
    expect((await send(app(), 'GET', `${path}&format=csv`, buyer.cookie)).statusCode).toBe(403);
    expect((await send(app(), 'GET', path)).statusCode).toBe(401);
  }, 120_000);
});

describe('spread', () => {
  it('shares cents in proportion and always adds up', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(1_593, [1_450, 800])).toEqual([1_027, 566]);
    expect(spread(7, [0, 0])).toEqual([7, 0]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
  });
});
