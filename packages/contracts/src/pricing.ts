import { type PromotionKind, promotionKind } from './promotion-kinds';
import { type OrderTaxRates, type Taxed, taxOn } from './tax';

/**
 * The shop's one pricing function and its parts. It imports no zod schema, so the checkout page prices the
 * order without loading the validation library.
 */

/** The price a method charges on lines worth `linesCents`: free at or above its `freeAbove`. */
function shippingCentsFor(method: { priceCents: number; freeAboveCents: number | null }, linesCents: number) {
  return method.freeAboveCents !== null && linesCents >= method.freeAboveCents ? 0 : method.priceCents;
}

/** A line as priced by the server: its unit price (from the catalogue, never the client's) and count. */
export interface PricedLine {
  unitPriceCents: number;
  count: number;
  /** Whether the discount applies to it (every line when absent). */
  eligible?: boolean;
}

/** The shipping method an order travels by, as its table holds it. */
export interface PricedShipping {
  name: string;
  priceCents: number;
  freeAboveCents: number | null;
}

/**
 * A discount code's effect, as its promotion holds it: its kind (whose strategy says what it takes off)
 * and its value in the unit kept (a percentage, cents; null for a kind that takes none).
 */
export interface PricedDiscount {
  kind: PromotionKind;
  value: number | null;
}

/** What an order comes to, in cents. */
export interface OrderPrice {
  lineTotalsCents: number[];
  /** The discount's cents off each line (all its units). */
  lineDiscountsCents: number[];
  /** The lines before the discount. */
  linesCents: number;
  discountCents: number;
  shippingCents: number;
  /**
   * The tax of each line (on its total less its discount) and of shipping, each rounded once; all rates
   * null (no tax) when the order is priced without rates.
   */
  lineTaxes: Taxed[];
  shippingTax: Taxed;
  /** The lines' and shipping's tax together. */
  taxCents: number;
  /** Whether the prices (and so the total) include the tax. */
  pricesIncludeTax: boolean;
  /** The lines less the discount, plus shipping, plus the tax when the prices exclude it. */
  totalCents: number;
  /** What store credit pays of the total, and what the payment provider is asked for. */
  creditCents: number;
  chargeCents: number;
}

/**
 * Splits `amount` cents over `weights` in proportion, each part whole cents, the parts summing to `amount`
 * exactly: the cents left by rounding down go to the largest remainders (the first line on a tie).
 */
export function splitCents(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((weight) => Math.floor((amount * weight) / sum));
  let left = amount - parts.reduce((total, part) => total + part, 0);
  const order = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if (weights[index] === 0) continue;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

function lineDiscounts(lineTotals: number[], lines: readonly PricedLine[], discount?: PricedDiscount) {
  const eligible = lineTotals.map((cents, index) => (lines[index]?.eligible === false ? 0 : cents));
  if (!discount) return lineTotals.map(() => 0);
  const eligibleCents = eligible.reduce((sum, cents) => sum + cents, 0);
  const off = Math.min(promotionKind(discount.kind).centsOff(discount.value, eligibleCents), eligibleCents);
  return splitCents(off, eligible);
}

/** A discount's value must be whole and within what its kind keeps (an amount: 0 or more). */
function checkDiscount(discount: PricedDiscount) {
  const stored = promotionKind(discount.kind).stored;
  if (!stored) return;
  const { value } = discount;
  if (
    value === null ||
    !Number.isInteger(value) ||
    value < 0 ||
    (stored.max !== undefined && value > stored.max)
  )
    throw new RangeError(
      `A ${discount.kind} discount must be a whole number from 0${stored.max === undefined ? '' : ` to ${stored.max}`}: ${value}`,
    );
}

function checkInputs(lines: readonly PricedLine[], shipping: PricedShipping, discount?: PricedDiscount) {
  for (const line of lines) {
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0)
      throw new RangeError(`A unit price must be whole cents, 0 or more: ${line.unitPriceCents}`);
    if (!Number.isInteger(line.count) || line.count < 1)
      throw new RangeError(`A count must be a whole number, 1 or more: ${line.count}`);
  }
  if (!Number.isInteger(shipping.priceCents) || shipping.priceCents < 0)
    throw new RangeError(`A shipping price must be whole cents, 0 or more: ${shipping.priceCents}`);
  if (discount) checkDiscount(discount);
}

