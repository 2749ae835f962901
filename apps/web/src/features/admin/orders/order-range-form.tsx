import { ORDER_STATES } from '@shop/contracts';
import type { FormEvent } from 'react';
import { isFiltered, type OrdersFilters } from './orders-view';

const STATE_LABELS: Record<string, string> = {
  '': 'All states',
  pending: 'pending',
  aprobed: 'aprobed (paid)',
  cancelled: 'cancelled',
};

interface OrderRangeFormProps {
  /** The filters' id: the fields' ids start with it. */
  id: string;
  filters: OrdersFilters;
  /** Why the dates cannot be used, if they cannot. */
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}

/** State, From and To, sent together with 'Filter', and 'Clear filters' while any is set. */
export function OrderRangeForm({ id, filters, error, onSubmit, onClear }: OrderRangeFormProps) {
  return (
    <form
      // A new address (Clear, Back) shows its own values in the fields.
      key={`${filters.state}|${filters.from}|${filters.to}`}
      className="admin-orders__filters"
      aria-label="Filter orders"
      onSubmit={onSubmit}
      noValidate
    >
      <div className="admin-orders__field">
        <label htmlFor={`${id}-state`} className="admin-label d-block">
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
        <label htmlFor={`${id}-from`} className="admin-label d-block">
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
        <label htmlFor={`${id}-to`} className="admin-label d-block">
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
          <button type="button" className="btn btn-outline-dark" onClick={onClear}>
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
  );
}
