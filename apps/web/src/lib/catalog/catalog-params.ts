import {
  BRANDS,
  type Brand,
  CATEGORIES,
  type Category,
  FILTER_KEYS,
  formatPrice,
  GENDERS,
  type Gender,
  MAX_AMOUNT,
  MAX_RATING,
  MIN_RATING,
  type OrderBy,
  PAGE_SIZE,
  SEARCH_MAX,
  SIZE_SYSTEMS,
  SIZE_VALUE_PATTERN,
  type SizeSystem,
} from '@shop/contracts';
import type { ProductListParams } from './catalog-queries';

/**
 * The catalogue keeps all of its state in the URL query string, so a filtered page can be shared and the
 * back button works:
 *
 *   /home?category=running&gender=women&rating=4&brand=nike&priceMin=50&priceMax=120&onSale=true
 *        &size=44&sizeSystem=EU&sort=price-asc&search=air&page=2
 *
 * Values that are not allowed are ignored rather than sent to the API.
 */
export interface CatalogFilters {
  category?: Category;
  gender?: Gender;
  rating?: number;
  brand?: Brand;
  priceMin?: number;
  priceMax?: number;
  /** `onSale=true`: only products on sale (a compare-at price above the price). */
  onSale?: true;
}

export const SORT_OPTIONS = [
  { value: 'name-asc', label: 'Name A-Z', orderBy: { name: 1 } },
  { value: 'name-desc', label: 'Name Z-A', orderBy: { name: -1 } },
  { value: 'price-asc', label: 'Price low-high', orderBy: { price: 1 } },
  { value: 'price-desc', label: 'Price high-low', orderBy: { price: -1 } },
] as const satisfies readonly { value: string; label: string; orderBy: OrderBy }[];
export type SortKey = (typeof SORT_OPTIONS)[number]['value'];

/** "In my size": `size=44&sizeSystem=EU`, only products with that size in stock (through each brand's chart). */
export interface CatalogSize {
  system: SizeSystem;
  value: string;
}

export interface CatalogState {
  filters: CatalogFilters;
  /** Kept apart from the filter dialog's filters: the dialog neither shows nor clears it. */
  size?: CatalogSize;
  sort?: SortKey;
  search?: string;
  page: number;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= MAX_AMOUNT ? number : undefined;
}

function readSort(value: string | null): SortKey | undefined {
  if (!value) return undefined;
  const byKey = SORT_OPTIONS.find((option) => option.value === value);
  if (byKey) return byKey.value;
  // Also accept the API's own JSON form (sort={"price":-1}).
  try {
    const parsed = JSON.parse(value) as unknown;
    return SORT_OPTIONS.find((option) => JSON.stringify(option.orderBy) === JSON.stringify(parsed))?.value;
  } catch {
    return undefined;
  }
}

/** `size` (a size as a chart writes it) in `sizeSystem` (US when not said); a size in no system is ignored. */
function readSize(params: URLSearchParams): CatalogSize | undefined {
  const value = params.get('size')?.trim();
  if (!value || !SIZE_VALUE_PATTERN.test(value)) return undefined;
  const system = params.get('sizeSystem');
  if (system === null || system === '') return { system: 'US', value };
  const known = oneOf(SIZE_SYSTEMS, system);
  return known ? { system: known, value } : undefined;
}

export function readCatalogState(params: URLSearchParams): CatalogState {
  const filters: CatalogFilters = {};
  const category = oneOf(CATEGORIES, params.get('category'));
  if (category) filters.category = category;
  const gender = oneOf(GENDERS, params.get('gender'));
  if (gender) filters.gender = gender;
  const rating = Number(params.get('rating') ?? Number.NaN);
  if (
    params.get('rating') !== '' &&
    Number.isInteger(rating) &&
    rating >= MIN_RATING &&
    rating <= MAX_RATING
  ) {
    filters.rating = rating;
  }
  const brand = oneOf(BRANDS, params.get('brand'));
  if (brand) filters.brand = brand;
  const priceMin = price(params.get('priceMin'));
  if (priceMin !== undefined) filters.priceMin = priceMin;
  const priceMax = price(params.get('priceMax'));
  if (priceMax !== undefined) filters.priceMax = priceMax;
  if (params.get('onSale') === 'true') filters.onSale = true;

  const state: CatalogState = { filters, page: 1 };
  const size = readSize(params);
  if (size) state.size = size;
  const sort = readSort(params.get('sort'));
  if (sort) state.sort = sort;
  const search = params.get('search')?.trim().slice(0, SEARCH_MAX);
  if (search) state.search = search;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) state.page = page;
  return state;
}

