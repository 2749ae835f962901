import type { AdminUser } from '@shop/contracts';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/api';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { readUsersView, type UsersView, usersSearchParams } from './users-view';

/**
 * The Users tab's data and actions: the page of users the address asks for, the search and sort, and
 * Delete after 'Are you sure?' (focus back on the heading once the deleted user's card is gone).
 */
export function useUsersTab() {
  const [params, setParams] = useSearchParams();
  const view = readUsersView(params);
  const users = useUsers(view);
  const remove = useDeleteUser(view);
  const [asking, setAsking] = useState(false);
  // Kept after the dialog closes, so its text stays while it fades out.
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<AdminUser | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeadingAfterDialog = useRef(false);

  const go = (next: UsersView, replace = false) =>
    setParams(usersSearchParams(next), { replace, preventScrollReset: true });

  const onSearch = (search: string) => {
    setDeleted(null);
    go({ ...view, search, page: 1 });
  };

  const onConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteFailure(null);
    try {
      await remove.mutateAsync(deleting);
      setDeleted(deleting);
      setAsking(false);
      // The card and its Delete button go: once the dialog is gone, the reader is back at the top of the list.
      focusHeadingAfterDialog.current = true;
    } catch (error) {
      setDeleteFailure(`${deleting.email} was not deleted: ${errorText(error, 'Please try again.')}`);
    }
  };

  return {
    view,
    users,
    heading,
    go,
    onSearch,
    asking,
    deleting,
    deleteFailure,
    deleteBusy: remove.isPending,
    deleted,
    dismissDeleted: () => setDeleted(null),
    askDelete: (target: AdminUser) => {
      setDeleteFailure(null);
      setDeleting(target);
      setAsking(true);
    },
    cancelDelete: () => setAsking(false),
    onConfirmDelete,
    onDialogExited: () => {
      if (!focusHeadingAfterDialog.current) return;
      focusHeadingAfterDialog.current = false;
      heading.current?.focus();
    },
  };
}
