import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { rememberCatalogLocation } from '../../lib/catalog/catalog-history';
import {
  activeFilterCount,
  type CatalogFilters,
  type CatalogState,
  readCatalogState,
  toProductListParams,
  writeCatalogParams,
} from '../../lib/catalog/catalog-params';
import { useProductList } from '../../lib/catalog/catalog-queries';
import { useOpenedOnce } from '../../lib/opened-once';

/**
 * The catalogue's state, all of it in the URL's query string (filters, sort, search, page), the product
 * list it asks for, and the filter dialog's opening. A new page scrolls to the top of the results; a page
 * past the last one (a stale shared link) is replaced by the last.
 */
export function useCatalog() {
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

  /** `?upcoming=1`: the upcoming drops in place of the products; the products' state is left as it was. */
  const upcoming = searchParams.get('upcoming') === '1';
  const toggleUpcoming = () => {
    const next = new URLSearchParams(searchParams);
    if (upcoming) next.delete('upcoming');
    else next.set('upcoming', '1');
    setSearchParams(next);
  };

  const removeFilter = (keys: (keyof CatalogFilters)[]) => {
    const filters = { ...state.filters };
    for (const key of keys) delete filters[key];
    update({ filters });
  };
  const outOfRange = Boolean(data && data.pages > 0 && state.page > data.pages);

  return {
    state,
    query,
    loading: query.isPending || query.isPlaceholderData || outOfRange,
    filterCount: activeFilterCount(state.filters),
    update,
    hrefFor,
    removeFilter,
    upcoming,
    toggleUpcoming,
    topRef,
    showFilters,
    filtersOpened,
    setShowFilters,
  };
}
