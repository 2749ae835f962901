import type { AdminUser } from '@shop/contracts';
import { ConfirmModal } from '../../../components/confirm-modal';

export const DELETE_CONFIRM_TITLE = 'Are you sure?';

interface DeleteUserDialogProps {
  show: boolean;
  /** Who would be deleted (kept after the dialog closes, so its text stays while it fades out). */
  user: AdminUser | null;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onExited: () => void;
}

/** 'Are you sure?' before a user is deleted, saying what goes and what stays. */
export function DeleteUserDialog({
  show,
  user,
  busy,
  error,
  onConfirm,
  onCancel,
  onExited,
}: DeleteUserDialogProps) {
  return (
    <ConfirmModal
      show={show}
      title={DELETE_CONFIRM_TITLE}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onExited={onExited}
    >
      {user ? (
        <p className="mb-0">
          <strong>{user.username || user.email}</strong> ({user.email}) will be deleted with their reviews and
          favourites. Their orders stay, without personal data. This cannot be undone.
        </p>
      ) : null}
    </ConfirmModal>
  );
}
