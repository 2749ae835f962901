import { describe, expect, it } from 'vitest';
import { paidForUnits, priceOrder, splitCents, splitRefund } from './pricing';

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
      lineDiscountsCents: [0, 0],
      linesCents: 34_948,
      discountCents: 0,
      shippingCents: 0,
      lineTaxes: [
        { net: 25_998, tax: 0, gross: 25_998, ratePcm: null },
        { net: 8_950, tax: 0, gross: 8_950, ratePcm: null },
      ],
      shippingTax: { net: 0, tax: 0, gross: 0, ratePcm: null },
      taxCents: 0,
      pricesIncludeTax: false,
      totalCents: 34_948,
      creditCents: 0,
      chargeCents: 34_948,
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

  it('takes a percentage off the eligible lines only, rounded to the cent, split in proportion', () => {
    const price = priceOrder(
      [
        { unitPriceCents: 12_999, count: 1, eligible: true },
        { unitPriceCents: 8_950, count: 2, eligible: false },
        { unitPriceCents: 3_333, count: 1 },
      ],
      standard,
      { discount: { kind: 'percent', value: 15 } },
    );
    // 15% of 16,332 is 2,449.8: 2,450 off, 1,950 and 500 by the lines' share.
    expect(price.lineDiscountsCents).toEqual([1_950, 0, 500]);
    expect(price.discountCents).toBe(2_450);
    expect(price.totalCents).toBe(12_999 + 17_900 + 3_333 - 2_450);
  });

  it('never takes more than the eligible lines come to, and splits an amount to the cent', () => {
    const lines = [
      { unitPriceCents: 1_000, count: 1 },
      { unitPriceCents: 1_000, count: 1 },
      { unitPriceCents: 1_000, count: 1 },
    ];
    expect(
      priceOrder(lines, standard, { discount: { kind: 'amount', value: 1_000 } }).lineDiscountsCents,
    ).toEqual([334, 333, 333]);
    const all = priceOrder(lines, express, { discount: { kind: 'amount', value: 50_000 } });
    expect(all).toMatchObject({ discountCents: 3_000, shippingCents: 1_500, totalCents: 1_500 });
  });

  it('decides a method’s free-above on the lines after the discount; free shipping zeroes it', () => {
    const line = [{ unitPriceCents: 21_000, count: 1 }];
    expect(priceOrder(line, express).shippingCents).toBe(0);
    expect(priceOrder(line, express, { discount: { kind: 'percent', value: 10 } }).shippingCents).toBe(1_500);
    const free = priceOrder([{ unitPriceCents: 5_000, count: 1 }], express, {
      discount: { kind: 'free_shipping', value: null },
    });
    expect(free).toMatchObject({ discountCents: 0, shippingCents: 0, totalCents: 5_000 });
  });

  it('lets store credit pay up to the total and charges the rest', () => {
    const line = [{ unitPriceCents: 5_000, count: 1 }];
    expect(priceOrder(line, express, { creditCents: 2_000 })).toMatchObject({
      totalCents: 6_500,
      creditCents: 2_000,
      chargeCents: 4_500,
    });
    expect(priceOrder(line, express, { creditCents: 90_000 })).toMatchObject({
      creditCents: 6_500,
      chargeCents: 0,
    });
  });
});

describe('splitCents', () => {
  it('sums to the amount exactly whatever the weights', () => {
    for (const weights of [[1, 1, 1], [7, 0, 3], [12_999, 8_950, 1], [5]]) {
      for (const amount of [0, 1, 2, 99, 1_001, 33_333]) {
        const parts = splitCents(amount, weights);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
        weights.forEach((weight, index) => {
          if (weight === 0) expect(parts[index]).toBe(0);
        });
      }
    }
  });
});

describe('refunds', () => {
  it('gives back what was paid for a line, unit by unit, the units summing to the line exactly', () => {
    const line = { paidCents: 10_001, count: 3 };
    const steps = [paidForUnits(line, 0, 1), paidForUnits(line, 1, 1), paidForUnits(line, 2, 1)];
    expect(steps).toEqual([3_333, 3_334, 3_334]);
    expect(paidForUnits(line, 0, 3)).toBe(10_001);
    expect(paidForUnits(line, 3, 1)).toBe(0);
  });

  it('gives credit back first, then the card', () => {
    const order = { creditUsedCents: 2_000, refundedCents: 0 };
    expect(splitRefund(order, 1_500)).toEqual({ creditCents: 1_500, providerCents: 0 });
    expect(splitRefund({ ...order, refundedCents: 1_500 }, 1_500)).toEqual({
      creditCents: 500,
      providerCents: 1_000,
    });
    expect(splitRefund({ ...order, refundedCents: 3_000 }, 500)).toEqual({
      creditCents: 0,
      providerCents: 500,
    });
  });
});
