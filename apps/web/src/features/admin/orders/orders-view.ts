import {
  erasedCustomerName,
  erasureNumberOf,
  ORDER_STATES,
  ORDERS_SEARCH_MAX,
  type Order,
  type OrderState,
  type OrdersSort,
} from '@shop/contracts';
import { toQueryString } from '../../../lib/api';

/** The sorts the staff's Orders tab offers. */
export const ORDER_SORTS = {
  newest: { label: 'Newest first', sort: { date: -1 } },
  oldest: { label: 'Oldest first', sort: { date: 1 } },
  'amount-desc': { label: 'Highest amount first', sort: { finalAmount: -1 } },
  'amount-asc': { label: 'Lowest amount first', sort: { finalAmount: 1 } },
} as const satisfies Record<string, { label: string; sort: OrdersSort }>;
export type OrderSort = keyof typeof ORDER_SORTS;
export const DEFAULT_ORDER_SORT: OrderSort = 'newest';

/**
 * What the list shows, kept in the address: `?q=12&state=pending&from=2024-05-01&to=2024-05-31&sort=oldest`.
 */
export interface OrdersFilters {
  /** The search: an order's number, or a buyer's e-mail or name ('' for none). */
  search: string;
  /** '' for every state. */
  state: OrderState | '';
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  sort: OrderSort;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value));

/** The filters in the address; anything the API would refuse is left out rather than sent. */
export function readFilters(params: URLSearchParams): OrdersFilters {
  const state = params.get('state');
  const sort = params.get('sort');
  const from = params.get('from');
  const to = params.get('to');
  return {
    search: (params.get('q') ?? '').trim().slice(0, ORDERS_SEARCH_MAX),
    state: (ORDER_STATES as readonly string[]).includes(state ?? '') ? (state as OrderState) : '',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    sort: sort !== null && Object.hasOwn(ORDER_SORTS, sort) ? (sort as OrderSort) : DEFAULT_ORDER_SORT,
  };
}

/** Writes the filters into `params` (defaults removed); other keys are kept. */
export function writeFilters(params: URLSearchParams, filters: OrdersFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [param, key] of [
    ['q', 'search'],
    ['state', 'state'],
    ['from', 'from'],
    ['to', 'to'],
  ] as const) {
    if (filters[key]) next.set(param, filters[key]);
    else next.delete(param);
  }
  if (filters.sort === DEFAULT_ORDER_SORT) next.delete('sort');
  else next.set('sort', filters.sort);
  return next;
}

export const isFiltered = (filters: OrdersFilters) =>
  Boolean(filters.search || filters.state || filters.from || filters.to);

/** The filters with none applied (the sort kept). */
export const unfiltered = (filters: OrdersFilters): OrdersFilters => ({
  ...filters,
  search: '',
  state: '',
  from: '',
  to: '',
});

/** Why a date range cannot be used, or null. */
export function rangeError(from: string, to: string): string | null {
  return from && to && from > to ? 'The end date must be on or after the start date.' : null;
}

/** `GET /api/orders/export.csv?state=&from=&to=`: the CSV of every order the filters match. */
export function exportHref(filters: OrdersFilters): string {
  return `/api/orders/export.csv${toQueryString({ state: filters.state, from: filters.from, to: filters.to })}`;
}

export const pairCount = (order: Order) => order.products.reduce((sum, line) => sum + line.count, 0);

/** An account deleted since the order: the order keeps a placeholder in place of the customer. */
export const isDeletedCustomer = (order: Order) => order.user.email.endsWith('@deleted.invalid');

/** How the kept order names an erased buyer ("Erased customer #n"; accounts deleted before: "Deleted account"). */
export function deletedCustomerName(order: Order): string {
  const number = erasureNumberOf(order.user.username);
  return number === null ? 'Deleted account' : erasedCustomerName(number);
}
