import { lazy, Suspense } from 'react';
import { AlertError } from '../../components/alert-error';
import { catalogSizeText, filterChips } from '../../lib/catalog/catalog-params';
import { type ActiveChip, ActiveFilters } from './active-filters';
import { CatalogHead } from './catalog-head';
import { CatalogHeader, countText } from './catalog-header';
import { CatalogPagination, CatalogResults } from './catalog-results';
import { CatalogToolbar } from './catalog-toolbar';
import { InMySizePanel, InMySizeToggle, useInMySize } from './in-my-size';
import { UpcomingDrops, useUpcomingStatus } from './upcoming-drops';
import { useCatalog } from './use-catalog';
import './catalog.css';

export { EMPTY_CATALOG_TEXT } from './catalog-results';

/** The filter dialog (react-bootstrap's Modal) comes when it is first opened, not with the page. */
const FilterModal = lazy(() => import('./filter-modal').then((module) => ({ default: module.FilterModal })));

/**
 * /home: the product catalogue. Filters, "In my size", sort, search and page live in the URL query string.
 */
export function CatalogPage() {
  const catalog = useCatalog();
  const { state, query, update } = catalog;
  const inMySize = useInMySize({
    active: state.size,
    brand: state.filters.brand,
    onChange: (size) => update({ size }),
  });
  const data = query.data;
  const dropsStatus = useUpcomingStatus(catalog.upcoming);
  const productsStatus = data
    ? countText(data.total, data.totalExact)
    : query.isPending
      ? 'Loading products…'
      : '';

  return (
    <main className="container py-4 py-lg-5 catalog">
      <title>
        {state.search ? `Results for "${state.search}" · Sneaker Shop` : 'Products · Sneaker Shop'}
      </title>
      <CatalogHead state={state} upcoming={catalog.upcoming} list={data} />
      <div ref={catalog.topRef} className="catalog__top" />
      <CatalogHeader
        search={catalog.upcoming ? undefined : state.search}
        title={catalog.upcoming ? 'Upcoming drops' : 'Sneakers'}
        status={catalog.upcoming ? dropsStatus : productsStatus}
        onClearSearch={() => update({ search: undefined })}
      />

      <CatalogToolbar
        filterCount={catalog.filterCount}
        sort={state.sort}
        onOpenFilters={() => catalog.setShowFilters(true)}
        onSort={(sort) => update({ sort })}
        upcoming={catalog.upcoming}
        onToggleUpcoming={catalog.toggleUpcoming}
        sizeToggle={<InMySizeToggle inMySize={inMySize} />}
      />

      {catalog.upcoming ? (
        <UpcomingDrops onShowProducts={catalog.toggleUpcoming} />
      ) : (
        <>
          <InMySizePanel inMySize={inMySize} />
          <ProductResults catalog={catalog} />
        </>
      )}

      {catalog.filtersOpened ? (
        <Suspense fallback={null}>
          <FilterModal
            show={catalog.showFilters}
            onHide={() => catalog.setShowFilters(false)}
            filters={state.filters}
            onApply={(filters) => update({ filters })}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

/** The filter chips, the product grid and its pages. */
function ProductResults({ catalog }: { catalog: ReturnType<typeof useCatalog> }) {
  const { state, query, update } = catalog;
  const data = query.data;
  const sizeText = state.size ? catalogSizeText(state.size) : undefined;
  const chips: ActiveChip[] = filterChips(state.filters).map((chip) => ({
    label: chip.label,
    onRemove: () => catalog.removeFilter(chip.keys),
  }));
  if (sizeText) chips.push({ label: `In my size: ${sizeText}`, onRemove: () => update({ size: undefined }) });
  return (
    <>
      {chips.length > 0 && (
        <ActiveFilters chips={chips} onClearAll={() => update({ filters: {}, size: undefined })} />
      )}

      {query.isError && <AlertError message={query.error.message} onRetry={() => query.refetch()} />}

      <CatalogResults
        loading={catalog.loading}
        list={data}
        filterCount={catalog.filterCount}
        search={state.search}
        onClearAll={() => update({ filters: {}, size: undefined, search: undefined })}
        sizeText={sizeText}
        onSizeOff={() => update({ size: undefined })}
      />

      {data && data.pages > 0 && (
        <CatalogPagination page={state.page} pages={data.pages} hrefFor={catalog.hrefFor} />
      )}
    </>
  );
}
