import { ORDER_STATES } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import {
  DEFAULT_ORDER_SORT,
  exportHref,
  isFiltered,
  ORDER_SORTS,
  type OrderSort,
  type OrdersFilters,
  rangeError,
} from './orders-view';

const STATE_LABELS: Record<string, string> = {
  '': 'All states',
  pending: 'pending',
  aprobed: 'aprobed (paid)',
  cancelled: 'cancelled',
};

/**
 * The staff's filters: state and date range, applied together with 'Filter'; the sort applies at once;
 * 'Export CSV' downloads what the filters match.
 */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: OrdersFilters;
  onChange: (filters: OrdersFilters, replace?: boolean) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const state = String(data.get('state') ?? '') as OrdersFilters['state'];
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    const problem = rangeError(from, to);
    setError(problem);
    if (problem) return;
    onChange({ ...filters, state, from, to });
  };

  return (
    <div className="admin-orders__tools">
      <form
        // A new address (Clear, Back) shows its own values in the fields.
        key={`${filters.state}|${filters.from}|${filters.to}`}
        className="admin-orders__filters"
        aria-label="Filter orders"
        onSubmit={onSubmit}
        noValidate
      >
        <div className="admin-orders__field">
          <label htmlFor={`${id}-state`} className="admin-orders__label">
            State
          </label>
          <select id={`${id}-state`} name="state" className="form-select" defaultValue={filters.state}>
            {['', ...ORDER_STATES].map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state] ?? state}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-orders__field">
          <label htmlFor={`${id}-from`} className="admin-orders__label">
            From
          </label>
          <input
            id={`${id}-from`}
            name="from"
            type="date"
            className="form-control"
            defaultValue={filters.from}
            aria-describedby={`${id}-utc`}
          />
        </div>
        <div className="admin-orders__field">
          <label htmlFor={`${id}-to`} className="admin-orders__label">
            To
          </label>
          <input
            id={`${id}-to`}
            name="to"
            type="date"
            className={`form-control${error ? ' is-invalid' : ''}`}
            defaultValue={filters.to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-utc ${id}-error` : `${id}-utc`}
          />
        </div>
        <div className="admin-orders__buttons">
          <button type="submit" className="btn btn-dark">
            Filter
          </button>
          {isFiltered(filters) ? (
            <button
              type="button"
              className="btn btn-outline-dark"
              onClick={() => {
                setError(null);
                onChange({ ...filters, state: '', from: '', to: '' });
              }}
            >
              Clear filters
            </button>
          ) : null}
        </div>
        <p id={`${id}-utc`} className="admin-orders__hint">
          Days are counted in UTC; both ends are included.
        </p>
        {error ? (
          <p id={`${id}-error`} className="admin-orders__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>

      <div className="admin-orders__side">
        <div className="admin-orders__field">
          <label htmlFor={`${id}-sort`} className="admin-orders__label">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className="form-select"
            value={filters.sort}
            onChange={(event) =>
              onChange({ ...filters, sort: (event.target.value || DEFAULT_ORDER_SORT) as OrderSort }, true)
            }
          >
            {Object.entries(ORDER_SORTS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <a className="btn btn-outline-dark admin-orders__export" href={exportHref(filters)} download>
          Export CSV
          <span className="visually-hidden">
            {isFiltered(filters) ? ' of the filtered orders' : ' of every order'}
          </span>
        </a>
      </div>
    </div>
  );
}
