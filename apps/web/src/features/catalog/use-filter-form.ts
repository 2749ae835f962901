import { type FormEvent, useId, useRef, useState } from 'react';
import type { CatalogFilters } from '../../lib/catalog/catalog-params';
import {
  type FilterValues,
  type PriceErrors,
  toCatalogFilters,
  toFilterValues,
  validatePrices,
} from './filter-values';

/**
 * The filter form's values, started from the filters in force, and Apply: the prices are checked first
 * (the first one in error takes the focus), then the filters are handed to `onApply`.
 */
export function useFilterForm(filters: CatalogFilters, onApply: (filters: CatalogFilters) => void) {
  const id = useId();
  const [values, setValues] = useState<FilterValues>(() => toFilterValues(filters));
  const [errors, setErrors] = useState<PriceErrors>({});
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);

  /** A field's id, name, value and change handler; typing a price clears the price errors. */
  const field = (name: keyof FilterValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (name === 'priceMin' || name === 'priceMax') setErrors({});
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePrices(values);
    setErrors(checked.errors);
    if (checked.errors.priceMin) return minRef.current?.focus();
    if (checked.errors.priceMax) return maxRef.current?.focus();
    onApply(toCatalogFilters(values, checked));
  };

  return { id, field, errors, minRef, maxRef, submit };
}

export type FilterField = ReturnType<ReturnType<typeof useFilterForm>['field']>;
