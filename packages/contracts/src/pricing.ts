/**
 * The shop's one pricing function and its parts. It imports nothing (no zod schemas), so the checkout page
 * prices the order without loading the validation library.
 */

/** The price a method charges on lines worth `linesCents`: free at or above its `freeAbove`. */
function shippingCentsFor(method: { priceCents: number; freeAboveCents: number | null }, linesCents: number) {
  return method.freeAboveCents !== null && linesCents >= method.freeAboveCents ? 0 : method.priceCents;
}

/** A line as priced by the server: its unit price (from the catalogue, never the client's) and count. */
export interface PricedLine {
  unitPriceCents: number;
  count: number;
}

/** The shipping method an order travels by, as its table holds it. */
export interface PricedShipping {
  name: string;
  priceCents: number;
  freeAboveCents: number | null;
}

/** What an order comes to, in cents: each line's total, the lines' sum, the shipping charged and the total. */
export interface OrderPrice {
  lineTotalsCents: number[];
  linesCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * The one pricing function (DESIGN.md section 3): priced lines and a shipping method become line totals,
 * shipping and the total, in integer cents. Whether the method ships free is decided on the lines' amount.
 * The checkout, the payment page and refunds all read their amounts from it, so they never disagree.
 */
export function priceOrder(lines: readonly PricedLine[], shipping: PricedShipping): OrderPrice {
  for (const line of lines) {
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0)
      throw new RangeError(`A unit price must be whole cents, 0 or more: ${line.unitPriceCents}`);
    if (!Number.isInteger(line.count) || line.count < 1)
      throw new RangeError(`A count must be a whole number, 1 or more: ${line.count}`);
  }
  if (!Number.isInteger(shipping.priceCents) || shipping.priceCents < 0)
    throw new RangeError(`A shipping price must be whole cents, 0 or more: ${shipping.priceCents}`);
  const lineTotalsCents = lines.map((line) => line.unitPriceCents * line.count);
  const linesCents = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const shippingCents = shippingCentsFor(shipping, linesCents);
  return { lineTotalsCents, linesCents, shippingCents, totalCents: linesCents + shippingCents };
}
