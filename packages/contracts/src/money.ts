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

/**
 * A shipping method's delivery estimate as the buyer reads it: "3-5 business days", "1 business day", or
 * undefined when the method promises none. Here, free of zod, so the checkout loads it cheaply.
 */
export function estimateText(days: readonly [number, number] | null | undefined): string | undefined {
  if (!days) return undefined;
  const [min, max] = days;
  const span = min === max ? `${min}` : `${min}-${max}`;
  return `${span} business ${max === 1 ? 'day' : 'days'}`;
}
