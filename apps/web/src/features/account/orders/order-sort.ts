import { ORDER_SORT_FIELDS, type OrdersSort } from '@shop/contracts';

export type SortField = (typeof ORDER_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const SORT_LABELS: Record<SortField, string> = {
  date: 'Date',
  finalAmount: 'Final amount',
  state: 'State',
};

/** The sort lives in the address (`?sort=finalAmount&dir=asc`), so it survives a reload and Back. */
export function readSort(params: URLSearchParams): { field: SortField; direction: SortDirection } {
  const raw = params.get('sort');
  const field = (ORDER_SORT_FIELDS as readonly string[]).includes(raw ?? '') ? (raw as SortField) : 'date';
  const direction: SortDirection = params.get('dir') === 'asc' ? 'asc' : 'desc';
  return { field, direction };
}

export function toOrdersSort(field: SortField, direction: SortDirection): OrdersSort {
  return { [field]: direction === 'asc' ? 1 : -1 };
}

export function directionLabels(field: SortField): Record<SortDirection, string> {
  if (field === 'date') return { desc: 'Newest first', asc: 'Oldest first' };
  if (field === 'finalAmount') return { desc: 'Highest first', asc: 'Lowest first' };
  return { desc: 'Descending', asc: 'Ascending' };
}
