import { describe, expect, it } from 'vitest';
import { priceOrder } from './pricing';

const standard = { name: 'Standard shipping', priceCents: 0, freeAboveCents: null };
const express = { name: 'Express', priceCents: 1_500, freeAboveCents: 20_000 };

describe('priceOrder', () => {
  it('totals each line, the lines and a free method', () => {
    const price = priceOrder(
      [
        { unitPriceCents: 12_999, count: 2 },
        { unitPriceCents: 8_950, count: 1 },
      ],
      standard,
    );
    expect(price).toEqual({
      lineTotalsCents: [25_998, 8_950],
      linesCents: 34_948,
      shippingCents: 0,
      totalCents: 34_948,
    });
  });

  it('adds a paid method below its free-above amount', () => {
    const price = priceOrder([{ unitPriceCents: 19_999, count: 1 }], express);
    expect(price).toMatchObject({ linesCents: 19_999, shippingCents: 1_500, totalCents: 21_499 });
  });

  it('ships free at exactly the free-above amount and above it, decided on the lines alone', () => {
    expect(priceOrder([{ unitPriceCents: 20_000, count: 1 }], express).shippingCents).toBe(0);
    expect(priceOrder([{ unitPriceCents: 10_001, count: 2 }], express)).toMatchObject({
      shippingCents: 0,
      totalCents: 20_002,
    });
    // The shipping price itself never counts towards the free-above amount.
    expect(priceOrder([{ unitPriceCents: 19_000, count: 1 }], express).totalCents).toBe(20_500);
  });

  it('never makes a method free by amount when it has no free-above amount', () => {
    const flat = { name: 'Courier', priceCents: 2_500, freeAboveCents: null };
    expect(priceOrder([{ unitPriceCents: 99_999, count: 10 }], flat).shippingCents).toBe(2_500);
  });

  it('keeps cents exact where decimal dollars would drift', () => {
    const price = priceOrder(
      [
        { unitPriceCents: 10, count: 3 },
        { unitPriceCents: 20, count: 1 },
      ],
      { name: 'Post', priceCents: 1, freeAboveCents: null },
    );
    expect(price.totalCents).toBe(51);
  });

  it('refuses amounts that are not whole cents or counts below one', () => {
    expect(() => priceOrder([{ unitPriceCents: 12.5, count: 1 }], standard)).toThrow(RangeError);
    expect(() => priceOrder([{ unitPriceCents: 100, count: 0 }], standard)).toThrow(RangeError);
    expect(() => priceOrder([{ unitPriceCents: 100, count: 1 }], { ...express, priceCents: -1 })).toThrow(
      RangeError,
    );
  });
});
