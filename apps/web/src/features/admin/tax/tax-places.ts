import { COUNTRY_CODES, countryName, US_STATES } from '@shop/contracts';
import type { SelectOption } from '../../../components/select-options';

/** Every country, by its English name, as the API keeps it (the ISO code). */
export const COUNTRY_OPTIONS: readonly SelectOption[] = COUNTRY_CODES.map((code) => ({
  value: code,
  label: countryName(code),
})).sort((a, b) => a.label.localeCompare(b.label));

/** Every US state (and DC), by name, as the API keeps it (the USPS code). */
export const STATE_OPTIONS: readonly SelectOption[] = Object.entries(US_STATES)
  .map(([code, name]) => ({ value: code, label: name }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** "France", "California (US)", "United States": a country or a US state, by name. */
export function placeName(place: { country: string; region: string }): string {
  if (!place.region) return countryName(place.country);
  return `${US_STATES[place.region] ?? place.region} (${place.country})`;
}
