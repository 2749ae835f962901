import { SIZE_CHART_SOURCE_MAX, type SizeChart } from '@shop/contracts';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyButton } from '../shared/busy-label';
import { StateBadge } from '../shared/state-badge';
import { useStaffForm } from '../shared/use-staff-form';
import { type ChartPlace, useSaveSizeChart } from './api/size-charts';
import { RestoreChart } from './restore-chart';
import {
  addedRows,
  CELL_SYSTEMS,
  type CellSystem,
  type ChartField,
  type ChartRowValues,
  cellField,
  chartBodyOf,
  chartFieldOf,
  fieldsOf,
  rowsOf,
} from './size-chart-values';

/** The chart's name as its table's caption says it: "Size chart of Nike for men". */
export const chartTitle = (label: string, gender: string) => `Size chart of ${label} for ${gender}`;

interface SizeChartFormProps {
  place: ChartPlace;
  /** The brand as shown ('Nike'). */
  brandLabel: string;
  chart: SizeChart;
  /** The brand's own chart is in use again: the grid starts again from it. */
  onRestored: () => void;
}

/**
 * A chart's grid: a row per US size with its UK, EU, CM and JP cells, sizes added and removed, and its
 * source. A refused save shows each reason beside its cell, and the first refused cell takes the focus.
 */
