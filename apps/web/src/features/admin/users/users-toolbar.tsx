import type { FormEvent } from 'react';
import { USER_SORTS, type UserSort, type UsersView } from './users-view';

interface UsersToolbarProps {
  /** The tab's id: the controls' ids start with it. */
  id: string;
  view: UsersView;
  onSearch: (event: FormEvent<HTMLFormElement>) => void;
  onSort: (sort: UserSort) => void;
}

/** The search box (sent on submit) and the sort (applied at once). */
export function UsersToolbar({ id, view, onSearch, onSort }: UsersToolbarProps) {
  return (
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
          onChange={(event) => onSort(event.target.value as UserSort)}
        >
          {Object.entries(USER_SORTS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
