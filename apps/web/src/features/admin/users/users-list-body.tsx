import type { AdminUser } from '@shop/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { QueryStatus } from '../shared/query-status';
import { UserCard } from './user-card';
import type { UsersView } from './users-view';

interface UsersListBodyProps {
  users: UseQueryResult<AdminUser[]>;
  view: UsersView;
  /** The signed-in admin's id: their own card cannot be changed. */
  myId: string | undefined;
  /** Shows another page or search (Back to the first page, Clear the search). */
  onGo: (view: UsersView) => void;
  onDelete: (user: AdminUser) => void;
}

/** The list as it stands: loading, a failure with Retry, an empty page or search, or the user cards. */
export function UsersListBody({ users, view, myId, onGo, onDelete }: UsersListBodyProps) {
  const list = users.data ?? [];
  const loading = users.isPending || users.isPlaceholderData;
  if (users.isPending || (users.isError && list.length === 0)) {
    return <QueryStatus query={users} loading="Loading users" what="the users" />;
  }
  if (list.length === 0) return <NoUsers view={view} onGo={onGo} />;
  return (
    <>
      {users.isError ? (
        <AlertError
          message={`We could not refresh the users: ${users.error.message}`}
          onRetry={() => users.refetch()}
        />
      ) : null}
      <ul
        className={`admin-cards admin-cards--3 admin-users__list list-unstyled mb-0${loading ? ' is-loading' : ''}`}
        aria-label="Users"
        aria-busy={loading}
      >
        {list.map((user) => (
          <li key={user._id}>
            <UserCard user={user} self={user._id === myId} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** An empty page past the first, a search nobody matches, or no users at all. */
function NoUsers({ view, onGo }: Pick<UsersListBodyProps, 'view' | 'onGo'>) {
  if (view.page > 1) {
    return (
      <EmptyState text="There are no more users on this page.">
        <button type="button" className="btn btn-dark" onClick={() => onGo({ ...view, page: 1 })}>
          Back to the first page
        </button>
      </EmptyState>
    );
  }
  if (view.search) {
    return (
      <EmptyState text={`No users match “${view.search}”.`}>
        <button type="button" className="btn btn-dark" onClick={() => onGo({ ...view, search: '', page: 1 })}>
          Clear the search
        </button>
      </EmptyState>
    );
  }
  return <EmptyState text="No users yet." />;
}
