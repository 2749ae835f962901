/** People's data (issue 40): the rules the browser needs without zod. */

/** The most days an owner may hold an erasure after a person's last order (ten years, the longest books are kept). */
export const ERASURE_HOLD_DAYS_MAX = 3650;

/** How the kept accounting records name a person after their erasure. */
export const erasedCustomerName = (number: number) => `Erased customer #${number}`;

/**
 * The placeholder username an erased account keeps (`erased-<n>`), and the number in it; null for any
 * other username (accounts deleted before erasures were numbered keep `deleted-…`).
 */
export function erasureNumberOf(username: string): number | null {
  const match = /^erased-(\d+)$/.exec(username);
  return match ? Number(match[1]) : null;
}
