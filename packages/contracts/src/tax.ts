/**
 * Tax arithmetic of the one pricing function (pricing.ts; docs/decisions/0034): rates, the tax in or on an
 * amount, and the tax a refund gives back. Integer cents throughout, free of zod.
 *
 * A rate is kept in pcm, per cent mille (1/100,000): 20 % is 20000, 7.25 % is 7250, 8.875 % is 8875, so
 * every rate a tax authority publishes is a whole number and no rate is a float.
 */

/** What a product or a shipping method is taxed as. Zero is taxed at 0 %; exempt is outside tax. */
export const TAX_CATEGORIES = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** pcm in a whole: a rate of RATE_SCALE pcm is 100 %. */
export const RATE_SCALE = 100_000;

/** A percentage as sent and shown (20, 7.25, 8.875) in pcm; undefined when it has more than 3 decimals. */
export function percentToPcm(percent: number): number | undefined {
  const pcm = Math.round(percent * 1000);
  return Math.abs(pcm - percent * 1000) < 1e-6 ? pcm : undefined;
}

export const pcmToPercent = (pcm: number) => pcm / 1000;

/**
 * `numerator / denominator` rounded half up, for whole numbers, numerator 0 or more and denominator more
 * than 0, exactly (the remainder decides, not a float).
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  // The float division may land one off; the remainder puts it right.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return 2 * remainder >= denominator ? quotient + 1 : quotient;
}

/** An amount with its tax: net + tax = gross, exactly, in cents. */
export interface Taxed {
  net: number;
  tax: number;
  gross: number;
  /** The rate applied, in pcm; null when no tax is collected on it. */
  ratePcm: number | null;
}

/**
 * The tax in (`included`) or on `cents` at `ratePcm`, rounded half up to the cent once, on the amount
 * as a whole: included, tax = round(gross x rate / (1 + rate)) and net = gross - tax (so 2 x 399.00 at 9 %
 * is net 732.11, tax 65.89); excluded, tax = round(net x rate). No rate: no tax.
 */
export function taxOn(cents: number, ratePcm: number | null, included: boolean): Taxed {
  if (ratePcm === null || ratePcm === 0) return { net: cents, tax: 0, gross: cents, ratePcm };
  if (included) {
    const tax = divideHalfUp(cents * ratePcm, RATE_SCALE + ratePcm);
    return { net: cents - tax, tax, gross: cents, ratePcm };
  }
  const tax = divideHalfUp(cents * ratePcm, RATE_SCALE);
  return { net: cents, tax, gross: cents + tax, ratePcm };
}

/**
 * How an order is taxed: whether its prices include tax, and the rate of each line (in the order of the
 * lines) and of shipping, in pcm; null where no tax is collected (not registered there, or exempt).
 */
export interface OrderTaxRates {
  included: boolean;
  lineRatesPcm: readonly (number | null)[];
  shippingRatePcm: number | null;
}

/**
 * The tax a refund of `cents` more of what was paid for a line (or shipping) gives back, when `beforeCents`
 * were refunded already: in proportion to what is refunded, rounded down, the refund that completes the
 * line taking what is left. So no refund gives back more tax than was paid, and refunding all of it, in any
 * steps, gives back exactly the tax paid.
 */
export function refundedTax(
  paid: { cents: number; taxCents: number },
  beforeCents: number,
  cents: number,
): number {
  if (paid.cents <= 0) return 0;
  const upTo = (refunded: number) =>
    refunded >= paid.cents ? paid.taxCents : Math.floor((paid.taxCents * refunded) / paid.cents);
  return upTo(Math.max(0, beforeCents + cents)) - upTo(Math.max(0, beforeCents));
}
