import { describe, expect, it } from 'vitest';
import { postalCodeProblem, usesPostalCodes } from './postal-codes';
import { isProfileComplete, missingCheckoutFields } from './users-rules';

const profile = {
  fullName: 'Ana Gomez',
  phone: '+85291234567',
  address: '1 Queen Road',
  city: 'Hong Kong',
  state: 'Central',
  postalCode: '',
  country: 'Hong Kong',
};

describe('postal codes', () => {
  it("checks a code against its country's format, by name or by code", () => {
    expect(postalCodeProblem('United States', '94105')).toBeUndefined();
    expect(postalCodeProblem('US', '94105-1234')).toBeUndefined();
    expect(postalCodeProblem('USA', '9410')).toBe('must be a postal code such as 12345 or 12345-6789');
    expect(postalCodeProblem('GB', 'sw1a 1aa')).toBeUndefined();
    expect(postalCodeProblem('Narnia', '!!')).toBe(
      'must be 2 to 10 letters and digits (spaces or dashes between them)',
    );
  });

  it('knows the countries whose post has no postal codes', () => {
    expect(usesPostalCodes('Hong Kong')).toBe(false);
    expect(usesPostalCodes('AE')).toBe(false);
    expect(usesPostalCodes('Ireland')).toBe(true);
    expect(usesPostalCodes('Germany')).toBe(true);
    // A country the shop cannot place is asked for one: a carrier may need it.
    expect(usesPostalCodes('Narnia')).toBe(true);
  });

  it('asks checkout for a postal code only where the country uses one', () => {
    expect(missingCheckoutFields(profile)).toEqual([]);
    expect(isProfileComplete(profile)).toBe(true);
    expect(missingCheckoutFields({ ...profile, country: 'Germany' })).toEqual(['postalCode']);
    expect(missingCheckoutFields({ ...profile, country: '', fullName: ' ' })).toEqual([
      'fullName',
      'postalCode',
      'country',
    ]);
  });
});
