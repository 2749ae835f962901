import { type Brand, type Category, type Gender, MAX_AMOUNT } from '@shop/contracts';
import type { CatalogFilters } from '../../lib/catalog/catalog-params';

/** The filter form's fields as typed ('' for any). */
export interface FilterValues {
  category: string;
  gender: string;
  rating: string;
  brand: string;
  priceMin: string;
  priceMax: string;
  /** 'true' when only products on sale are asked for, else ''. */
  onSale: string;
}

export type PriceErrors = Partial<Record<'priceMin' | 'priceMax', string>>;

export const toFilterValues = (filters: CatalogFilters): FilterValues => ({
  category: filters.category ?? '',
  gender: filters.gender ?? '',
  rating: filters.rating === undefined ? '' : String(filters.rating),
  brand: filters.brand ?? '',
  priceMin: filters.priceMin === undefined ? '' : String(filters.priceMin),
  priceMax: filters.priceMax === undefined ? '' : String(filters.priceMax),
  onSale: filters.onSale ? 'true' : '',
});

function parsePrice(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT ? value : 'invalid';
}

export function validatePrices(values: Pick<FilterValues, 'priceMin' | 'priceMax'>): {
  errors: PriceErrors;
  priceMin?: number;
  priceMax?: number;
} {
  const errors: PriceErrors = {};
  const priceMin = parsePrice(values.priceMin);
  const priceMax = parsePrice(values.priceMax);
  const range = `between 0 and ${MAX_AMOUNT.toLocaleString('en-US')}`;
  if (priceMin === 'invalid') errors.priceMin = `Enter a minimum price ${range}.`;
  if (priceMax === 'invalid') errors.priceMax = `Enter a maximum price ${range}.`;
  if (typeof priceMin === 'number' && typeof priceMax === 'number' && priceMin > priceMax) {
    errors.priceMax = 'The maximum price must be at least the minimum price.';
  }
  return {
    errors,
    priceMin: typeof priceMin === 'number' ? priceMin : undefined,
    priceMax: typeof priceMax === 'number' ? priceMax : undefined,
  };
}

/** The filters the form's values ask for, with the prices as checked by validatePrices. */
export function toCatalogFilters(
  values: FilterValues,
  prices: { priceMin?: number; priceMax?: number },
): CatalogFilters {
  const next: CatalogFilters = {};
  if (values.category) next.category = values.category as Category;
  if (values.gender) next.gender = values.gender as Gender;
  if (values.rating !== '') next.rating = Number(values.rating);
  if (values.brand) next.brand = values.brand as Brand;
  if (prices.priceMin !== undefined) next.priceMin = prices.priceMin;
  if (prices.priceMax !== undefined) next.priceMax = prices.priceMax;
  if (values.onSale === 'true') next.onSale = true;
  return next;
}
