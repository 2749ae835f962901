import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyLabel } from '../shared/busy-label';

/** What a settings form says after a save: saved (green) or not, and why (red). */
export type SettingsOutcome = { ok: boolean; text: string } | null;

/** The foot of a settings form on the Roles tab: the save's outcome, with a close button, then its button. */
export function SettingsFormFoot({
  outcome,
  onDismiss,
  saving,
  label,
}: {
  outcome: SettingsOutcome;
  onDismiss: () => void;
  saving: boolean;
  label: string;
}) {
  return (
    <>
      {outcome ? (
        outcome.ok ? (
          <AlertSuccess message={outcome.text} onClose={onDismiss} />
        ) : (
          <AlertError message={outcome.text} onClose={onDismiss} />
        )
      ) : null}
      <div className="admin-form__buttons">
        <button type="submit" className="btn btn-dark" disabled={saving}>
          <BusyLabel busy={saving} busyText="Saving…">
            {label}
          </BusyLabel>
        </button>
      </div>
    </>
  );
}
