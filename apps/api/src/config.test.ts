import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { readProviderSettings } from './modules/payments';

describe('the session secret', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shop-config-'));

  it('is required whenever DATABASE_URL is set, so every instance signs sessions alike', () => {
    expect(() =>
      loadConfig(readProviderSettings, { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://shop@db:5432/shop' }),
    ).toThrow(/AUTH_SECRET is required in production and whenever DATABASE_URL is set/);
    const secret = 's'.repeat(32);
    const config = loadConfig(readProviderSettings, {
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      AUTH_SECRET: secret,
    });
    expect(config.auth.secret).toBe(secret);
  });

  it('is required in production', () => {
    expect(() => loadConfig(readProviderSettings, { DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /AUTH_SECRET is required/,
    );
  });

  it('is too weak below 32 characters', () => {
    expect(() => loadConfig(readProviderSettings, { DATA_DIR: dataDir(), AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('is made once and kept in the data folder in the embedded mode', () => {
    const dir = dataDir();
    const first = loadConfig(readProviderSettings, { DATA_DIR: dir }).auth.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig(readProviderSettings, { DATA_DIR: dir }).auth.secret).toBe(first);
  });
});

describe('the seeded accounts', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shop-config-'));

  it('refuse a username outside the rule every username follows (decision 26)', () => {
    expect(() =>
      loadConfig(readProviderSettings, { DATA_DIR: dataDir(), ADMIN_USERNAME: 'Shop Admin' }),
    ).toThrow(/ADMIN_USERNAME: must be 4 to 16 letters, numbers, hyphens or underscores/);
    expect(() => loadConfig(readProviderSettings, { DATA_DIR: dataDir(), DEMO_USERNAME: 'me' })).toThrow(
      /DEMO_USERNAME: must be 4 to 16/,
    );
    expect(
      loadConfig(readProviderSettings, { DATA_DIR: dataDir(), ADMIN_USERNAME: 'Staff_Ana-1' }).accounts.admin
        .username,
    ).toBe('Staff_Ana-1');
  });
});

describe('returns', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shop-config-'));

  it('default to a 30-day window and shipping refunded for a damaged pair', () => {
    const config = loadConfig(readProviderSettings, { DATA_DIR: dataDir() });
    expect(config.returns).toEqual({ days: 30, refundShipping: 'damaged', toCredit: true });
  });

  it('take RETURN_DAYS and RETURN_REFUND_SHIPPING, and refuse what is not one', () => {
    const config = loadConfig(readProviderSettings, {
      DATA_DIR: dataDir(),
      RETURN_DAYS: '14',
      RETURN_REFUND_SHIPPING: 'always',
    });
    expect(config.returns).toEqual({ days: 14, refundShipping: 'always', toCredit: true });
    expect(() => loadConfig(readProviderSettings, { DATA_DIR: dataDir(), RETURN_DAYS: 'a month' })).toThrow(
      /RETURN_DAYS/,
    );
    expect(() =>
      loadConfig(readProviderSettings, { DATA_DIR: dataDir(), RETURN_REFUND_SHIPPING: 'sometimes' }),
    ).toThrow(/RETURN_REFUND_SHIPPING/);
  });
});

describe("the shop's name and address on invoices and packing slips", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'shop-config-'));

  it('default to the shop, and take an address line by line (new lines, or \\n as a .env file writes them)', () => {
    expect(loadConfig(readProviderSettings, { DATA_DIR: dataDir() }).shop).toEqual({
      name: 'Sneaker Shop',
      address: ['1 Market Street', 'San Francisco, CA 94105', 'USA'],
    });
    const shop = loadConfig(readProviderSettings, {
      DATA_DIR: dataDir(),
      SHOP_NAME: ' Kicks & Co ',
      SHOP_ADDRESS: 'Calle Mayor 1\\n28013 Madrid\nSpain',
    }).shop;
    expect(shop).toEqual({ name: 'Kicks & Co', address: ['Calle Mayor 1', '28013 Madrid', 'Spain'] });
    expect(() => loadConfig(readProviderSettings, { DATA_DIR: dataDir(), SHOP_NAME: '   ' })).toThrow(
      /SHOP_NAME/,
    );
  });
});
