/**
 * The checkout this browser sent to a payment page: its order id and the cart lines (idAux) it bought.
 * The success page empties those lines only when it confirms that very order, and only once, so opening
 * an old /order-completed link (from history, a bookmark or another device's e-mail) never touches
 * today's cart.
 */
const STORAGE_KEY = 'checkout-pending';

interface PendingCheckout {
  orderId: string;
  lines: string[];
}

export function rememberCheckout(orderId: string, lines: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ orderId, lines } satisfies PendingCheckout));
  } catch {
    // Storage full or blocked: the cart then simply stays as it is after paying.
  }
}

/** The lines bought with `orderId` if this browser started that checkout; forgets it, so it answers once. */
export function takeCheckout(orderId: string): string[] | null {
  let stored: Partial<PendingCheckout> | null = null;
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<PendingCheckout> | null;
  } catch {
    stored = null;
  }
  if (!stored || stored.orderId !== orderId || !Array.isArray(stored.lines)) return null;
  localStorage.removeItem(STORAGE_KEY);
  return stored.lines.filter((line): line is string => typeof line === 'string');
}
