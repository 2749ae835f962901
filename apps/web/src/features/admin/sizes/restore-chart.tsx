import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { errorText } from '../../../lib/api';
import { type ChartPlace, useRestoreSizeChart } from './api/size-charts';

/**
 * "Use the brand's chart": staff's changes dropped after a confirmation, and the chart the shop came with
 * in use again (the grid starts again from it).
 */
export function RestoreChart({
  place,
  chartName,
  onRestored,
}: {
  place: ChartPlace;
  /** "Size chart of Nike for men". */
  chartName: string;
  onRestored: () => void;
}) {
  const restore = useRestoreSizeChart(place);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => setAsking(true)}>
        Use the brand's chart
      </button>
      <ConfirmModal
        show={asking}
        title="Use the brand's chart?"
        confirmLabel="Use the brand's chart"
        busyLabel="Restoring…"
        busy={restore.isPending}
        error={restore.isError ? errorText(restore.error) : null}
        onConfirm={() =>
          restore.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              onRestored();
            },
          })
        }
        onCancel={() => {
          setAsking(false);
          restore.reset();
        }}
      >
        <p className="mb-0">
          The changes staff made to the {chartName.replace(/^Size chart/, 'size chart')} are dropped, and the
          chart the shop came with, as the brand publishes it, is used again.
        </p>
      </ConfirmModal>
    </>
  );
}
