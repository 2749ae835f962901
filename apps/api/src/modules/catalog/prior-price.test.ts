import { describe, expect, it } from 'vitest';
import { lowestPriceCents, type PricePoint, priorPriceCents } from './prior-price';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The instant the current price took effect in these histories. */
const NOW = Date.UTC(2026, 5, 1, 12);
const daysAgo = (days: number) => NOW - days * DAY;

describe('priorPriceCents (the lowest price of the 30 days before the current price took effect)', () => {
  it('is null when the product has had one price only', () => {
    expect(priorPriceCents([])).toBeNull();
    expect(priorPriceCents([[10_000, daysAgo(3)]])).toBeNull();
  });

  it('is the previous price after one change', () => {
    expect(
      priorPriceCents([
        [12_000, daysAgo(10)],
        [9_000, NOW],
      ]),
    ).toBe(12_000);
  });

  it('counts a price older than 30 days still in effect when the window opens', () => {
    expect(
      priorPriceCents([
        [10_000, daysAgo(400)],
        [8_000, NOW],
      ]),
    ).toBe(10_000);
  });

  it('takes the lowest of a price raised then lowered', () => {
    expect(
      priorPriceCents([
        [10_000, daysAgo(90)],
        [12_000, daysAgo(10)],
        [9_000, NOW],
      ]),
    ).toBe(10_000);
  });

  it('forgets a price that ended more than 30 days before', () => {
    expect(
      priorPriceCents([
        [5_000, daysAgo(90)],
        [12_000, daysAgo(40)],
        [9_000, NOW],
      ]),
    ).toBe(12_000);
  });

  it('counts every price of several changes within a day, the current one aside', () => {
    expect(
      priorPriceCents([
        [10_000, daysAgo(60)],
        [7_000, NOW - 5 * HOUR],
        [11_000, NOW - 2 * HOUR],
        [9_000, NOW],
      ]),
    ).toBe(7_000);
  });

  it('leaves out a price replaced in the instant it took effect (never in effect)', () => {
    expect(
      priorPriceCents([
        [10_000, daysAgo(5)],
        [6_000, NOW],
        [9_000, NOW],
      ]),
    ).toBe(10_000);
  });

  it('leaves out a price that ended exactly 30 days before, keeps the one that began then', () => {
    const history: PricePoint[] = [
      [5_000, daysAgo(45)],
      [12_000, daysAgo(30)],
      [9_000, NOW],
    ];
    expect(priorPriceCents(history)).toBe(12_000);
    // A millisecond later the cheaper price was still in effect when the window opened.
    expect(
      priorPriceCents([
        [5_000, daysAgo(45)],
        [12_000, daysAgo(30) + 1],
        [9_000, NOW],
      ]),
    ).toBe(5_000);
  });

  it('may be below the current price (a price raised after a cheaper one)', () => {
    expect(
      priorPriceCents([
        [8_000, daysAgo(20)],
        [10_000, NOW],
      ]),
    ).toBe(8_000);
  });
});

describe('lowestPriceCents (the lowest price of the last 30 days, the current one included)', () => {
  it('is the current price when it has been in effect for 30 days or more', () => {
    const history: PricePoint[] = [
      [5_000, daysAgo(100)],
      [9_000, daysAgo(31)],
    ];
    expect(lowestPriceCents(history, NOW)).toBe(9_000);
  });

  it('counts the prices in effect during the last 30 days and the current one', () => {
    expect(
      lowestPriceCents(
        [
          [12_000, daysAgo(100)],
          [8_000, daysAgo(20)],
          [10_000, daysAgo(2)],
        ],
        NOW,
      ),
    ).toBe(8_000);
    expect(
      lowestPriceCents(
        [
          [12_000, daysAgo(100)],
          [10_000, daysAgo(2)],
        ],
        NOW,
      ),
    ).toBe(10_000);
  });

  it('is null for no history', () => {
    expect(lowestPriceCents([], NOW)).toBeNull();
  });
});
