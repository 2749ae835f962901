import {
  fromCents,
  pcmToPercent,
  priceOrder,
  sizeKey,
  type Taxed,
  type TaxQuote,
  type TaxQuoteBody,
} from '@shop/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as tax from '../tax';
import { mergeLines } from './checkout.service';
import { cartOf, taxedOrderOf } from './checkout-tax';

const taxedWire = (taxed: Taxed) => ({
  net: fromCents(taxed.net),
  tax: fromCents(taxed.tax),
  gross: fromCents(taxed.gross),
  rate: taxed.ratePcm === null ? null : pcmToPercent(taxed.ratePcm),
});

/**
 * The checkout's pricing of a cart for a destination, tax included, by the one pricing function: today's
 * prices, the shipping method (the cheapest serving the country without one), the discount code (refused
 * in words when it does not apply; a buyer's own uses are counted at checkout) and the tax the shop collects
 * there, rated by the tax engine (`source`; the table's rates when it fails, or a refusal, as the checkout
 * does). Nothing is reserved or written.
 */
export async function quoteTax(
  deps: { db: Db; taxEngine: tax.TaxEngine },
  body: TaxQuoteBody,
): Promise<TaxQuote> {
  const lines = mergeLines(body.products);
  const { items, method, applied } = await cartOf(deps.db, { ...body, lines });
  const missing = lines.find((line) => !items.some((item) => item.index === line.index));
  if (missing) {
    throw AppError.invalid(`products.${missing.index}`, `is not sold in size ${sizeKey(missing.size)}`);
  }
  const categories = items.map((item) => item.taxCategory);
  const priced = items.map((item, index) => ({ ...item, eligible: applied?.eligible[index] ?? true }));
  const plan = await tax.engineTaxPlan(
    deps.taxEngine,
    deps.db,
    { country: body.country, region: body.region, postalCode: body.postalCode },
    async () => taxedOrderOf(items, method, priceOrder(priced, method, { discount: applied?.discount })),
  );
  const price = priceOrder(priced, method, {
    discount: applied?.discount,
    tax: tax.orderTaxRates(plan, categories, method.taxCategory, items.map(tax.lineReference)),
  });
  return {
    lines: items.map((item, index) => ({
      productId: item.productId,
      size: sizeKey(item.size),
      ...taxedWire(price.lineTaxes[index] ?? { net: 0, tax: 0, gross: 0, ratePcm: null }),
    })),
    shipping: taxedWire(price.shippingTax),
    tax: fromCents(price.taxCents),
    total: fromCents(price.totalCents),
    currency: plan.currency,
    pricesIncludeTax: plan.pricesIncludeTax,
    collected: plan.collected,
    ...(plan.reason ? { reason: plan.reason } : {}),
    source: plan.source,
  };
}
