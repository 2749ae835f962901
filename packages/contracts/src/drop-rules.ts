/** Drops' modes, states and bounds, free of zod so any page can import them cheaply. */

/**
 * Fair drops (docs/decisions/0030): a product released at a set time, either by a draw among entrants or
 * first come first served through a waiting room whose pre-queue is shuffled at the release.
 */
export const DROP_MODES = ['draw', 'queue'] as const;
export type DropMode = (typeof DROP_MODES)[number];

export const DROP_DEFAULTS = {
  /** Pairs one person may buy of the release. */
  perPersonLimit: 1,
  /** How long a draw's winner has to pay for the reserved pair. */
  purchaseWindowMinutes: 30,
  /** How long before a first-come release visitors join the pre-queue. */
  preQueueMinutes: 15,
} as const;

export const DROP_BOUNDS = {
  purchaseWindowMinutes: { min: 5, max: 24 * 60 },
  preQueueMinutes: { min: 0, max: 24 * 60 },
  admissionPerMinute: { min: 1, max: 100_000 },
} as const;

/** An admitted shopper's token lets the checkout reserve the drop's product for this long after their turn. */
export const ADMISSION_MINUTES = 10;

/**
 * Where a drop is, from the clock and the draw:
 * - draw: `scheduled` (entry not open) → `entry_open` → `entry_closed` → `drawn` (winners buying) → `finished`
 * - queue: `scheduled` → `pre_queue` (joining, order drawn at the release) → `live` (admitting) → `finished`
 * A finished drop's leftover pairs are on normal sale.
 */
export const DROP_STATES = [
  'scheduled',
  'entry_open',
  'entry_closed',
  'drawn',
  'pre_queue',
  'live',
  'finished',
] as const;
export type DropState = (typeof DROP_STATES)[number];

/** What an entry came to: before the draw `entered`; then won (a pair held until `holdUntil`), bought, lapsed or waiting. */
export const DROP_ENTRY_STATUSES = ['entered', 'won', 'bought', 'lapsed', 'waiting'] as const;
export type DropEntryStatus = (typeof DROP_ENTRY_STATUSES)[number];

/**
 * A drawn entry that was not picked: its number on the size's waiting list (1 = the next to get a pair
 * that comes free), from its place in the drawn order (`rank`) and the size's winners. The product page,
 * the account and the draw's e-mail all give this one number.
 */
export function waitingListNumber(rank: number, winners: number): number {
  return Math.max(rank - winners, 1);
}
