import { BRANDS, CATEGORIES, GENDERS, SEARCH_MAX } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { SearchIcon } from '../../../components/icons';
import { SelectOptions } from '../../../components/select-options';
import { capitalize } from './form-bits';
import { isFiltered } from './product-query';
import {
  type AdminProductQuery,
  DEFAULT_PRODUCT_SORT,
  PRODUCT_SORTS,
  type ProductSort,
} from './products-api';

interface ProductFiltersProps {
  query: AdminProductQuery;
  /** Called with the new query (page back to 1). */
  onChange: (query: AdminProductQuery) => void;
}

type ListFilter = 'category' | 'brand' | 'gender';
const LISTS: { key: ListFilter; label: string; all: string; options: readonly string[] }[] = [
  { key: 'category', label: 'Category', all: 'All categories', options: CATEGORIES },
  { key: 'brand', label: 'Brand', all: 'All brands', options: BRANDS },
  { key: 'gender', label: 'Gender', all: 'All genders', options: GENDERS },
];

/**
 * The staff's filters: a search box sent on submit, and category, brand, gender and order (newest added,
 * latest release or name), each applied as soon as it is chosen.
 */
export function ProductFilters({ query, onChange }: ProductFiltersProps) {
  const id = useId();
  return (
    <div className="admin-toolbar admin-filters">
      {/* Remounted when the address's search changes (Back, Clear), so the box shows it. */}
      <SearchBox key={query.search ?? ''} query={query} onChange={onChange} />
      <div className="admin-filters__lists">
        {LISTS.map(({ key, label, all, options }) => (
          <div key={key} className="admin-filters__field">
            <label htmlFor={`${id}-${key}`} className="form-label">
              {label}
            </label>
            <select
              id={`${id}-${key}`}
              className="form-select form-select-sm"
              value={query[key] ?? ''}
              onChange={(event) => onChange({ ...query, [key]: event.target.value || undefined, page: 1 })}
            >
              <option value="">{all}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {capitalize(option)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="admin-filters__field">
          <label htmlFor={`${id}-sort`} className="form-label">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className="form-select form-select-sm"
            value={query.sort ?? DEFAULT_PRODUCT_SORT}
            onChange={(event) => {
              const sort = event.target.value as ProductSort;
              onChange({ ...query, sort: sort === DEFAULT_PRODUCT_SORT ? undefined : sort, page: 1 });
            }}
          >
            <SelectOptions options={PRODUCT_SORTS} />
          </select>
        </div>
        {isFiltered(query) ? (
          <button
            type="button"
            className="btn btn-sm btn-link admin-filters__clear"
            onClick={() => onChange({ sort: query.sort, page: 1 })}
          >
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  );
}

function SearchBox({ query, onChange }: ProductFiltersProps) {
  const id = useId();
  const [text, setText] = useState(query.search ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, search: text.trim() || undefined, page: 1 });
  };
  return (
    <form className="admin-filters__search" onSubmit={onSubmit} aria-label="Search products">
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <div className="input-group input-group-sm">
        <input
          id={id}
          type="search"
          className="form-control"
          placeholder="search"
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-dark" aria-label="Search">
          <SearchIcon size={18} />
        </button>
      </div>
    </form>
  );
}
