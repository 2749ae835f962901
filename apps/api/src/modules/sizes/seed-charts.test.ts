import { BRANDS, SIZE_CHART_SOURCE_MAX, SIZES, sizeChartRowsSchema, sizeKey } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { SEED_SIZE_CHARTS, type SeedChart } from './seed-charts';

const VALID_KEYS = new Set(SIZES.map(sizeKey));
/** A plain size as the charts write it: '9', '9.5', '27.1'. */
const PLAIN = /^\d{1,3}(\.\d)?$/;
/** adidas writes its EU sizes in thirds: '44', '44 2/3', '45 1/3'. */
const THIRDS = /^(\d{2}) ([12])\/3$/;

/** A chart's value as a number: adidas thirds as fractions, anything else that is not a plain size as NaN. */
function numeric(value: string): number {
  const thirds = THIRDS.exec(value);
  if (thirds) return Number(thirds[1]) + Number(thirds[2]) / 3;
  return PLAIN.test(value) ? Number(value) : Number.NaN;
}

function chartOf(brand: string, gender: string): SeedChart {
  const chart = SEED_SIZE_CHARTS.find((c) => c.brand === brand && c.gender === gender);
  if (!chart) throw new Error(`no ${gender}'s chart for ${brand}`);
  return chart;
}

function rowOf(chart: SeedChart, key: string) {
  const row = chart.rows.find((r) => r.key === key);
  if (!row) throw new Error(`no ${key} in the ${chart.gender}'s chart for ${chart.brand}`);
  return row;
}

const named = (chart: SeedChart) => `${chart.brand} ${chart.gender}`;

describe('the seed size charts', () => {
  it('are fourteen: one per brand and gender', () => {
    expect(SEED_SIZE_CHARTS).toHaveLength(BRANDS.length * 2);
    const pairs = SEED_SIZE_CHARTS.map(named);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const brand of BRANDS) {
      for (const gender of ['men', 'women']) expect(pairs).toContain(`${brand} ${gender}`);
    }
  });

  it.each(SEED_SIZE_CHARTS.map((chart) => [named(chart), chart] as const))(
    '%s: keys are valid, unique and ascending, and US is the key',
    (_, chart) => {
      expect(chart.rows.length).toBeGreaterThan(0);
      for (const row of chart.rows) {
        expect(VALID_KEYS.has(row.key), row.key).toBe(true);
        expect(row.US).toBe(row.key);
      }
      const keys = chart.rows.map((row) => Number(row.key));
      for (let i = 1; i < keys.length; i++)
        expect(keys[i], String(keys[i])).toBeGreaterThan(keys[i - 1] ?? 0);
    },
  );

  it.each(SEED_SIZE_CHARTS.map((chart) => [named(chart), chart] as const))(
    '%s: UK, EU, CM and JP are numeric and never decrease, EU never repeats, JP is CM × 10',
    (_, chart) => {
      for (const system of ['UK', 'EU', 'CM', 'JP'] as const) {
        const values = chart.rows.map((row) => numeric(row[system]));
        for (const [i, value] of values.entries()) {
          expect(Number.isFinite(value), `${system} ${chart.rows[i]?.[system]}`).toBe(true);
          if (i > 0)
            expect(value, `${system} at ${chart.rows[i]?.key}`).toBeGreaterThanOrEqual(values[i - 1] ?? 0);
          if (i > 0 && system === 'EU')
            expect(value, `EU at ${chart.rows[i]?.key}`).toBeGreaterThan(values[i - 1] ?? 0);
        }
      }
      for (const row of chart.rows) {
        expect(Math.round(Number(row.CM) * 10), `JP at ${row.key}`).toBe(Number(row.JP));
      }
    },
  );

  it('write EU in thirds only for adidas, and halves as .5 elsewhere', () => {
    for (const chart of SEED_SIZE_CHARTS) {
      for (const row of chart.rows) {
        for (const value of [row.UK, row.CM, row.JP]) expect(value).toMatch(PLAIN);
        expect(row.EU).toMatch(
          chart.brand === 'adidas' ? new RegExp(`${PLAIN.source}|${THIRDS.source}`) : PLAIN,
        );
      }
    }
    expect(chartOf('adidas', 'men').rows.some((row) => THIRDS.test(row.EU))).toBe(true);
  });

  it("hold the brands' own equivalences: Nike men's US 10 = UK 9 = EU 44, adidas men's US 10 = UK 9.5 = EU 44", () => {
    expect(rowOf(chartOf('nike', 'men'), '10')).toMatchObject({ US: '10', UK: '9', EU: '44' });
    expect(rowOf(chartOf('adidas', 'men'), '10')).toMatchObject({ US: '10', UK: '9.5', EU: '44' });
  });

  it('name a source for every chart, short enough for staff to save it back', () => {
    for (const chart of SEED_SIZE_CHARTS) {
      expect(chart.source.trim(), named(chart)).not.toBe('');
      expect(chart.source.length, named(chart)).toBeLessThanOrEqual(SIZE_CHART_SOURCE_MAX);
    }
  });

  it.each(SEED_SIZE_CHARTS.map((chart) => [named(chart), chart] as const))(
    '%s: passes the rules a chart staff save must follow',
    (_, chart) => {
      expect(sizeChartRowsSchema.safeParse(chart.rows).error).toBeUndefined();
    },
  );
});
