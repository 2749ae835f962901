import { describe, expect, it } from 'vitest';
import { formatDay, formatInstant } from './dates';

describe('the shop’s dates and times', () => {
  it('writes an instant with its zone, in the zone asked for or the reader’s', () => {
    expect(formatInstant('2027-01-31T18:00:00.000Z', { timeZone: 'UTC' })).toBe('Jan 31, 2027, 6:00 PM UTC');
    expect(formatInstant('2027-01-31T18:00:00.000Z', { timeZone: 'Europe/Paris' })).toBe(
      'Jan 31, 2027, 7:00 PM GMT+1',
    );
    expect(formatInstant('2027-01-31T18:00:00.000Z')).toMatch(/^Jan 31, 2027, \d{1,2}:00 [AP]M \S+$/);
    expect(formatInstant(null)).toBe('—');
    expect(formatInstant(null, { none: 'never' })).toBe('never');
    expect(formatInstant('soon')).toBe('soon');
  });

  it('writes a day as the shop recorded it, whatever the reader’s zone', () => {
    expect(formatDay('2027-01-31T23:30:00.000Z')).toBe('2027-01-31');
    expect(formatDay('2024-07-01')).toBe('2024-07-01');
  });
});
