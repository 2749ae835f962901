import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../shared/busy-label';
import { useExportDropEntries } from './api/export-drop-entries';

/** "Export entries (CSV)": the entries and winners as a file, with the reason when it fails. */
export function ExportEntriesButton({ dropId }: { dropId: string }) {
  const exporting = useExportDropEntries(dropId);
  return (
    <div className="admin-drops__export">
      <button
        type="button"
        className="btn btn-outline-dark"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        <BusyLabel busy={exporting.isPending} busyText="Preparing the file…">
          Export entries (CSV)
        </BusyLabel>
      </button>
      {exporting.isError ? (
        <AlertError
          message={`The entries were not exported: ${exporting.error.message}`}
          onClose={() => exporting.reset()}
          className="mt-2 mb-0"
        />
      ) : null}
    </div>
  );
}
