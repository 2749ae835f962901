import type { AdminUser } from '@shop/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { errorText } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { UserCard } from './user-card';
import {
  readUsersView,
  USER_SORTS,
  USERS_PAGE_SIZE,
  type UserSort,
  type UsersView,
  usersSearchParams,
} from './users-view';
import './users.css';

export const DELETE_CONFIRM_TITLE = 'Are you sure?';

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
  const id = useId();

  const go = (next: UsersView, replace = false) =>
    setParams(usersSearchParams(next), { replace, preventScrollReset: true });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = String(new FormData(event.currentTarget).get('q') ?? '').trim();
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

  const list = users.data ?? [];
  const hasNext = list.length === USERS_PAGE_SIZE;
  const loading = users.isPending || users.isPlaceholderData;

  return (
    <section className="admin-users" aria-labelledby={`${id}-heading`}>
      <div className="admin-users__head">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-users__title">
          Users
        </h2>
        <p className="admin-users__count" role="status">
          {users.isSuccess && !users.isPlaceholderData ? resultsText(view, list.length) : ''}
        </p>
      </div>

      <div className="admin-users__tools">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some browsers and to jsdom */}
        <form
          key={view.search}
          role="search"
          aria-label="Users"
          className="admin-users__search"
          onSubmit={onSearch}
        >
          <label htmlFor={`${id}-q`} className="admin-users__label">
            Search users
          </label>
          <div className="input-group">
            <input
              id={`${id}-q`}
              name="q"
              type="search"
              className="form-control"
              defaultValue={view.search}
              maxLength={100}
              placeholder="Username or e-mail"
              autoComplete="off"
            />
            <button type="submit" className="btn btn-dark">
              Search
            </button>
          </div>
        </form>
        <div className="admin-users__sort">
          <label htmlFor={`${id}-sort`} className="admin-users__label">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className="form-select"
            value={view.sort}
            onChange={(event) => go({ ...view, sort: event.target.value as UserSort, page: 1 }, true)}
          >
            {Object.entries(USER_SORTS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {deleted ? (
        <AlertSuccess
          key={deleted._id}
          message={`${deleted.email} was deleted with their reviews and favourites; their orders stay, without personal data.`}
          onClose={() => setDeleted(null)}
          className="mb-3"
        />
      ) : null}

      {users.isPending ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-dark" aria-hidden="true" />
          <span className="visually-hidden">Loading users</span>
        </div>
      ) : users.isError && list.length === 0 ? (
        <AlertError
          message={`We could not load the users: ${users.error.message}`}
          dismissible={false}
          onRetry={() => users.refetch()}
        />
      ) : list.length === 0 ? (
        view.page > 1 ? (
          <EmptyState text="There are no more users on this page.">
            <button type="button" className="btn btn-dark" onClick={() => go({ ...view, page: 1 })}>
              Back to the first page
            </button>
          </EmptyState>
        ) : view.search ? (
          <EmptyState text={`No users match “${view.search}”.`}>
            <button
              type="button"
              className="btn btn-dark"
              onClick={() => go({ ...view, search: '', page: 1 })}
            >
              Clear the search
            </button>
          </EmptyState>
        ) : (
          <EmptyState text="No users yet." />
        )
      ) : (
        <>
          {users.isError ? (
            <AlertError
              message={`We could not refresh the users: ${users.error.message}`}
              onRetry={() => users.refetch()}
            />
          ) : null}
          <ul
            className={`admin-users__list list-unstyled mb-0${loading ? ' is-loading' : ''}`}
            aria-label="Users"
            aria-busy={loading}
          >
            {list.map((user) => (
              <li key={user._id}>
                <UserCard
                  user={user}
                  self={user._id === me?.uid}
                  onDelete={(target) => {
                    setDeleteFailure(null);
                    setDeleting(target);
                    setAsking(true);
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {view.page > 1 || hasNext ? (
        <Pagination
          page={view.page}
          pages={hasNext ? view.page + 1 : view.page}
          hrefFor={(page) => `?${usersSearchParams({ ...view, page })}`}
          label="Users pages"
          className="admin-users__pages"
        />
      ) : null}

      <ConfirmModal
        show={asking}
        title={DELETE_CONFIRM_TITLE}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending}
        error={deleteFailure}
        onConfirm={onConfirmDelete}
        onCancel={() => setAsking(false)}
        onExited={() => {
          if (!focusHeadingAfterDialog.current) return;
          focusHeadingAfterDialog.current = false;
          heading.current?.focus();
        }}
      >
        {deleting ? (
          <p className="mb-0">
            <strong>{deleting.username || deleting.email}</strong> ({deleting.email}) will be deleted with
            their reviews and favourites. Their orders stay, without personal data. This cannot be undone.
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