/** The query string for a catalogue state, keys in a stable order; page 1 is left out. */
export function writeCatalogParams(state: Partial<CatalogState>): URLSearchParams {
  const params = new URLSearchParams();
  const filters = state.filters ?? {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== null && String(value) !== '') params.set(key, String(value));
  }
  if (filters.onSale) params.set('onSale', 'true');
  if (state.size) {
    params.set('size', state.size.value);
    params.set('sizeSystem', state.size.system);
  }
  if (state.sort) params.set('sort', state.sort);
  if (state.search) params.set('search', state.search);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The catalogue's path for search engines (its canonical URL, and its neighbours'): the query keeps what
 * changes which products are listed (filters, size, search) and the page, never the order they come in.
 */
export function canonicalCatalogPath(pathname: string, state: CatalogState, page = state.page): string {
  const query = writeCatalogParams({ ...state, sort: undefined, page }).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** URL state to `GET /api/products` parameters (orderBy as JSON). */
export function toProductListParams(state: CatalogState): ProductListParams {
  const { onSale, ...filters } = state.filters;
  const params: ProductListParams = { ...filters, page: state.page, limit: PAGE_SIZE };
  if (onSale) params.onSale = 'true';
  const sort = SORT_OPTIONS.find((option) => option.value === state.sort);
  if (sort) params.orderBy = JSON.stringify(sort.orderBy);
  if (state.search) params.search = state.search;
  if (state.size) {
    params.size = state.size.value;
    params.sizeSystem = state.size.system;
  }
  return params;
}

/** How many filters are in force, as the chips show them (a price range counts once). */
export function activeFilterCount(filters: CatalogFilters): number {
  return filterChips(filters).length;
}

export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function ratingLabel(rating: number): string {
  if (rating === 0) return 'New (0 stars)';
  return rating === 1 ? '1 star' : `${rating} stars`;
}

/** A size as its system writes it: 'EU 44'. */
export const catalogSizeText = (size: CatalogSize) => `${size.system} ${size.value}`;

export interface FilterChip {
  /** The filter keys the chip removes. */
  keys: (keyof CatalogFilters)[];
  label: string;
}

/** The active filters as labels, in the spec's filter order; min and max price share one chip. */
export function filterChips(filters: CatalogFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    switch (key) {
      case 'category':
        chips.push({ keys: [key], label: `Category: ${capitalize(String(value))}` });
        break;
      case 'gender':
        chips.push({ keys: [key], label: `Gender: ${capitalize(String(value))}` });
        break;
      case 'brand':
        chips.push({ keys: [key], label: `Brand: ${capitalize(String(value))}` });
        break;
      case 'rating':
        chips.push({ keys: [key], label: `Rating: ${ratingLabel(Number(value))}` });
        break;
      case 'priceMin':
        chips.push({
          keys: filters.priceMax === undefined ? ['priceMin'] : ['priceMin', 'priceMax'],
          label:
            filters.priceMax === undefined
              ? `Price: from ${formatPrice(Number(value))}`
              : `Price: ${formatPrice(Number(value))} – ${formatPrice(filters.priceMax)}`,
        });
        break;
      case 'priceMax':
        if (filters.priceMin === undefined) {
          chips.push({ keys: ['priceMax'], label: `Price: up to ${formatPrice(Number(value))}` });
        }
        break;
    }
  }
  if (filters.onSale) chips.push({ keys: ['onSale'], label: 'On sale' });
  return chips;
}