/** No tax: every rate null, prices as they are. */
const UNTAXED: OrderTaxRates = { included: false, lineRatesPcm: [], shippingRatePcm: null };

/** Each line's tax on its total less its discount, and shipping's, at the order's rates. */
function taxesOf(
  lineTotalsCents: number[],
  lineDiscountsCents: number[],
  shippingCents: number,
  rates: OrderTaxRates,
) {
  const lineTaxes = lineTotalsCents.map((cents, index) =>
    taxOn(cents - (lineDiscountsCents[index] ?? 0), rates.lineRatesPcm[index] ?? null, rates.included),
  );
  const shippingTax = taxOn(shippingCents, rates.shippingRatePcm, rates.included);
  const taxCents = lineTaxes.reduce((sum, line) => sum + line.tax, shippingTax.tax);
  return { lineTaxes, shippingTax, taxCents };
}

/**
 * The one pricing function (DESIGN.md section 3): priced lines, a shipping method, a discount code's
 * effect and the store credit on hand become line totals, each line's discount, shipping, the total and
 * what credit and the provider pay, in integer cents. A percentage is taken off the eligible lines' sum
 * (rounded to the cent) and an amount never exceeds it; either is split over the eligible lines in
 * proportion, so a refund of a line gives back what was paid for it. Whether the method ships free is
 * decided on the lines after the discount. Tax (`tax`, tax.ts) is taken on each line after its discount and
 * on shipping, once each; store credit is a way of paying, so it takes nothing off the tax. The checkout,
 * the cart, the payment page and refunds all read their amounts from it, so they never disagree.
 */
export function priceOrder(
  lines: readonly PricedLine[],
  shipping: PricedShipping,
  options: { discount?: PricedDiscount; creditCents?: number; tax?: OrderTaxRates } = {},
): OrderPrice {
  const { discount, creditCents: creditOnHand = 0, tax: rates = UNTAXED } = options;
  checkInputs(lines, shipping, discount);
  const lineTotalsCents = lines.map((line) => line.unitPriceCents * line.count);
  const linesCents = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const lineDiscountsCents = lineDiscounts(lineTotalsCents, lines, discount);
  const discountCents = lineDiscountsCents.reduce((sum, cents) => sum + cents, 0);
  const shippingCents =
    discount && promotionKind(discount.kind).freeShipping
      ? 0
      : shippingCentsFor(shipping, linesCents - discountCents);
  const taxes = taxesOf(lineTotalsCents, lineDiscountsCents, shippingCents, rates);
  const totalCents = linesCents - discountCents + shippingCents + (rates.included ? 0 : taxes.taxCents);
  const creditCents = Math.max(0, Math.min(Math.floor(creditOnHand), totalCents));
  return {
    lineTotalsCents,
    lineDiscountsCents,
    linesCents,
    discountCents,
    shippingCents,
    ...taxes,
    pricesIncludeTax: rates.included,
    totalCents,
    creditCents,
    chargeCents: totalCents - creditCents,
  };
}

/**
 * What a refund of `units` more of a line gives back, when `before` of its `count` were refunded already:
 * the line's paid cents (its total less its discount) spread over its units, the last unit taking what
 * rounding left, so refunding every unit, in any steps, gives back exactly what was paid for the line.
 */
export function paidForUnits(
  line: { paidCents: number; count: number },
  before: number,
  units: number,
): number {
  const upTo = (refunded: number) => Math.floor((line.paidCents * refunded) / line.count);
  return upTo(Math.min(line.count, before + units)) - upTo(before);
}

/**
 * How a refund of `amountCents` splits between store credit and the payment provider when the order was
 * paid partly with credit (`creditUsedCents`) and `refundedCents` were refunded before: credit first (it goes
 * back as credit), then the provider.
 */
export function splitRefund(
  order: { creditUsedCents: number; refundedCents: number },
  amountCents: number,
): { creditCents: number; providerCents: number } {
  const creditBack = (refunded: number) => Math.min(order.creditUsedCents, refunded);
  const creditCents = creditBack(order.refundedCents + amountCents) - creditBack(order.refundedCents);
  return { creditCents, providerCents: amountCents - creditCents };
}
