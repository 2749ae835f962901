import { type OrderPrice, priceOrder, type ShipTo, type TaxCategory } from '@shop/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { CurrentUser } from '../../plugins/session';
import * as catalog from '../catalog';
import * as promotions from '../promotions';
import * as shipping from '../shipping';
import * as tax from '../tax';
import * as users from '../users';

/** A cart line: a product's size, so many pairs; its index names the field of a refusal. */
interface CartLine {
  productId: string;
  size: number;
  count: number;
  index: number;
}

/**
 * The cart as the catalogue prices it now, with the shipping method serving the country and the discount
 * code applied (refused in words when it does not apply). Lines not on sale are left out: the caller
 * refuses them its own way.
 */
export async function cartOf(
  db: DbOrTx,
  cart: { lines: CartLine[]; country: string; shippingMethodId?: string; code?: string; buyerId?: string },
) {
  const stock = await catalog.stockLines(db, cart.lines);
  const items = cart.lines.flatMap((line) => {
    const info = stock.find((row) => row.productId === line.productId && row.size === line.size);
    return info
      ? [
          {
            ...line,
            unitPriceCents: info.priceCents,
            brand: info.brand,
            categories: info.categories,
            taxCategory: info.taxCategory,
          },
        ]
      : [];
  });
  const method = await shipping.methodForOrder(db, {
    methodId: cart.shippingMethodId,
    country: cart.country,
  });
  const applied = cart.code?.trim()
    ? await promotions.applyCode(db, { code: cart.code, buyerId: cart.buyerId, lines: items })
    : undefined;
  return { items, method, applied };
}

/** An order's lines and shipping as a tax engine rates them: each line's total after its discount. */
export function taxedOrderOf(
  lines: readonly { productId: string; size: number; taxCategory: TaxCategory }[],
  method: { taxCategory: TaxCategory },
  price: OrderPrice,
): tax.TaxedOrder {
  return {
    lines: lines.map((line, index) => ({
      reference: tax.lineReference(line),
      amountCents: (price.lineTotalsCents[index] ?? 0) - (price.lineDiscountsCents[index] ?? 0),
      category: line.taxCategory,
    })),
    shipping: { amountCents: price.shippingCents, category: method.taxCategory },
  };
}

/** Where a parcel to this address goes, as the tax plan reads it. */
const destinationOf = (shipTo: ShipTo): tax.Destination => ({
  country: shipTo.country,
  region: shipTo.state,
  postalCode: shipTo.postalCode,
  city: shipTo.city,
  address: shipTo.address,
});

const sameDestination = (a: tax.Destination, b: tax.Destination) =>
  (['country', 'region', 'postalCode', 'city', 'address'] as const).every((key) => a[key] === b[key]);

/** The checkout's tax plan for the address the order ships to, read in its transaction. */
export type CheckoutTaxPlan = (tx: Tx, shipTo: ShipTo) => Promise<tax.TaxPlan>;

/**
 * The checkout's tax, worked out BEFORE its transaction (a tax engine is never called inside one): the
 * plan for the buyer's address, the engine rating the cart as it is priced now. In the transaction the
 * plan serves an order to that address; an order to another (a draw's winner ships to the address of the
 * entry) is priced from the rate table, marked for review where the engine would have rated it.
 */
export async function checkoutTaxPlan(
  deps: { db: Db; taxEngine: tax.TaxEngine },
  buyer: CurrentUser,
  cart: { lines: CartLine[]; shippingMethodId?: string; code?: string },
): Promise<CheckoutTaxPlan> {
  const shipTo = await users.shipToOf(deps.db, buyer.id);
  const planned = shipTo
    ? await tax.engineTaxPlan(deps.taxEngine, deps.db, destinationOf(shipTo), async () => {
        const { items, method, applied } = await cartOf(deps.db, {
          ...cart,
          country: shipTo.country,
          buyerId: buyer.id,
        });
        const eligible = items.map((item, index) => ({
          ...item,
          eligible: applied?.eligible[index] ?? true,
        }));
        const price = priceOrder(eligible, method, { discount: applied?.discount });
        return taxedOrderOf(items, method, price);
      })
    : undefined;
  return async (tx, shipToNow) => {
    const destination = destinationOf(shipToNow);
    if (planned && shipTo && sameDestination(destinationOf(shipTo), destination)) return planned;
    return tax.tablePlanInstead(deps.taxEngine, tx, destination);
  };
}
