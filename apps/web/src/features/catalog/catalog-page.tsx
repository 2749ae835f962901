import { PAGE_SIZE } from '@shop/contracts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { LoadingCards } from '../../components/loading-cards';
import { Pagination } from '../../components/pagination';
import { ProductCard } from '../../components/product-card';
import { rememberCatalogLocation } from '../../lib/catalog/catalog-history';
import {
  activeFilterCount,
  type CatalogFilters,
  type CatalogState,
  filterChips,
  readCatalogState,
  SORT_OPTIONS,
  type SortKey,
  toProductListParams,
  writeCatalogParams,
} from '../../lib/catalog/catalog-params';
import { useProductList } from '../../lib/catalog/catalog-queries';
import { useOpenedOnce } from '../../lib/opened-once';
import './catalog.css';

/** The filter dialog (react-bootstrap's Modal) comes when it is first opened, not with the page. */
const FilterModal = lazy(() => import('./filter-modal').then((module) => ({ default: module.FilterModal })));

/** Cards in the grid's first row on the widest screens: their pictures load at once, the rest lazily. */
const FIRST_ROW_CARDS = 4;

export const EMPTY_CATALOG_TEXT = 'Sorry, this product is not available in our stock';

/** '137 products', or '1,000+ products' past what the shop counts exactly. */
const countText = (total: number, exact: boolean) =>
  exact ? (total === 1 ? '1 product' : `${total} products`) : `${total.toLocaleString('en-US')}+ products`;

