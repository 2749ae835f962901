import { describe, expect, it } from 'vitest';
import { fromLocalInput, numberOf, toLocalInput } from './typed-values';

describe('times and numbers as staff type them', () => {
  it('reads a datetime-local value in the browser zone and writes it back the same', () => {
    const iso = fromLocalInput('2027-01-31T18:00');
    expect(iso).toBe(new Date('2027-01-31T18:00').toISOString());
    expect(toLocalInput(iso ?? null)).toBe('2027-01-31T18:00');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a time')).toBe('');
  });

  it('tells an empty time (null) from one it cannot read (undefined)', () => {
    expect(fromLocalInput('  ')).toBeNull();
    expect(fromLocalInput('2027-02-30T25:00')).toBeUndefined();
  });

  it('shows an instant with its zone, and a dash or the given word when there is none', () => {});

  it('sends a typed number as a number and anything else as typed, for the server to name', () => {
    expect(numberOf(' 45 ')).toBe(45);
    expect(numberOf('4.5')).toBe(4.5);
    expect(numberOf(' two ')).toBe('two');
    expect(numberOf('')).toBe('');
  });
});
