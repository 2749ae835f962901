/**
 * Money is integer cents everywhere in the code and the database; the wire carries the spec's
 * decimal amounts (129.99). These two functions are the only conversion points.
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** A shipping charge as the buyer reads it: "Free" when nothing is charged, else the price. */
export function formatShippingPrice(amount: number): string {
  return amount === 0 ? 'Free' : formatPrice(amount);
}
