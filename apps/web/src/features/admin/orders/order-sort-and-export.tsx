import { ExportLink, optionsOf, SelectFilter } from '../shared/toolbar';
import { exportHref, isFiltered, ORDER_SORTS, type OrderSort, type OrdersFilters } from './orders-view';

const SORT_OPTIONS = optionsOf(ORDER_SORTS);

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
      <SelectFilter
        id={`${id}-sort`}
        label="Sort by"
        value={filters.sort}
        options={SORT_OPTIONS}
        onChange={onSort}
        className="admin-orders__field"
      />
      <ExportLink className="admin-orders__export" href={exportHref(filters)}>
        <span className="visually-hidden">
          {isFiltered(filters) ? ' of the filtered orders' : ' of every order'}
        </span>
      </ExportLink>
    </div>
  );
}
