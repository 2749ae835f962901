import { describe, expect, it } from 'vitest';
import { type RateTax, sumByRate, taxGivenBack } from './credit-notes';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe("a credit note's tax per rate", () => {
  it('sums parts per rate, leaving out rates with nothing in them', () => {
    expect(
      sumByRate([
        { ratePcm: 20_000, netCents: 1_000, taxCents: 200 },
        { ratePcm: 5_500, netCents: 0, taxCents: 0 },
        { ratePcm: 20_000, netCents: 500, taxCents: 100 },
        { ratePcm: null, netCents: 300, taxCents: 0 },
      ]),
    ).toEqual([
      { ratePcm: 20_000, netCents: 1_500, taxCents: 300 },
      { ratePcm: null, netCents: 300, taxCents: 0 },
    ]);
  });

  it('gives back all of it when the refund gave back all that was due', () => {
    const rates = [{ ratePcm: 7_250, netCents: 10_000, taxCents: 725 }];
    expect(taxGivenBack(rates, 10_725, 10_725)).toEqual(rates);
  });

  it('gives back less in proportion, rounded down in all, never more than a rate was due', () => {
    const next = random(37);
    for (let round = 0; round < 2_000; round += 1) {
      const rates: RateTax[] = [20_000, 8_875, 7_250, 0].slice(0, 1 + next(4)).map((ratePcm) => {
        const netCents = 1 + next(50_000);
        return { ratePcm, netCents, taxCents: Math.round((netCents * ratePcm) / 100_000) };
      });
      const due = rates.reduce((sum, rate) => sum + rate.netCents + rate.taxCents, 0);
      const cents = 1 + next(due);
      const given = taxGivenBack(rates, due, cents);
      const total = rates.reduce((sum, rate) => sum + rate.taxCents, 0);
      const tax = given.reduce((sum, rate) => sum + rate.taxCents, 0);
      expect(tax).toBe(cents >= due ? total : Math.floor((total * cents) / due));
      for (const rate of given) {
        const owed = rates.find((candidate) => candidate.ratePcm === rate.ratePcm);
        expect(rate.taxCents).toBeLessThanOrEqual(owed?.taxCents ?? 0);
        expect(rate.netCents).toBeLessThanOrEqual(owed?.netCents ?? 0);
      }
    }
  });
});
