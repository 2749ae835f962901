import type { ReactNode } from 'react';
import { SelectOptions } from '../../components/select-options';
import { type CatalogState, SORT_OPTIONS, type SortKey } from '../../lib/catalog/catalog-params';

/** The Filters button (with how many are in force), Upcoming drops, "In my size" and the sort order. */
export function CatalogToolbar({
  filterCount,
  sort,
  onOpenFilters,
  onSort,
  upcoming,
  onToggleUpcoming,
  sizeToggle,
}: {
  filterCount: number;
  sort: CatalogState['sort'];
  onOpenFilters: () => void;
  onSort: (sort: SortKey | undefined) => void;
  /** The upcoming drops show in place of the products: filters and sort are for products only. */
  upcoming: boolean;
  onToggleUpcoming: () => void;
  /** "In my size" (for products only). */
  sizeToggle?: ReactNode;
}) {
  const toggle = (
    <button
      type="button"
      className={`btn ${upcoming ? 'btn-dark' : 'btn-outline-dark'} catalog__upcoming`}
      aria-pressed={upcoming}
      onClick={onToggleUpcoming}
    >
      Upcoming drops
    </button>
  );
  if (upcoming) return <div className="catalog__toolbar d-flex flex-wrap gap-2 mb-3">{toggle}</div>;
  return (
    <div className="catalog__toolbar d-flex flex-wrap gap-2 mb-3">
      <button
        type="button"
        className="btn btn-outline-dark d-inline-flex align-items-center gap-2 catalog__filters-button"
        onClick={onOpenFilters}
        aria-haspopup="dialog"
      >
        <FilterIcon />
        Filters
        {filterCount > 0 && (
          <span className="badge rounded-pill text-bg-dark">
            {filterCount}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </button>
      {toggle}
      {sizeToggle}
      <div className="catalog__sort ms-auto d-flex align-items-center gap-2">
        <label htmlFor="catalog-sort" className="catalog__sort-label text-nowrap small fw-semibold mb-0">
          Sort by
        </label>
        <select
          id="catalog-sort"
          className="form-select"
          value={sort ?? ''}
          onChange={(event) => onSort((event.target.value || undefined) as SortKey | undefined)}
        >
          <option value="">Newest</option>
          <SelectOptions options={SORT_OPTIONS} />
        </select>
      </div>
    </div>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 6h18M6 12h12M10 18h4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
