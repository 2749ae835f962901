/** Every ISO 3166-1 alpha-2 country code. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
  'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
  'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
  'YT ZA ZM ZW'
).split(' ');

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

/** English names (as the platform's Intl names them) and aliases to codes, built on first use. */
function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  byName = new Map(Object.entries(ALIASES).map(([alias, code]) => [normalised(alias), code]));
  for (const code of COUNTRY_CODES) {
    const name = names.of(code);
    if (!name) continue;
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
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** The EU's member states (ISO 3166), for the One-Stop-Shop and VAT's name. */
export const EU_COUNTRIES: readonly string[] =
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
