import { BRANDS, CATEGORIES, GENDERS, MAX_PAGE, SEARCH_MAX } from '@shop/contracts';
import {
  type AdminProductQuery,
  DEFAULT_PRODUCT_SORT,
  PRODUCT_SORTS,
  type ProductSort,
} from './products-api';

/**
 * The Products screen keeps its filters in the address, so a filtered page can be shared and Back works:
 *   /account/products?category=running&brand=nike&gender=women&search=air&sort=name-asc&page=2
 * Values the API would refuse are ignored.
 */

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function readProductQuery(params: URLSearchParams): AdminProductQuery {
  const page = Number(params.get('page') ?? '1');
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX);
  return {
    category: oneOf(CATEGORIES, params.get('category')),
    brand: oneOf(BRANDS, params.get('brand')),
    gender: oneOf(GENDERS, params.get('gender')),
    search: search || undefined,
    sort: oneOf<ProductSort>(
      PRODUCT_SORTS.map((option) => option.value).filter((value) => value !== DEFAULT_PRODUCT_SORT),
      params.get('sort'),
    ),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

export function writeProductQuery(query: AdminProductQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['category', 'brand', 'gender', 'search', 'sort'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** True when something narrows the list (the sort does not). */
export const isFiltered = (query: AdminProductQuery) =>
  Boolean(query.category || query.brand || query.gender || query.search);
