import {
  DEFAULT_ORDER_SORT,
  exportHref,
  isFiltered,
  ORDER_SORTS,
  type OrderSort,
  type OrdersFilters,
} from './orders-view';

interface OrderSortAndExportProps {
  /** The filters' id: the sort's id starts with it. */
  id: string;
  filters: OrdersFilters;
  onSort: (sort: OrderSort) => void;
}

/** The sort (applied at once) and 'Export CSV' of what the filters match. */
export function OrderSortAndExport({ id, filters, onSort }: OrderSortAndExportProps) {
  return (
    <div className="admin-orders__side">
      <div className="admin-orders__field">
        <label htmlFor={`${id}-sort`} className="admin-orders__label">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="form-select"
          value={filters.sort}
          onChange={(event) => onSort((event.target.value || DEFAULT_ORDER_SORT) as OrderSort)}
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
  );
}
