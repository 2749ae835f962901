import { EU_COUNTRIES, type PublicTaxSettings } from '@shop/contracts';

/**
 * How the shop shows tax to shoppers (decision 34): whether its prices include tax, its home country (whose
 * way a guest sees) and whether it collects tax anywhere. The page is given it as it starts, with the
 * currency (rendered-state.ts, entry-server.tsx, main.tsx); null until it is known.
 */
export type ShopTax = Pick<PublicTaxSettings, 'pricesIncludeTax' | 'homeCountry' | 'homeRegion' | 'collects'>;

let shopTax: ShopTax | null = null;

export function setShopTax(settings: ShopTax | null): void {
  shopTax = settings
    ? {
        pricesIncludeTax: settings.pricesIncludeTax,
        homeCountry: settings.homeCountry,
        homeRegion: settings.homeRegion,
        collects: settings.collects,
      }
    : null;
}

export function getShopTax(): ShopTax | null {
  return shopTax;
}

/** The tax's name for the shop's buyers: "VAT" for a shop at home in the EU or the UK, else "tax". */
export function taxWord(homeCountry: string): 'VAT' | 'tax' {
  return homeCountry === 'GB' || EU_COUNTRIES.includes(homeCountry) ? 'VAT' : 'tax';
}

/**
 * The note beside a price: "incl. VAT" (or "incl. tax") where prices include it, "excl. tax" where it is
 * added; null when the shop collects tax nowhere (a fresh shop) or its settings are not known.
 */
export function taxNote(settings: ShopTax | null = shopTax): string | null {
  if (!settings?.collects) return null;
  return settings.pricesIncludeTax ? `incl. ${taxWord(settings.homeCountry)}` : 'excl. tax';
}
