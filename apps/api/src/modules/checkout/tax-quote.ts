import {
  fromCents,
  pcmToPercent,
  priceOrder,
  sizeKey,
  type Taxed,
  type TaxQuote,
  type TaxQuoteBody,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as catalog from '../catalog';
import * as promotions from '../promotions';
import * as shipping from '../shipping';
import * as tax from '../tax';
import { mergeLines } from './checkout.service';

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
 * there. Nothing is reserved or written.
 */
export async function quoteTax(db: DbOrTx, body: TaxQuoteBody): Promise<TaxQuote> {
  const lines = mergeLines(body.products);
  const stock = await catalog.stockLines(db, lines);
  const items = lines.map((line) => {
    const info = stock.find((row) => row.productId === line.productId && row.size === line.size);
    if (!info) {
      throw AppError.invalid(`products.${line.index}`, `is not sold in size ${sizeKey(line.size)}`);
    }
    return {
      ...line,
      unitPriceCents: info.priceCents,
      brand: info.brand,
      categories: info.categories,
      taxCategory: info.taxCategory,
    };
  });
  const method = await shipping.methodForOrder(db, {
    methodId: body.shippingMethodId,
    country: body.country,
  });
  const applied = body.code?.trim()
    ? await promotions.applyCode(db, { code: body.code, lines: items })
    : undefined;
  const plan = await tax.taxPlanFor(db, { country: body.country, region: body.region });
  const categories = items.map((item) => item.taxCategory);
  const price = priceOrder(
    items.map((item, index) => ({ ...item, eligible: applied?.eligible[index] ?? true })),
    method,
    { discount: applied?.discount, tax: tax.orderTaxRates(plan, categories, method.taxCategory) },
  );
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
  };
}
