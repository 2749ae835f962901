import { COUNTRY_NAMES } from './country-names';

/** Every ISO 3166-1 alpha-2 country code. */
export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRY_NAMES);

/** Names people write for a country that are not its English name. */
const ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  'czech republic': 'CZ',
  turkey: 'TR',
  'south korea': 'KR',
  korea: 'KR',
  'north korea': 'KP',
  'ivory coast': 'CI',
  burma: 'MM',
  macedonia: 'MK',
  swaziland: 'SZ',
  'cape verde': 'CV',
  uae: 'AE',
  emirates: 'AE',
  russia: 'RU',
  vietnam: 'VN',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
};

/** Lower case, no accents or punctuation, single spaces: "Côte d’Ivoire" → "cote divoire". */
function normalised(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\d ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let byName: Map<string, string> | undefined;

/** English names and aliases to codes, built on first use. */
function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES).map(([alias, code]) => [normalised(alias), code]));
  for (const [code, name] of Object.entries(COUNTRY_NAMES)) {
    byName.set(normalised(name), code);
    // "Myanmar (Burma)", "Congo - Kinshasa": the part before the bracket or dash names it too.
    const short = name.split(/ \(| - /)[0];
    if (short && !byName.has(normalised(short))) byName.set(normalised(short), code);
  }
  return byName;
}

/**
 * The ISO 3166 alpha-2 code of a country as a profile holds it: a code ("us", "DE") or a name in English
 * ("United States", "germany", "USA"). Undefined when it names no country.
 */
export function countryCode(nameOrCode: string): string | undefined {
  const trimmed = nameOrCode.trim();
  if (/^[a-z]{2}$/i.test(trimmed) && COUNTRY_CODES.includes(trimmed.toUpperCase()))
    return trimmed.toUpperCase();
  return namesToCodes().get(normalised(trimmed));
}

/** The English name of a country code, for lists and slips ("DE" → "Germany"). */
export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

/** The EU's member states (ISO 3166), for the One-Stop-Shop and VAT's name. */
export const EU_COUNTRIES: readonly string[] =
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