/** /home: the product catalogue. Filters, sort, search and page live in the URL query string. */
export function CatalogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => readCatalogState(searchParams), [searchParams]);
  const params = useMemo(() => toProductListParams(state), [state]);
  const query = useProductList(params);
  const [showFilters, setShowFilters] = useState(false);
  const filtersOpened = useOpenedOnce(showFilters);
  const topRef = useRef<HTMLDivElement>(null);

  /** Pushes a history entry; any change but a page change goes back to page 1. */
  const update = (next: Partial<CatalogState>, options: { replace?: boolean } = {}) => {
    setSearchParams(writeCatalogParams({ ...state, page: 1, ...next }), options);
  };
  const hrefFor = (page: number) => {
    const query = writeCatalogParams({ ...state, page }).toString();
    return query ? `?${query}` : location.pathname;
  };

  useEffect(() => {
    rememberCatalogLocation(location.search);
  }, [location.search]);

  // A new page starts at the top of the results.
  const previousPage = useRef(state.page);
  useEffect(() => {
    if (previousPage.current !== state.page) topRef.current?.scrollIntoView?.({ block: 'start' });
    previousPage.current = state.page;
  }, [state.page]);

  // Past the last page (a stale shared link): go to the last page instead.
  const data = query.data;
  const fresh = data && !query.isPlaceholderData;
  useEffect(() => {
    if (fresh && data.pages > 0 && state.page > data.pages) {
      setSearchParams(writeCatalogParams({ ...state, page: data.pages }), { replace: true });
    }
  }, [fresh, data, state, setSearchParams]);

  const chips = filterChips(state.filters);
  const filterCount = activeFilterCount(state.filters);
  const removeFilter = (keys: (keyof CatalogFilters)[]) => {
    const filters = { ...state.filters };
    for (const key of keys) delete filters[key];
    update({ filters });
  };
  const outOfRange = Boolean(data && data.pages > 0 && state.page > data.pages);
  const loading = query.isPending || query.isPlaceholderData || outOfRange;
  const hasConstraints = filterCount > 0 || Boolean(state.search);

  return (
    <main className="container py-4 py-lg-5 catalog">
      <title>
        {state.search ? `Results for "${state.search}" · Sneaker Shop` : 'Products · Sneaker Shop'}
      </title>
      <div ref={topRef} className="catalog__top" />
      <header className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
        <div className="me-auto">
          {state.search ? (
            <div className="d-flex align-items-center flex-wrap gap-2">
              <h1 className="catalog__title mb-0">Results for "{state.search}"</h1>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary rounded-pill"
                onClick={() => update({ search: undefined })}
              >
                <span aria-hidden="true">✕ </span>Clear search
              </button>
            </div>
          ) : (
            <h1 className="catalog__title mb-0">Sneakers</h1>
          )}
          <p className="text-muted mb-0 mt-1 small" role="status" aria-live="polite" aria-atomic="true">
            {data ? countText(data.total, data.totalExact) : query.isPending ? 'Loading products…' : ''}
          </p>
        </div>
      </header>

      <div className="catalog__toolbar d-flex gap-2 mb-3">
        <button
          type="button"
          className="btn btn-outline-dark d-inline-flex align-items-center gap-2 catalog__filters-button"
          onClick={() => setShowFilters(true)}
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
        <div className="catalog__sort ms-auto d-flex align-items-center gap-2">
          <label htmlFor="catalog-sort" className="catalog__sort-label text-nowrap small fw-semibold mb-0">
            Sort by
          </label>
          <select
            id="catalog-sort"
            className="form-select"
            value={state.sort ?? ''}
            onChange={(event) => update({ sort: (event.target.value || undefined) as SortKey | undefined })}
          >
            <option value="">Newest</option>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {chips.length > 0 && (
        <section aria-label="Active filters" className="mb-3">
          <ul className="list-unstyled d-flex flex-wrap align-items-center gap-2 mb-0">
            {chips.map((chip) => (
              <li key={chip.label}>
                <button
                  type="button"
                  className="btn btn-sm rounded-pill filter-chip"
                  onClick={() => removeFilter(chip.keys)}
                  aria-label={`Remove filter ${chip.label}`}
                >
                  {chip.label}
                  <span aria-hidden="true" className="filter-chip__x">
                    ✕
                  </span>
                </button>
              </li>
            ))}
            {chips.length > 1 && (
              <li>
                <button
                  type="button"
                  className="btn btn-sm btn-link text-reset"
                  onClick={() => update({ filters: {} })}
                >
                  Clear all
                </button>
              </li>
            )}
          </ul>
        </section>
      )}

      {query.isError && <AlertError message={query.error.message} onRetry={() => query.refetch()} />}

      <section aria-labelledby="catalog-results-heading" aria-busy={loading}>
        <h2 id="catalog-results-heading" className="visually-hidden">
          Results
        </h2>
        {loading ? (
          <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4">
            <LoadingCards count={PAGE_SIZE} />
          </div>
        ) : data && data.products.length > 0 ? (
          <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4 list-unstyled catalog__grid">
            {data.products.map((product, index) => (
              <li key={product._id} className="col">
                <ProductCard product={product} priority={index < FIRST_ROW_CARDS} />
              </li>
            ))}
          </ul>
        ) : data ? (
          <div className="catalog__empty text-center py-5">
            <p className="h5 mb-3">{EMPTY_CATALOG_TEXT}</p>
            {hasConstraints && (
              <button
                type="button"
                className="btn btn-dark"
                onClick={() => update({ filters: {}, search: undefined })}
              >
                {filterCount > 0 && state.search
                  ? 'Clear filters and search'
                  : state.search
                    ? 'Clear search'
                    : 'Clear filters'}
              </button>
            )}
          </div>
        ) : null}
      </section>

      {data && data.pages > 0 && (
        <div className="mt-4 mt-lg-5 d-flex flex-column align-items-center gap-2">
          <Pagination
            page={Math.min(state.page, data.pages)}
            pages={data.pages}
            hrefFor={hrefFor}
            label="Catalogue pages"
          />
          <p className="small text-muted mb-0">
            Page {Math.min(state.page, data.pages)} of {data.pages}
          </p>
        </div>
      )}

      {filtersOpened ? (
        <Suspense fallback={null}>
          <FilterModal
            show={showFilters}
            onHide={() => setShowFilters(false)}
            filters={state.filters}
            onApply={(filters) => update({ filters })}
          />
        </Suspense>
      ) : null}
    </main>
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
