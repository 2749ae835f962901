import { randomBytes } from 'node:crypto';
import type { Product, ProductsTaxCategoryResult, StaffShippingMethod, TaxQuote } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, product, shippingMethod } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * Products and shipping methods carry a tax category (decision 34): a UK shop, prices including VAT and
 * shipping taxed, sells an adult's shoe at the standard rate, a child's at zero (set in bulk) and ships
 * by a method taxed at the reduced rate.
 */
const { app, staff } = testShop({ staff: 'taxcategories' });
/** A made-up word no other product has, so the staff list's search finds only this file's shoes. */
const WORD = `Wombatkid${randomBytes(3).toString('hex').replace(/\d/g, 'q')}`;
let adult = '';
let child = '';
let otherChild = '';

beforeAll(async () => {
  [adult = '', child = '', otherChild = ''] = await stockedProducts(
    app(),
    ['Grown Runner', `${WORD} Runner`, `${WORD} Court`],
    20,
  );
});

const bulk = (query: string, body: Record<string, unknown>, cookie = staff().cookie) =>
  send(app(), 'PUT', `/api/products/tax-category${query}`, cookie, body);

async function categoryOf(id: string) {
  const [row] = await app()
    .db.select({ taxCategory: product.taxCategory })
    .from(product)
    .where(eq(product.id, id));
  return row?.taxCategory;
}

describe("products' tax category", () => {
  it('is standard for a new product and is shown on its page', async () => {
    const page = await send(app(), 'GET', `/api/products/details/${adult}`);
    expect(page.json<Product[]>()[0]?.taxCategory).toBe('standard');
  });

  it("changes through the product's form, and refuses a category that does not exist", async () => {
    const changed = await send(app(), 'PUT', `/api/products/modify/${adult}`, staff().cookie, {
      taxCategory: 'reduced',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Product>().taxCategory).toBe('reduced');
    expect(await categoryOf(adult)).toBe('reduced');
    const refused = await send(app(), 'PUT', `/api/products/modify/${adult}`, staff().cookie, {
      taxCategory: 'luxury',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      taxCategory: 'must be one of standard, reduced, zero, exempt',
    });
    expect(await categoryOf(adult)).toBe('reduced');
    const back = await send(app(), 'PUT', `/api/products/modify/${adult}`, staff().cookie, {
      taxCategory: 'standard',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("sets every product the staff list's filters match, in bulk, each change in the audit trail", async () => {
    const set = await bulk(`?search=${WORD}`, { taxCategory: 'zero' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ProductsTaxCategoryResult>()).toEqual({ updated: 2, matched: 2 });
    expect(await categoryOf(child)).toBe('zero');
    expect(await categoryOf(otherChild)).toBe('zero');
    expect(await categoryOf(adult)).toBe('standard');
    const audited = await app().db.select().from(auditEvent).where(eq(auditEvent.subjectId, child));
    expect(audited.at(-1)).toMatchObject({
      kind: 'product.update',
      before: { taxCategory: 'standard' },
      after: { taxCategory: 'zero' },
    });
    // Again: nothing left to change.
    expect((await bulk(`?search=${WORD}`, { taxCategory: 'zero' })).json()).toEqual({
      updated: 0,
      matched: 2,
    });
  });

  it('refuses a bulk change from a shopper, or with a bad category, and changes nothing', async () => {
    const shopper = await verifiedBuyer(app());
    expect((await bulk(`?search=${WORD}`, { taxCategory: 'reduced' }, shopper.cookie)).statusCode).toBe(403);
    const refused = await bulk(`?search=${WORD}`, { taxCategory: 'none' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('taxCategory');
    expect((await bulk(`?search=${WORD}`, {})).statusCode).toBe(400);
    expect(await categoryOf(child)).toBe('zero');
  });
});

describe('a UK shop taxing each line and the shipping at its own category', () => {
  let reducedShipping = '';

  beforeAll(async () => {
    const settings = await send(app(), 'PUT', '/api/tax/settings', staff().cookie, {
      homeCountry: 'GB',
      pricesIncludeTax: true,
      taxShipping: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const registered = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
      country: 'GB',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const method = await send(app(), 'POST', '/api/shipping-methods', staff().cookie, {
      name: `Courier ${WORD}`,
      price: 10.5,
      countries: ['GB'],
      taxCategory: 'reduced',
    });
    expect(method.statusCode, method.body).toBe(201);
    expect(method.json<StaffShippingMethod>().taxCategory).toBe('reduced');
    reducedShipping = method.json<StaffShippingMethod>().id;
  });

  it('quotes 20 % on the adult shoe, 0 % on the child shoe and 5 % on the shipping', async () => {
    const response = await send(app(), 'POST', '/api/tax/quote', undefined, {
      country: 'GB',
      shippingMethodId: reducedShipping,
      products: [
        { id: adult, size: '9', count: 1 },
        { id: child, size: '9', count: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json<TaxQuote>();
    // 100.00 including 20 %: 16.67; 200.00 at 0 %; 10.50 including 5 %: 0.50.
    expect(quote.lines).toEqual([
      { productId: adult, size: '9', net: 83.33, tax: 16.67, gross: 100, rate: 20 },
      { productId: child, size: '9', net: 200, tax: 0, gross: 200, rate: 0 },
    ]);
    expect(quote.shipping).toEqual({ net: 10, tax: 0.5, gross: 10.5, rate: 5 });
    expect(quote).toMatchObject({ tax: 17.17, total: 310.5, pricesIncludeTax: true, collected: true });
  });

  it("keeps a method's category when staff change it, and refuses an unknown one", async () => {
    const refused = await send(app(), 'PUT', `/api/shipping-methods/${reducedShipping}`, staff().cookie, {
      name: `Courier ${WORD}`,
      price: 10.5,
      countries: ['GB'],
      taxCategory: 'low',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('taxCategory');
    const [row] = await app()
      .db.select({ taxCategory: shippingMethod.taxCategory })
      .from(shippingMethod)
      .where(eq(shippingMethod.id, reducedShipping));
    expect(row?.taxCategory).toBe('reduced');
  });
});
