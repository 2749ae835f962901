import { type FormEvent, useId, useState } from 'react';
import { OrderRangeForm } from './order-range-form';
import { OrderSortAndExport } from './order-sort-and-export';
import { type OrdersFilters, rangeError } from './orders-view';

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
    <div className="admin-toolbar admin-orders__tools roomy-controls">
      <OrderRangeForm
        id={id}
        filters={filters}
        error={error}
        onSubmit={onSubmit}
        onClear={() => {
          setError(null);
          onChange({ ...filters, state: '', from: '', to: '' });
        }}
      />
      <OrderSortAndExport id={id} filters={filters} onSort={(sort) => onChange({ ...filters, sort }, true)} />
    </div>
  );
}
