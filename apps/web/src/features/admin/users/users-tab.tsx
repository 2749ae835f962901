import { useId } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { Pagination } from '../../../components/pagination';
import { useSession } from '../../../lib/session';
import { StaffPage } from '../shared/staff-page';
import { DeleteUserDialog } from './delete-user-dialog';
import { useUsersTab } from './use-users-tab';
import { UsersListBody } from './users-list-body';
import { UsersToolbar } from './users-toolbar';
import { USERS_PAGE_SIZE, type UsersView, usersSearchParams } from './users-view';
import '../shared/admin.css';
import './users.css';

export { DELETE_CONFIRM_TITLE } from '../shared/confirm-delete';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** What the live region says about the list on screen. */
function resultsText(view: UsersView, count: number): string {
  const where = view.page > 1 ? ` on page ${view.page}` : '';
  if (view.search) {
    if (count === 0) return `No users match “${view.search}”${where}`;
    return `${count} ${plural(count, 'user matches', 'users match')} “${view.search}”${where}`;
  }
  return `Showing ${count} ${plural(count, 'user', 'users')}${where}`;
}

/**
 * /account/users (admins): search (sent on submit), sort, one page of user cards with their Status and
 * Admin switches, and Delete after 'Are you sure?'. Search, sort and page live in the address.
 */
export function AdminUsersTab() {
  const { user: me } = useSession();
  const tab = useUsersTab();
  const { view, users, deleted, go } = tab;
  const id = useId();
  const count = users.data?.length ?? 0;
  const hasNext = count === USERS_PAGE_SIZE;

  return (
    <StaffPage
      id={id}
      className="admin-users"
      title="Users"
      headingRef={tab.heading}
      count={users.isSuccess && !users.isPlaceholderData ? resultsText(view, count) : ''}
    >
      <UsersToolbar
        id={id}
        view={view}
        onSearch={tab.onSearch}
        onSort={(sort) => go({ ...view, sort, page: 1 }, true)}
      />

      {deleted ? (
        <AlertSuccess
          key={deleted._id}
          message={`${deleted.email} was deleted with their reviews and favourites; their orders stay, without personal data.`}
          onClose={tab.dismissDeleted}
          className="mb-3"
        />
      ) : null}

      <UsersListBody users={users} view={view} myId={me?.uid} onGo={go} onDelete={tab.askDelete} />

      {view.page > 1 || hasNext ? (
        <Pagination
          page={view.page}
          pages={hasNext ? view.page + 1 : view.page}
          hrefFor={(page) => `?${usersSearchParams({ ...view, page })}`}
          label="Users pages"
          className="admin-users__pages"
        />
      ) : null}

      <DeleteUserDialog
        show={tab.asking}
        user={tab.deleting}
        busy={tab.deleteBusy}
        error={tab.deleteFailure}
        onConfirm={tab.onConfirmDelete}
        onCancel={tab.cancelDelete}
        onExited={tab.onDialogExited}
      />
    </StaffPage>
  );
}