export function SizeChartForm({ place, brandLabel, chart, onRestored }: SizeChartFormProps) {
  const save = useSaveSizeChart(place);
  const [rows, setRows] = useState(() => rowsOf(chart));
  const [saved, setSaved] = useState(false);
  const form = useStaffForm({
    initial: { source: chart.source },
    fields: fieldsOf(rows),
    bodyOf: ({ source }) => ({ body: chartBodyOf(rows, source) }),
    fieldOf: (serverField) => chartFieldOf(rows, serverField),
    save: (body) => {
      setSaved(false);
      return save.mutateAsync(body);
    },
    saving: save.isPending,
    onSaved: () => setSaved(true),
    notSaved: 'The size chart was not saved',
    messageOnlyWithoutFields: true,
  });
  const errors: Partial<Record<ChartField, string>> = form.errors;
  const refused = Object.keys(errors).length > 0;

  const change = (key: string, system: CellSystem, value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [system]: value } : row)));

  return (
    <form
      className="admin-size-charts__editor"
      noValidate
      onSubmit={form.submit}
      aria-labelledby={`${form.id}-caption`}
    >
      <div className="admin-size-charts__grid table-responsive">
        <table className="table table-sm align-middle mb-0 admin-size-charts__table">
          <caption id={`${form.id}-caption`} className="admin-size-charts__caption">
            {chartTitle(brandLabel, place.gender)}
          </caption>
          <thead>
            <tr>
              <th scope="col">US</th>
              {CELL_SYSTEMS.map((system) => (
                <th key={system} scope="col">
                  {system}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ChartRow
                key={row.key}
                formId={form.id}
                row={row}
                errors={errors}
                inputRef={form.inputRef}
                onChange={(system, value) => change(row.key, system, value)}
                onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              />
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p className="admin-muted mt-2">No sizes: add one before saving.</p> : null}
      {errors.rows ? (
        <p className="admin-size-charts__rows-error mt-2" role="alert">
          The sizes {errors.rows}
        </p>
      ) : null}

      <AddSize formId={form.id} rows={rows} onAdd={setRows} />

      <div className="admin-fields admin-size-charts__fields">
        <SourceField {...form.bind('source')} />
      </div>
      <p className="admin-size-charts__edited">
        <StateBadge
          label={chart.edited ? 'Changed by staff' : "The brand's own"}
          tone={chart.edited ? 'amber' : 'green'}
        />{' '}
        {chart.edited
          ? 'Staff changed this chart: it replaces the one the shop came with.'
          : 'The chart the shop came with, as the brand publishes it.'}
        {chart.edited ? (
          <>
            {' '}
            <RestoreChart
              place={place}
              chartName={chartTitle(brandLabel, place.gender)}
              onRestored={onRestored}
            />
          </>
        ) : null}
      </p>

      {form.failure ? (
        <AlertError message={form.failure} onClose={form.dismissFailure} className="mt-3 mb-0" />
      ) : null}
      {refused && !form.failure ? (
        <p className="admin-size-charts__rows-error mt-3 mb-0">
          The chart was not saved: see the reasons beside the sizes.
        </p>
      ) : null}
      {saved ? (
        <AlertSuccess
          message="The size chart was saved."
          onClose={() => setSaved(false)}
          className="mt-3 mb-0"
        />
      ) : null}
      <div className="admin-form-actions">
        <BusyButton type="submit" className="btn btn-dark" busy={save.isPending} busyText="Saving…">
          Save chart
        </BusyButton>
      </div>
    </form>
  );
}

interface ChartRowProps {
  formId: string;
  row: ChartRowValues;
  errors: Partial<Record<ChartField, string>>;
  inputRef: (field: ChartField) => (element: HTMLElement | null) => void;
  onChange: (system: CellSystem, value: string) => void;
  onRemove: () => void;
}

function ChartRow({ formId, row, errors, inputRef, onChange, onRemove }: ChartRowProps) {
  const rowError = errors[cellField(row.key, 'key')];
  const cellId = (system: string) => `${formId}-${row.key}-${system}`;
  return (
    <tr>
      <th
        scope="row"
        ref={inputRef(cellField(row.key, 'key'))}
        tabIndex={-1}
        className="admin-size-charts__key"
      >
        {row.key}
        {rowError ? <div className="admin-size-charts__reason">US {rowError}</div> : null}
      </th>
      {CELL_SYSTEMS.map((system) => {
        const error = errors[cellField(row.key, system)];
        return (
          <td key={system}>
            <input
              ref={inputRef(cellField(row.key, system))}
              id={cellId(system)}
              type="text"
              inputMode="decimal"
              className={`form-control form-control-sm admin-size-charts__cell${error ? ' is-invalid' : ''}`}
              value={row[system]}
              maxLength={12}
              aria-label={`${system} of US ${row.key}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${cellId(system)}-error` : undefined}
              onChange={(event) => onChange(system, event.target.value)}
            />
            {error ? (
              <div id={`${cellId(system)}-error`} className="admin-size-charts__reason">
                {system} {error}
              </div>
            ) : null}
          </td>
        );
      })}
      <td className="text-end">
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={onRemove}
          aria-label={`Remove US ${row.key}`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

/** A new size's key, put in its place among the others; its UK cell takes the focus. */
function AddSize({
  formId,
  rows,
  onAdd,
}: {
  formId: string;
  rows: ChartRowValues[];
  onAdd: (rows: ChartRowValues[]) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  useEffect(() => {
    if (added) document.getElementById(`${formId}-${added}-UK`)?.focus();
  }, [added, formId]);

  const add = () => {
    const outcome = addedRows(rows, typed);
    if ('error' in outcome) {
      setError(outcome.error);
      return;
    }
    setError(null);
    setTyped('');
    onAdd(outcome.rows);
    setAdded(outcome.key);
  };
  // Enter adds the size (it does not save the chart).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div className="admin-size-charts__add">
      <label className="form-label admin-label" htmlFor={id}>
        A size to add (US)
      </label>
      <div className="input-group admin-size-charts__add-group">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={typed}
          maxLength={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="btn btn-outline-dark" onClick={add}>
          Add a size
        </button>
      </div>
      {error ? (
        <div id={`${id}-error`} className="admin-size-charts__reason" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

interface SourceFieldProps {
  id: string;
  value: string;
  error?: string;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (value: string) => void;
}

/** Where the figures come from: a few lines of text, laid out as the staff forms' fields (StaffField). */
function SourceField({ id, value, error, inputRef, onChange }: SourceFieldProps) {
  return (
    <div className="admin-field--wide">
      <label className="form-label admin-label" htmlFor={id}>
        Source
      </label>
      <textarea
        ref={inputRef}
        id={id}
        rows={3}
        className={`form-control admin-size-charts__source${error ? ' is-invalid' : ''}`}
        value={value}
        maxLength={SIZE_CHART_SOURCE_MAX}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          Source {error}
        </div>
      ) : null}
      <div id={`${id}-hint`} className="form-text">
        Where the figures come from, shown beside them: the brand's published chart, or how they were worked
        out.
      </div>
    </div>
  );
}
