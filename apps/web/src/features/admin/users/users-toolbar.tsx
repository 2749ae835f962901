import { optionsOf, SearchForm, SelectFilter } from '../shared/toolbar';
import { USER_SORTS, type UserSort, type UsersView } from './users-view';

const SORT_OPTIONS = optionsOf(USER_SORTS);

interface UsersToolbarProps {
  /** The tab's id: the controls' ids start with it. */
  id: string;
  view: UsersView;
  onSearch: (search: string) => void;
  onSort: (sort: UserSort) => void;
}

/** The search box (sent on submit) and the sort (applied at once). */
export function UsersToolbar({ id, view, onSearch, onSort }: UsersToolbarProps) {
  return (
    <div className="admin-toolbar admin-users__tools">
      <SearchForm
        id={`${id}-q`}
        name="Users"
        label="Search users"
        field="q"
        value={view.search}
        maxLength={100}
        placeholder="Username or e-mail"
        className="admin-users__search"
        onSearch={onSearch}
      />
      <SelectFilter
        id={`${id}-sort`}
        label="Sort by"
        value={view.sort}
        options={SORT_OPTIONS}
        onChange={onSort}
        className="admin-users__sort"
      />
    </div>
  );
}
