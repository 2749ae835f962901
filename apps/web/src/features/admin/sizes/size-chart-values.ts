import {
  SIZE_CHART_ROWS_MAX,
  SIZE_PATTERN,
  type SizeChart,
  type SizeChartBody,
  type SizeSystem,
} from '@shop/contracts';

/** The systems typed in the grid: US is the row's key itself. */
export const CELL_SYSTEMS = ['UK', 'EU', 'CM', 'JP'] as const satisfies readonly SizeSystem[];
export type CellSystem = (typeof CELL_SYSTEMS)[number];

/** One row of the grid as typed: its key (the US size) and the other systems. */
export type ChartRowValues = { key: string } & Record<CellSystem, string>;

/**
 * A reason's place in the grid, by the row's key (which stays with the row when rows are added or
 * removed): `9.5/EU`, `9.5/key` for the row itself; `rows` for the chart as a whole; `source`.
 */
export type ChartField = `${string}/${CellSystem | 'key'}` | 'rows' | 'source';

export const cellField = (key: string, system: CellSystem | 'key'): ChartField => `${key}/${system}`;

export const rowsOf = (chart: SizeChart): ChartRowValues[] =>
  chart.rows.map(({ key, UK, EU, CM, JP }) => ({ key, UK, EU, CM, JP }));

/** The fields in the order they are shown: the first one refused takes the focus. */
export const fieldsOf = (rows: readonly ChartRowValues[]): ChartField[] => [
  ...rows.flatMap((row) => [
    cellField(row.key, 'key'),
    ...CELL_SYSTEMS.map((system) => cellField(row.key, system)),
  ]),
  'rows',
  'source',
];

/** The request body: each row with US, its key. */
export const chartBodyOf = (rows: readonly ChartRowValues[], source: string): SizeChartBody => ({
  rows: rows.map((row) => ({ key: row.key, US: row.key, UK: row.UK, EU: row.EU, CM: row.CM, JP: row.JP })),
  source,
});

const isCellSystem = (name: string): name is CellSystem => (CELL_SYSTEMS as readonly string[]).includes(name);

/** The grid's field a field the server names is shown beside: `rows.3.EU` → the fourth row's EU cell. */
export function chartFieldOf(rows: readonly ChartRowValues[], serverField: string): ChartField | undefined {
  if (serverField === 'source') return 'source';
  const cell = /^rows\.(\d+)\.(\w+)$/.exec(serverField);
  if (!cell) return /^rows(\.\d+)?$/.test(serverField) ? 'rows' : undefined;
  const row = rows[Number(cell[1])];
  const system = cell[2] ?? '';
  if (!row) return 'rows';
  if (isCellSystem(system)) return cellField(row.key, system);
  return system === 'key' || system === 'US' ? cellField(row.key, 'key') : 'rows';
}

/** Where a new size goes, or why it cannot be added: keys are US sizes from 3.5 to 18, each once. */
export function addedRows(
  rows: readonly ChartRowValues[],
  typed: string,
): { rows: ChartRowValues[]; key: string } | { error: string } {
  const text = typed.trim();
  const size = Number(text);
  if (!SIZE_PATTERN.test(text) || size < 3.5 || size > 18)
    return { error: 'Give a US size from 3.5 to 18, in halves, such as 9 or 9.5.' };
  const key = String(size);
  if (rows.some((row) => Number(row.key) === size)) return { error: `US ${key} is already in the chart.` };
  if (rows.length >= SIZE_CHART_ROWS_MAX)
    return { error: `A chart holds at most ${SIZE_CHART_ROWS_MAX} sizes.` };
  const added: ChartRowValues = { key, UK: '', EU: '', CM: '', JP: '' };
  const at = rows.findIndex((row) => Number(row.key) > size);
  const next = [...rows];
  next.splice(at === -1 ? rows.length : at, 0, added);
  return { rows: next, key };
}
