import type { TaxQuote, TaxRegistration } from '@shop/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockedProducts } from '../../test/buyers';
import { createPromotion } from '../../test/promotions';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/** A shop that sells at 100.00 a pair, set up as a US shop, then as an EU one (decision 34). */
const { app, staff } = testShop({ staff: 'taxquote' });
let shoe = '';

beforeAll(async () => {
  [shoe = ''] = await stockedProducts(app(), ['Quote Runner'], 50);
});

async function quote(body: Record<string, unknown>): Promise<TaxQuote> {
  const response = await send(app(), 'POST', '/api/tax/quote', undefined, {
    products: [{ id: shoe, size: '9', count: 2 }],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TaxQuote>();
}

async function settings(body: Record<string, unknown>) {
  const response = await send(app(), 'PUT', '/api/tax/settings', staff().cookie, body);
  expect(response.statusCode, response.body).toBe(200);
}

async function register(place: Record<string, string>): Promise<string> {
  const response = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, place);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TaxRegistration>().id;
}

describe('the tax quote', () => {
  it('collects nothing in a fresh shop, and says so', async () => {
    expect(await quote({ country: 'United States', region: 'California' })).toEqual({
      lines: [{ productId: shoe, size: '9', net: 200, tax: 0, gross: 200, rate: null }],
      shipping: { net: 0, tax: 0, gross: 0, rate: null },
      tax: 0,
      total: 200,
      currency: 'USD',
      pricesIncludeTax: false,
      collected: false,
      reason: 'no tax collected: not registered in California',
      source: 'table',
    });
  });

  describe('a US shop registered in California and New York, prices before tax', () => {
    const registrations: string[] = [];
    beforeAll(async () => {
      await settings({ homeCountry: 'US', homeRegion: 'CA', pricesIncludeTax: false });
      registrations.push(await register({ country: 'US', region: 'CA' }));
      registrations.push(await register({ country: 'US', region: 'New York' }));
    });

    it("adds each state's rate on top, and none where it is not registered", async () => {
      const california = await quote({ country: 'US', region: 'ca' });
      expect(california).toMatchObject({ tax: 14.5, total: 214.5, collected: true });
      expect(california.lines[0]).toEqual({
        productId: shoe,
        size: '9',
        net: 200,
        tax: 14.5,
        gross: 214.5,
        rate: 7.25,
      });
      expect(await quote({ country: 'USA', region: 'NY' })).toMatchObject({ tax: 8, total: 208 });
      expect(await quote({ country: 'US', region: 'Oregon' })).toMatchObject({
        tax: 0,
        total: 200,
        collected: false,
        reason: 'no tax collected: not registered in Oregon',
      });
    });

    it('takes the discount off before the tax', async () => {
      const promotion = await createPromotion(app(), staff().cookie, { kind: 'percent', value: 10 });
      const discounted = await quote({ country: 'US', region: 'CA', code: promotion.code });
      // 200.00 less 10 % is 180.00; 7.25 % of it is 13.05.
      expect(discounted.lines[0]).toMatchObject({ net: 180, tax: 13.05, gross: 193.05 });
      expect(discounted.total).toBe(193.05);
    });

    it('refuses a state outside the US, an unknown country or a size not sold', async () => {
      const refusal = async (body: Record<string, unknown>) =>
        (await send(app(), 'POST', '/api/tax/quote', undefined, body)).statusCode;
      const cart = [{ id: shoe, size: '9', count: 1 }];
      expect(await refusal({ country: 'FR', region: 'CA', products: cart })).toBe(400);
      expect(await refusal({ country: 'Narnia', products: cart })).toBe(400);
      expect(await refusal({ country: 'US', products: [{ id: shoe, size: '13', count: 1 }] })).toBe(400);
    });

    afterAllRegistrations(registrations);
  });

  describe('an EU shop in France with prices including VAT', () => {
    beforeAll(async () => {
      await settings({ currency: 'EUR', homeCountry: 'FR', pricesIncludeTax: true, oss: true });
      await register({ country: 'FR' });
    });

    it("keeps the price the buyer sees whatever the destination; the One-Stop-Shop takes each country's VAT inside it", async () => {
      const france = await quote({ country: 'France' });
      expect(france.lines[0]).toMatchObject({ net: 166.67, tax: 33.33, gross: 200, rate: 20 });
      expect(france).toMatchObject({ total: 200, currency: 'EUR', pricesIncludeTax: true, collected: true });
      const germany = await quote({ country: 'DE' });
      expect(germany.lines[0]).toMatchObject({ net: 168.07, tax: 31.93, gross: 200, rate: 19 });
      expect(germany.total).toBe(200);
    });

    it("charges the home country's VAT to every EU buyer without the One-Stop-Shop, and none outside the EU", async () => {
      await settings({ oss: false });
      expect((await quote({ country: 'Germany' })).lines[0]).toMatchObject({ tax: 33.33, rate: 20 });
      expect(await quote({ country: 'US', region: 'TX' })).toMatchObject({
        tax: 0,
        total: 200,
        collected: false,
        reason: 'no tax collected: not registered in Texas',
      });
    });
  });
});

/** Ends the registrations a block made, so the next block starts from none. */
function afterAllRegistrations(ids: string[]) {
  it('ends its registrations', async () => {
    for (const id of ids) {
      expect((await send(app(), 'DELETE', `/api/tax/registrations/${id}`, staff().cookie)).statusCode).toBe(
        200,
      );
    }
  });
}
