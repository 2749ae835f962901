import type { AdminProductList } from '@shop/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { LoadingCards } from '../../../components/loading-cards';
import { Pagination } from '../../../components/pagination';
import { errorText } from '../../../lib/api';
import { type ProductActions, ProductGrid } from './product-grid';
import { isFiltered, writeProductQuery } from './product-query';
import type { AdminProductQuery } from './products-api';

export const NO_PRODUCTS_TEXT = 'There are no products yet';
export const NO_MATCHES_TEXT = 'No product matches these filters';

interface ProductsListBodyProps extends ProductActions {
  list: UseQueryResult<AdminProductList>;
  query: AdminProductQuery;
  /** Shows another list (Clear filters). */
  onQueryChange: (query: AdminProductQuery) => void;
  onAdd: () => void;
}

/** The list as it stands: loading cards, a failure with Retry, an empty list, or the cards and the pages. */
export function ProductsListBody({ list, query, onQueryChange, onAdd, ...actions }: ProductsListBodyProps) {
  const data = list.data;
  if (list.isPending) {
    return (
      <>
        <p className="visually-hidden" role="status">
          Loading the products…
        </p>
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3" aria-hidden="true">
          <LoadingCards count={8} />
        </div>
      </>
    );
  }
  if (list.isError) {
    return (
      <AlertError
        message={`We could not load the products: ${errorText(list.error)}`}
        dismissible={false}
        onRetry={() => list.refetch()}
      />
    );
  }
  if (!data) return null;
  if (data.products.length === 0) {
    return isFiltered(query) ? (
      <EmptyState text={NO_MATCHES_TEXT}>
        <button
          type="button"
          className="btn btn-outline-dark"
          onClick={() => onQueryChange({ sort: query.sort, page: 1 })}
        >
          Clear filters
        </button>
      </EmptyState>
    ) : (
      <EmptyState text={NO_PRODUCTS_TEXT}>
        <button type="button" className="btn btn-dark" onClick={onAdd}>
          Add the first product
        </button>
      </EmptyState>
    );
  }
  return (
    <>
      <ProductGrid products={data.products} busy={list.isPlaceholderData} {...actions} />
      <Pagination
        page={data.page}
        pages={data.pages}
        hrefFor={(page) => `?${writeProductQuery({ ...query, page }).toString()}`}
        label="Product pages"
        className="mt-4"
      />
    </>
  );
}
