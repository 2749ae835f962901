import type { UsersOrderSearch } from '@shop/contracts';

/** Users per page (the API's default limit for `GET /api/users`). */
export const USERS_PAGE_SIZE = 20;

type OrderBy = NonNullable<UsersOrderSearch['orderBy']>;

/** The sorts the Users tab offers: every field `orderBy` accepts (username, e-mail, joined), either way. */
export const USER_SORTS = {
  newest: { label: 'Newest first', orderBy: { createdAt: -1 } },
  oldest: { label: 'Oldest first', orderBy: { createdAt: 1 } },
  'username-asc': { label: 'Username A–Z', orderBy: { username: 1 } },
  'username-desc': { label: 'Username Z–A', orderBy: { username: -1 } },
  'email-asc': { label: 'E-mail A–Z', orderBy: { email: 1 } },
  'email-desc': { label: 'E-mail Z–A', orderBy: { email: -1 } },
} as const satisfies Record<string, { label: string; orderBy: OrderBy }>;
export type UserSort = keyof typeof USER_SORTS;
export const DEFAULT_USER_SORT: UserSort = 'newest';

/** What the list shows: the submitted search, the sort and the page, all kept in the address. */
export interface UsersView {
  search: string;
  sort: UserSort;
  page: number;
}

const isSort = (value: string | null): value is UserSort =>
  value !== null && Object.hasOwn(USER_SORTS, value);

/** `?q=ana&sort=email-asc&page=2`; anything unreadable falls back to the defaults. */
export function readUsersView(params: URLSearchParams): UsersView {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    sort: isSort(sort) ? sort : DEFAULT_USER_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address for a view: defaults left out, so a plain /account/users is the first page, newest first. */
export function usersSearchParams(view: UsersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  if (view.sort !== DEFAULT_USER_SORT) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The spec's `orderSearch` value: the sort always, the search only when there is one. */
export function toOrderSearch(view: Pick<UsersView, 'search' | 'sort'>): UsersOrderSearch {
  const orderBy: OrderBy = { ...USER_SORTS[view.sort].orderBy };
  return view.search ? { orderBy, search: view.search } : { orderBy };
}
