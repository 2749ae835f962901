/**
 * Times and numbers as staff type them: times in the browser's zone (sent in UTC), numbers as text. They
 * are shown by lib/dates.ts, as everywhere.
 */

/** The browser's time zone, which the forms' times are typed in ("Europe/Paris"). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
