import { ORDERS_SEARCH_MAX } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { SearchForm } from '../shared/toolbar';
import { OrderRangeForm } from './order-range-form';
import { OrderSortAndExport } from './order-sort-and-export';
import { type OrdersFilters, rangeError, unfiltered } from './orders-view';

/**
 * The staff's filters: a search by order number, e-mail or name (sent on Search); state and date range,
 * applied together with 'Filter'; the sort applies at once; 'Export CSV' downloads what the filters match.
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
    <div className="admin-toolbar admin-orders__tools roomy-controls">
      <SearchForm
        id={`${id}-q`}
        name="Orders"
        label="Search orders"
        field="q"
        value={filters.search}
        maxLength={ORDERS_SEARCH_MAX}
        placeholder="Order number, e-mail or name"
        className="admin-orders__search"
        onSearch={(search) => onChange({ ...filters, search })}
      />
      <OrderRangeForm
        id={id}
        filters={filters}
        error={error}
        onSubmit={onSubmit}
        onClear={() => {
          setError(null);
          onChange(unfiltered(filters));
        }}
      />
      <OrderSortAndExport id={id} filters={filters} onSort={(sort) => onChange({ ...filters, sort }, true)} />
    </div>
  );
}
