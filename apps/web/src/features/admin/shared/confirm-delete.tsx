import type { ConfirmModalProps } from '../../../components/confirm-dialog';
import { ConfirmModal } from '../../../components/confirm-modal';

export const DELETE_CONFIRM_TITLE = 'Are you sure?';

type ConfirmDeleteProps = Omit<ConfirmModalProps, 'title' | 'confirmLabel' | 'busyLabel'> & {
  title?: string;
};

/** 'Are you sure?' before something is deleted: Delete (Deleting… while it runs) or Cancel. */
export function ConfirmDelete({ title = DELETE_CONFIRM_TITLE, ...props }: ConfirmDeleteProps) {
  return <ConfirmModal title={title} confirmLabel="Delete" busyLabel="Deleting…" {...props} />;
}
