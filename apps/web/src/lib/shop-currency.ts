import type { PublicTaxSettings } from '@shop/contracts';

/**
 * The shop's public tax settings (its currency, and how it shows tax) for a page the browser renders alone
 * (the server rendered none, so none came with it): asked once as the page starts, alongside the app's
 * code. Null when they cannot be read; the prices are then written in the formatter's default, dollars,
 * and say nothing of tax.
 */
export async function askShopSettings(): Promise<PublicTaxSettings | null> {
  try {
    const response = await fetch('/api/tax/settings', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const settings = (await response.json()) as Partial<PublicTaxSettings>;
    if (typeof settings.currency !== 'string') return null;
    return {
      currency: settings.currency,
      pricesIncludeTax: settings.pricesIncludeTax === true,
      homeCountry: typeof settings.homeCountry === 'string' ? settings.homeCountry : 'US',
      homeRegion: typeof settings.homeRegion === 'string' ? settings.homeRegion : '',
      collects: settings.collects === true,
    };
  } catch {
    return null;
  }
}
