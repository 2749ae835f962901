import { afterEach, describe, expect, it } from 'vitest';
import { formatPrice, formatShippingPrice, getShopCurrency, hasTwoDecimals, setShopCurrency } from './money';
import { taxSettingsBodySchema } from './tax-api';

describe('formatPrice', () => {
  afterEach(() => setShopCurrency('USD'));

  it('writes dollars as the spec does, without digit groups', () => {
    expect(formatPrice(129.99)).toBe('$129.99');
    expect(formatPrice(129.99, 'USD')).toBe('$129.99');
    expect(formatPrice(1320)).toBe('$1320.00');
    expect(formatPrice(0.5, 'usd')).toBe('$0.50');
  });

  it('writes euros and pounds with their signs', () => {
    expect(formatPrice(129.99, 'EUR')).toBe('€129.99');
    expect(formatPrice(1320, 'eur')).toBe('€1320.00');
    expect(formatPrice(129.99, 'GBP')).toBe('£129.99');
    expect(formatShippingPrice(7.5, 'GBP')).toBe('£7.50');
    expect(formatShippingPrice(0, 'GBP')).toBe('Free');
  });

  it("writes a price without a currency of its own in the shop's", () => {
    setShopCurrency('eur');
    expect(getShopCurrency()).toBe('EUR');
    expect(formatPrice(129.99)).toBe('€129.99');
    expect(formatShippingPrice(12.99)).toBe('€12.99');
    // An order's own currency wins over the shop's.
    expect(formatPrice(129.99, 'USD')).toBe('$129.99');
  });
});

describe("the shop's currency", () => {
  it('is one of two decimals: JPY and KWD are refused with the reason', () => {
    expect(hasTwoDecimals('USD')).toBe(true);
    expect(hasTwoDecimals('EUR')).toBe(true);
    expect(hasTwoDecimals('JPY')).toBe(false);
    expect(hasTwoDecimals('KWD')).toBe(false);
    const refused = taxSettingsBodySchema.safeParse({ currency: 'JPY' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toHaveLength(1);
    expect(refused.error?.issues[0]?.message).toMatch(/two decimals.*JPY/);
    const unknown = taxSettingsBodySchema.safeParse({ currency: 'EURO' });
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual([
      'must be an ISO 4217 currency code such as EUR',
    ]);
    expect(taxSettingsBodySchema.parse({ currency: 'gbp' }).currency).toBe('GBP');
  });
});
