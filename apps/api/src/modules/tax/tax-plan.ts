import {
  COUNTRY_CODES,
  countryCode,
  countryName,
  EU_COUNTRIES,
  type OrderTaxRates,
  type TaxCategory,
  US_STATES,
  usStateCode,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as repository from './tax.repository';

const EU = new Set(EU_COUNTRIES);

/** Where a parcel goes, as a profile or a quote names it: a country and (in the US) a state. */
export interface Destination {
  country: string;
  region?: string;
  /** The street address, where known (a tax engine may rate by it). */
  postalCode?: string;
  city?: string;
  address?: string;
}

interface Place {
  country: string;
  region: string;
}

/** How an order to a destination is taxed, on a day (decision 34). */
export interface TaxPlan {
  currency: string;
  pricesIncludeTax: boolean;
  /** Whether the shop collects tax there; when not, `reason` says why in words. */
  collected: boolean;
  reason?: string;
  /** Whose rates apply: the destination, or the shop's home country (EU without the One-Stop-Shop). */
  jurisdiction: Place | null;
  /**
   * A line's rate there in pcm, by its category (and, when an engine rated each line, its reference);
   * null: none is collected (exempt, or nothing collected).
   */
  rateOf(category: TaxCategory, reference?: string): number | null;
  /** Shipping's rate in pcm, when the settings tax shipping. */
  shippingRatePcm: number | null;
  /** Who worked out the rates: 'table', a tax engine's id, or 'fallback' (the table, after the engine failed). */
  source: string;
  /** What the shop does when the engine fails: price from the table ('table') or refuse the order. */
  onEngineFailure: 'table' | 'refuse';
}

const placeName = (place: Place) =>
  place.region ? (US_STATES[place.region] ?? place.region) : countryName(place.country);

/** The destination as codes; the US state only in the US. */
export function placeOf(destination: Destination): Place | undefined {
  const country = countryCode(destination.country);
  if (!country || !COUNTRY_CODES.includes(country)) return undefined;
  return { country, region: country === 'US' ? (usStateCode(destination.region ?? '') ?? '') : '' };
}

const samePlace = (a: Place, b: Place) => a.country === b.country && a.region === b.region;

/**
 * Whose rates apply to `place`: its own where the shop is registered there; in the EU, from a shop
 * registered at home in the EU, the destination's under the One-Stop-Shop and the home country's without
 * it. Null when nothing is collected.
 */
function jurisdictionOf(
  place: Place,
  registered: Place[],
  settings: repository.TaxSettingsRow,
): Place | null {
  if (registered.some((at) => samePlace(at, place))) return place;
  const home = { country: settings.homeCountry, region: '' };
  const registeredAtHome = EU.has(home.country) && registered.some((at) => samePlace(at, home));
  if (EU.has(place.country) && registeredAtHome) return settings.oss ? place : home;
  return null;
}

/** The rate of each category of the place's rows on `day` (YYYY-MM-DD), in pcm. */
function ratesOn(rows: repository.TaxRateRow[], day: string): Map<string, number> {
  const rates = new Map<string, number>();
  for (const row of rows) {
    if ((row.validFrom && row.validFrom > day) || (row.validTo && row.validTo < day)) continue;
    rates.set(row.category, row.ratePcm);
  }
  return rates;
}

/** How an order to `destination` placed at `at` is taxed: whether tax is collected there, and at what rates. */
export async function taxPlanFor(db: DbOrTx, destination: Destination, at = new Date()): Promise<TaxPlan> {
  const { settings, registered } = await repository.findSettingsAndRegistrations(db);
  const base = {
    currency: settings.currency,
    pricesIncludeTax: settings.pricesIncludeTax,
    source: 'table',
    onEngineFailure: settings.fallback,
  };
  const place = placeOf(destination);
  const jurisdiction = place ? jurisdictionOf(place, registered, settings) : null;
  if (!place || !jurisdiction) {
    const reason = place
      ? `no tax collected: not registered in ${placeName(place)}`
      : 'no tax collected: the destination is not known';
    return {
      ...base,
      collected: false,
      reason,
      jurisdiction: null,
      rateOf: () => null,
      shippingRatePcm: null,
    };
  }
  const rates = ratesOn(await repository.findRatesOf(db, jurisdiction), at.toISOString().slice(0, 10));
  const rateOf = (category: TaxCategory): number | null => {
    if (category === 'exempt') return null;
    if (category === 'zero') return 0;
    // A place with no reduced rate (Denmark) taxes at its standard rate.
    return rates.get(category) ?? rates.get('standard') ?? null;
  };
  return {
    ...base,
    collected: true,
    jurisdiction,
    rateOf,
    shippingRatePcm: settings.taxShipping ? rateOf('standard') : null,
  };
}

/**
 * The pricing function's tax rates for lines of these categories, and for shipping of its own category,
 * under a plan; `references` name the lines (lineReference) for a plan whose engine rated each line.
 */
export function orderTaxRates(
  plan: TaxPlan,
  categories: readonly TaxCategory[],
  shippingCategory: TaxCategory,
  references: readonly string[] = [],
): OrderTaxRates {
  return {
    included: plan.pricesIncludeTax,
    lineRatesPcm: categories.map((category, index) => plan.rateOf(category, references[index])),
    shippingRatePcm: shippingRateOf(plan, shippingCategory),
  };
}

/**
 * Shipping's rate: none when the settings leave it untaxed; at the standard rate the plan gives it (its
 * engine's, or the table's); at its own category's rate there otherwise.
 */
function shippingRateOf(plan: TaxPlan, category: TaxCategory): number | null {
  if (plan.shippingRatePcm === null) return null;
  return category === 'standard' ? plan.shippingRatePcm : plan.rateOf(category);
}

/** How a tax engine names a line of an order: its product and size, unique in an order. */
export const lineReference = (line: { productId: string; size: number }) => `${line.productId}:${line.size}`;
