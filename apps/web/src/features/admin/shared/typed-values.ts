/** Times and numbers as staff read and type them: times in the browser's zone (sent in UTC), numbers as text. */

/** The browser's time zone, which the forms' times are typed in ("Europe/Paris"). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const instantFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant in the reader's time with the zone's name ("Jan 31, 2027, 6:00 PM GMT+1"), or `none`. */
export function formatInstant(iso: string | null, none = '—'): string {
  if (!iso) return none;
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

/**
 * A `datetime-local` value, read in the browser's time zone, as the UTC instant the API takes: null when
 * the field is empty, undefined when it cannot be read.
 */
export function fromLocalInput(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A typed number as the API reads it; what is not a number goes as typed, to be refused with a reason. */
export const numberOf = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};
