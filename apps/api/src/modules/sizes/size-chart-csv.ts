import { SIZE_SYSTEMS, type SizeChartRow, sizeChartRowsSchema } from '@shop/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';
import { csvRow } from '../../lib/csv';

/**
 * A size chart as CSV, the way a spreadsheet reads and writes it: a header `key,US,UK,EU,CM,JP` and one line
 * per size. Staff export a chart, change it in a spreadsheet and import it again.
 */

const HEADER = ['key', ...SIZE_SYSTEMS] as const;
/** A chart is a few dozen lines; anything much larger is not a chart. */
export const SIZE_CHART_CSV_MAX_BYTES = 16 * 1024;

export function chartCsv(rows: readonly SizeChartRow[]): string {
  return csvRow(HEADER) + rows.map((row) => csvRow(HEADER.map((column) => row[column]))).join('');
}

function refused(field: string, reason: string, where = field): AppError {
  return new AppError('VALIDATION_ERROR', `Invalid CSV: ${where} ${reason}`, { [field]: reason });
}

/** The CSV's lines as rows, or a 400 naming the header or the line and column that is wrong. */
export function parseChartCsv(text: string): SizeChartRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (error) {
    throw refused('csv', `is not CSV a spreadsheet would read (${(error as Error).message})`);
  }
  const [header, ...lines] = records;
  if (!header || header.join(',').toLowerCase() !== HEADER.join(',').toLowerCase())
    throw refused('csv', `must start with the header ${HEADER.join(',')}`);
  const rows = lines.map((cells) =>
    Object.fromEntries(HEADER.map((column, index) => [column, cells[index]])),
  );
  const parsed = sizeChartRowsSchema.safeParse(rows);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const [index, column] = issue?.path ?? [];
  const reason = issue?.message ?? 'is invalid';
  if (typeof index !== 'number') throw refused('rows', reason);
  // Line 1 is the header: the first size is on line 2.
  const where = `line ${index + 2}${column ? `, ${String(column)}` : ''}`;
  throw refused(`rows.${index}${column ? `.${String(column)}` : ''}`, reason, where);
}
