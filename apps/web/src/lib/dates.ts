/**
 * Dates and times as every screen of the shop writes them, staff's and shoppers' alike: one formatter
 * for an instant ("Jan 31, 2027, 6:00 PM GMT+1") and one for a day ("2027-01-31", the spec's).
 */

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant format in `timeZone` (the reader's own when undefined), made once per zone. */
function instantFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = instantFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    instantFormats.set(key, format);
  }
  return format;
}

/**
 * An instant with its zone's name ("Jan 31, 2027, 6:00 PM GMT+1"): in the reader's time zone, or in
 * `timeZone` (the server renders in UTC, which does not know the reader's). `none` when there is none;
 * the text itself when it is no instant.
 */
export function formatInstant(
  iso: string | null,
  { none = '—', timeZone }: { none?: string; timeZone?: string } = {},
): string {
  if (!iso) return none;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : instantFormat(timeZone).format(time);
}

/**
 * The day of an instant or of a date, as the spec shows an order's date: its first 10 characters
 * ("2027-01-31", the day the shop recorded it, in UTC), the same on the server and in every browser.
 */
export function formatDay(iso: string): string {
  return iso.slice(0, 10);
}
