import { AlertError } from '../../components/alert-error';
import { BellIcon } from '../../components/icons';
import { GatePrompt } from './gate-prompt';
import { useDropNotify } from './use-drop-notify';

export const DROP_NOTIFY_GUEST_TEXT = 'You must be logged in to be told when this drop starts';

/** 'Notify me': one e-mail when the entry opens or the release starts. */
export function DropNotify({ dropId }: { dropId: string }) {
  const notify = useDropNotify(dropId);
  return (
    <div className="drop-panel__notify">
      <button
        type="button"
        className="btn btn-outline-dark rounded-pill d-inline-flex align-items-center gap-2"
        aria-pressed={notify.on}
        disabled={notify.busy}
        onClick={notify.toggle}
      >
        <BellIcon className="drop-panel__bell" />
        {notify.on ? 'Notifying you' : 'Notify me'}
      </button>
      <p className="small text-muted mb-0" role="status">
        {notify.status}
      </p>
      {notify.error ? <AlertError message={notify.error} className="mt-2 mb-0" /> : null}
      <GatePrompt gate={notify.gate} guestText={DROP_NOTIFY_GUEST_TEXT} />
    </div>
  );
}
