import type { DropEntryStatus, DropMode, DropState, DropSummary } from '@shop/contracts';

export const MODE_LABELS: Record<DropMode, string> = { draw: 'Draw', queue: 'First come' };

/** Where a drop is, in the staff's words. */
export const STATE_LABELS: Record<DropState, string> = {
  scheduled: 'Scheduled',
  entry_open: 'Entry open',
  entry_closed: 'Entry closed, draw due',
  drawn: 'Drawn, winners buying',
  pre_queue: 'Pre-queue open',
  live: 'Live, admitting',
  finished: 'Finished',
};

export const ENTRY_STATUS_LABELS: Record<DropEntryStatus, string> = {
  entered: 'Entered',
  won: 'Won',
  bought: 'Bought',
  lapsed: 'Lapsed',
  waiting: 'Waiting list',
};

/** How many have entered a draw, all sizes together. */
export const entrantsOf = (drop: DropSummary) => drop.sizes.reduce((sum, size) => sum + size.entrants, 0);

/** Times, rules and product may change only before anything has started. */
export const isEditable = (drop: DropSummary) => drop.state === 'scheduled';

/** The shoppers' page of a drop, which publishes the commitment, then the seed and the entry ids. */
export const publicDropHref = (id: string) => `/drops/${encodeURIComponent(id)}`;

/** What the Drops tab shows, from the address: the list, the form (new or a change), or one drop. */
export type DropsView =
  | { kind: 'list' }
  | { kind: 'new' }
  | { kind: 'edit'; id: string }
  | { kind: 'detail'; id: string };

export function readView(params: URLSearchParams): DropsView {
  const edit = params.get('edit');
  const drop = params.get('drop');
  if (params.get('new') !== null) return { kind: 'new' };
  if (edit) return { kind: 'edit', id: edit };
  if (drop) return { kind: 'detail', id: drop };
  return { kind: 'list' };
}

/** The address of a view of the tab (`?new`, `?edit=<id>`, `?drop=<id>`). */
export function viewSearch(view: DropsView): string {
  if (view.kind === 'new') return '?new';
  if (view.kind === 'edit') return `?edit=${encodeURIComponent(view.id)}`;
  if (view.kind === 'detail') return `?drop=${encodeURIComponent(view.id)}`;
  return '';
}
