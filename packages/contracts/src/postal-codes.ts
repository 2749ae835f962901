import { countryCode } from './countries';

/** A country's postal code: its pattern (upper case, single spaces) and how the reason shows an example. */
interface PostalFormat {
  pattern: RegExp;
  example: string;
}

/**
 * The postal code formats a carrier expects, for the countries the shop ships to most; any other country
 * takes the generic rule. Letters are compared in upper case with single spaces.
 */
const POSTAL_FORMATS: Record<string, PostalFormat> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '12345 or 12345-6789' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, example: 'SW1A 1AA' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/, example: 'K1A 0B1' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  ES: { pattern: /^\d{5}$/, example: '28001' },
  IT: { pattern: /^\d{5}$/, example: '00118' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 AB' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  AU: { pattern: /^\d{4}$/, example: '2000' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-001' },
  SE: { pattern: /^\d{3} ?\d{2}$/, example: '114 55' },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: '100-0001' },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: '01001-000' },
  MX: { pattern: /^\d{5}$/, example: '06000' },
  AR: { pattern: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1043AAB or 1043' },
  IE: { pattern: /^[AC-FHKNPRTV-Y][0-9]{2}W? ?[0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 X285' },
};

/**
 * Countries whose post has no postal codes (the Universal Postal Union's list, as address forms such as
 * Google's libaddressinput keep it): there the code is not asked for, and any given is still checked.
 */
const WITHOUT_POSTAL_CODES = new Set(
  (
    'AE AG AN AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK JM KI KM KN KP ' +
    'LY ML MO MR MW NR NU QA RW SB SC SL SR SS ST SY TD TF TG TK TL TO TV UG VU YE ZW'
  ).split(' '),
);

/** Whether a carrier needs a postal code for the country (a name or a code); unknown countries do. */
export function usesPostalCodes(country: string): boolean {
  const iso = countryCode(country);
  return !(iso && WITHOUT_POSTAL_CODES.has(iso));
}

/** Any other country: 2 to 10 letters and digits, single spaces or dashes between them. */
const GENERIC_POSTAL_CODE = /^[A-Z\d](?:[A-Z\d]|[ -](?=[A-Z\d])){1,9}$/;

/** A postal code as carriers write it: upper case, spaces trimmed and single. */
export function normalPostalCode(code: string): string {
  return code.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Why a postal code is not one of the country's (the country a name or a code), or undefined when it is.
 * An empty code is left to the required-field rule.
 */
export function postalCodeProblem(country: string, code: string): string | undefined {
  const postal = normalPostalCode(code);
  if (postal === '') return undefined;
  const iso = countryCode(country);
  const format = iso ? POSTAL_FORMATS[iso] : undefined;
  if (format)
    return format.pattern.test(postal) ? undefined : `must be a postal code such as ${format.example}`;
  return GENERIC_POSTAL_CODE.test(postal)
    ? undefined
    : 'must be 2 to 10 letters and digits (spaces or dashes between them)';
}
