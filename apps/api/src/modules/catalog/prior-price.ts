/**
 * The prior price of a reduction (EU Omnibus directive, Art. 6a): the lowest price a product had in the
 * 30 days before its current price took effect. Pure: it reads a product's price history, oldest first.
 */

/** A price a product took, in cents, and when it took effect (epoch milliseconds). */
export type PricePoint = readonly [cents: number, at: number];

/** How far back a prior price looks. */
export const PRIOR_PRICE_DAYS = 30;
const WINDOW_MS = PRIOR_PRICE_DAYS * 86_400_000;

/**
 * The lowest price in effect at any moment of [from, to): each price is in effect from when it took effect
 * until the next one did. A price replaced the instant it took effect (two changes in one transaction) was
 * never in effect; a price that ended exactly at `from` was not in effect during the window.
 */
function lowestInEffect(history: readonly PricePoint[], from: number, to: number): number | null {
  let lowest: number | null = null;
  history.forEach(([cents, start], index) => {
    const end = history[index + 1]?.[1] ?? Number.POSITIVE_INFINITY;
    if (start < end && start < to && end > from) lowest = lowest === null ? cents : Math.min(lowest, cents);
  });
  return lowest;
}

/**
 * The lowest price in effect at any time during the 30 days before the current price (the last one) took
 * effect, in cents; null when the product has had one price only (no change). A price older than 30 days
 * still in effect when the window opens counts.
 */
export function priorPriceCents(history: readonly PricePoint[]): number | null {
  const current = history.at(-1);
  if (!current || history.length < 2) return null;
  return lowestInEffect(history, current[1] - WINDOW_MS, current[1]);
}

/**
 * The lowest price in effect at any time during the 30 days up to `now`, the current price included: what
 * a reduction made now may show as its reference (null for an empty history).
 */
export function lowestPriceCents(history: readonly PricePoint[], now: number): number | null {
  return lowestInEffect(history, now - WINDOW_MS, Number.POSITIVE_INFINITY);
}
