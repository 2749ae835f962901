import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from './catalog';
import { MAX_AMOUNT } from './constants';
import { checkoutBodySchema, successOrderBodySchema } from './orders';

/** Numbers from a client must stay within what the database's integer columns hold, in cents. */
describe('numeric bounds', () => {
  const refusedFields = (query: Record<string, string>) => {
    const result = productListQuerySchema.safeParse(query);
    return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
  };

  it.each(['1e10', '1e308', '-1e308', 'Infinity', 'NaN'])(
    'refuses the price filter %s, naming it',
    (value) => {
      expect(refusedFields({ priceMin: value })).toEqual(['priceMin']);
      expect(refusedFields({ priceMax: value })).toEqual(['priceMax']);
    },
  );

  it('keeps every accepted price filter within a PostgreSQL integer once in cents', () => {
    expect(refusedFields({ priceMin: '0', priceMax: String(MAX_AMOUNT) })).toEqual([]);
    expect(MAX_AMOUNT * 100).toBeLessThan(2 ** 31);
  });

  it.each([
    ['page', '1e10'],
    ['page', '1e308'],
    ['page', '0'],
    ['rating', '1e308'],
    ['rating', '6'],
    ['limit', '1e10'],
  ])('refuses %s=%s', (field, value) => {
    expect(refusedFields({ [field]: value })).toEqual([field]);
  });

  it.each([1e308, -1e308, 1e10, -1])('refuses a reported final amount of %d', (finalAmount) => {
    const line = { id: '00000000-0000-4000-8000-000000000000', size: '9', count: 1 };
    expect(checkoutBodySchema.safeParse({ products: [line], finalAmount }).success).toBe(false);
    expect(successOrderBodySchema.safeParse({ user: {}, finalAmount }).success).toBe(false);
  });

  it.each([1e308, 101, 0, 1.5])('refuses a line count of %d', (count) => {
    const line = { id: '00000000-0000-4000-8000-000000000000', size: '9', count };
    expect(checkoutBodySchema.safeParse({ products: [line] }).success).toBe(false);
  });
});
