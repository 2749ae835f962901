import type { Readable } from 'node:stream';
import { type TaxReport, type TaxReportRow, toCents } from '@shop/contracts';
import { type CsvValue, csvStream } from '../../lib/csv';

/**
 * The tax report's CSV: the One-Stop-Shop return's lines first (section `OSS`: the EU member states of
 * consumption other than the home country where tax was collected, each with its rate type, VAT rate,
 * taxable amount and VAT amount, and the refunds made in the period as corrections to deduct), then the
 * home country's (`domestic`), then every other place and the sales where no tax was collected (`other`,
 * with the reason). Amounts are the shop's currency with two decimals; the refunds are written as positive
 * amounts in their own columns.
 */
export const TAX_REPORT_HEADER = [
  'section',
  'member_state_of_consumption',
  'rate_type',
  'vat_rate',
  'taxable_amount',
  'vat_amount',
  'correction_taxable_amount_refunded',
  'correction_vat_amount_refunded',
  'orders',
  'reason',
] as const;

type Section = 'OSS' | 'domestic' | 'other';
const SECTIONS: Section[] = ['OSS', 'domestic', 'other'];

function sectionOf(row: TaxReportRow, homeCountry: string): Section {
  if (row.country === homeCountry) return 'domestic';
  return row.eu && row.rate !== null ? 'OSS' : 'other';
}

const amount = (value: number) => (toCents(value) / 100).toFixed(2);

function cellsOf(section: Section, row: TaxReportRow): CsvValue[] {
  return [
    section,
    row.jurisdiction,
    row.rateType,
    row.rate === null ? '' : String(row.rate),
    amount(row.net),
    amount(row.tax),
    amount(row.refundedNet),
    amount(row.refundedTax),
    row.orders,
    row.reason ?? '',
  ];
}

async function* reportRows(report: TaxReport): AsyncGenerator<CsvValue[][]> {
  yield SECTIONS.flatMap((section) =>
    report.rows
      .filter((row) => sectionOf(row, report.homeCountry) === section)
      .map((row) => cellsOf(section, row)),
  );
}

/** The report as the CSV an accountant files from: the header, then the OSS lines, domestic, the rest. */
export function taxReportCsv(report: TaxReport): Promise<Readable> {
  return csvStream(TAX_REPORT_HEADER, reportRows(report));
}
