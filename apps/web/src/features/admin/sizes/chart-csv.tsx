import { type ChangeEvent, useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { errorText } from '../../../lib/api';
import { type ChartPlace, sizeChartCsvHref, useImportSizeChart } from './api/size-charts';

/** A chosen file's text (FileReader: every browser, and the tests' DOM). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

interface ChartCsvProps {
  place: ChartPlace;
  /** Called once an import has replaced the chart, so the grid starts again from it. */
  onImported: () => void;
}

/**
 * The chart as CSV: Export downloads it (key,US,UK,EU,CM,JP), Import replaces the chart with a file's
 * lines; a wrong line is refused, named, and nothing changes.
 */
export function ChartCsv({ place, onImported }: ChartCsvProps) {
  const id = useId();
  const importCsv = useImportSizeChart(place);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setOutcome(null);
    try {
      const saved = await importCsv.mutateAsync(await readText(file));
      setOutcome({
        ok: true,
        text: `${file.name} was imported: the chart now gives ${saved.rows.length} ${saved.rows.length === 1 ? 'size' : 'sizes'}.`,
      });
      onImported();
    } catch (error) {
      setOutcome({ ok: false, text: `${file.name} was not imported: ${errorText(error)}` });
    } finally {
      // The same file can be chosen again once corrected.
      input.value = '';
    }
  };

  return (
    <div className="admin-size-charts__csv">
      <div className="admin-size-charts__csv-row">
        <a
          className="btn btn-outline-dark admin-size-charts__export"
          href={sizeChartCsvHref(place)}
          download={`size-chart-${place.brand}-${place.gender}.csv`}
        >
          Export CSV
        </a>
        <div className="admin-size-charts__import">
          <label className="form-label admin-label" htmlFor={id}>
            Import a CSV
          </label>
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            className="form-control"
            disabled={importCsv.isPending}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              onFile(event).catch(() => undefined);
            }}
          />
          <div id={`${id}-hint`} className="form-text">
            The header key,US,UK,EU,CM,JP, then one line per size; it replaces the chart's sizes.
          </div>
        </div>
      </div>
      {outcome ? (
        outcome.ok ? (
          <AlertSuccess message={outcome.text} onClose={() => setOutcome(null)} className="mt-3 mb-0" />
        ) : (
          <AlertError message={outcome.text} onClose={() => setOutcome(null)} className="mt-3 mb-0" />
        )
      ) : null}
    </div>
  );
}
