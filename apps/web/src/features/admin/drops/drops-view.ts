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

/** The browser's time zone, which the form's times are typed in ("Europe/Paris"). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const instantFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant in the reader's time, with the zone's name: "Jan 31, 2027, 6:00 PM GMT+1". */
export function formatInstant(iso: string | null): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : instantFormat.format(time);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` input's value, in the browser's time zone: "2027-01-31T18:00". */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value, read in the browser's time zone, as the UTC instant the API takes. */
export function fromLocalInput(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

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
