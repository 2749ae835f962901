import { AlertError } from '../../../components/alert-error';
import { BusyButton } from '../shared/busy-label';
import { useExportDropEntries } from './api/export-drop-entries';

/** "Export entries (CSV)": the entries and winners as a file, with the reason when it fails. */
export function ExportEntriesButton({ dropId }: { dropId: string }) {
  const exporting = useExportDropEntries(dropId);
  return (
    <div className="admin-drops__export">
      <BusyButton
        className="btn btn-outline-dark"
        onClick={() => exporting.mutate()}
        busy={exporting.isPending}
        busyText="Preparing the file…"
      >
        Export entries (CSV)
      </BusyButton>
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
