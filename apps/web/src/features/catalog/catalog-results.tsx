import { PAGE_SIZE, type ProductList } from '@shop/contracts';
import { LoadingCards } from '../../components/loading-cards';
import { Pagination } from '../../components/pagination';
import { ProductCard } from '../../components/product-card';

/** Cards in the grid's first row on the widest screens: their pictures load at once, the rest lazily. */
const FIRST_ROW_CARDS = 4;

export const EMPTY_CATALOG_TEXT = 'Sorry, this product is not available in our stock';

interface CatalogResultsProps {
  /** Placeholders show while the list (or another page of it) loads. */
  loading: boolean;
  list: ProductList | undefined;
  filterCount: number;
  search: string | undefined;
  /** Drops every filter and the search. */
  onClearAll: () => void;
  /** "In my size" is on, at this size ('EU 44'): an empty list offers to turn it off. */
  sizeText?: string;
  onSizeOff?: () => void;
}

/** The product grid, its placeholders, or 'not available' with a way out of the filters and search. */
export function CatalogResults({
  loading,
  list,
  filterCount,
  search,
  onClearAll,
  sizeText,
  onSizeOff,
}: CatalogResultsProps) {
  return (
    <section aria-labelledby="catalog-results-heading" aria-busy={loading}>
      <h2 id="catalog-results-heading" className="visually-hidden">
        Results
      </h2>
      {loading ? (
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4">
          <LoadingCards count={PAGE_SIZE} />
        </div>
      ) : list && list.products.length > 0 ? (
        <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4 list-unstyled catalog__grid">
          {list.products.map((product, index) => (
            <li key={product._id} className="col">
              <ProductCard product={product} priority={index < FIRST_ROW_CARDS} />
            </li>
          ))}
        </ul>
      ) : list ? (
        <div className="catalog__empty text-center py-5 px-3">
          <p className="h5 mb-3">{EMPTY_CATALOG_TEXT}</p>
          {sizeText ? (
            <p className="text-muted mb-3">
              Nothing here is in stock in {sizeText}. Turn off "In my size" to see every size.
            </p>
          ) : null}
          <div className="d-flex flex-wrap justify-content-center gap-2">
            {sizeText && onSizeOff ? (
              <button type="button" className="btn btn-outline-dark" onClick={onSizeOff}>
                Turn off "In my size"
              </button>
            ) : null}
            {(filterCount > 0 || Boolean(search)) && (
              <button type="button" className="btn btn-dark" onClick={onClearAll}>
                {filterCount > 0 && search
                  ? 'Clear filters and search'
                  : search
                    ? 'Clear search'
                    : 'Clear filters'}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The pages of results, and which one shows (the last, while a page past it is replaced). */
export function CatalogPagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <div className="mt-4 mt-lg-5 d-flex flex-column align-items-center gap-2">
      <Pagination page={Math.min(page, pages)} pages={pages} hrefFor={hrefFor} label="Catalogue pages" />
      <p className="small text-muted mb-0">
        Page {Math.min(page, pages)} of {pages}
      </p>
    </div>
  );
}
