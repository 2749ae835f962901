import type { AdminUser } from '@shop/contracts';
import { ConfirmDelete } from '../shared/confirm-delete';

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
export function DeleteUserDialog({ user, ...dialog }: DeleteUserDialogProps) {
  return (
    <ConfirmDelete {...dialog}>
      {user ? (
        <p className="mb-0">
          <strong>{user.username || user.email}</strong> ({user.email}) will be deleted with their reviews and
          favourites. Their orders stay, without personal data. This cannot be undone.
        </p>
      ) : null}
    </ConfirmDelete>
  );
}
