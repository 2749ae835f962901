import { type AdminProductList, PAGE_SIZE } from '@shop/contracts';
import { ExportLink } from '../shared/toolbar';
import type { AdminProductQuery } from './products-api';
import { TaxCategoryBulk } from './tax-category-bulk';

interface ProductsHeadProps {
  data: AdminProductList | undefined;
  query: AdminProductQuery;
  onAdd: () => void;
}

/**
 * The Products heading, how many products there are (and the page), the tax category of the products
 * listed, Export CSV and Add.
 */
export function ProductsHead({ data, query, onAdd }: ProductsHeadProps) {
  const total = data?.total ?? 0;
  return (
    <div className="admin-head admin-head--end">
      <div>
        <h2 id="admin-products-heading" className="admin-title">
          Products
        </h2>
        {data ? (
          <p className="admin-products__count" aria-live="polite">
            {total === 1 ? '1 product' : `${total} products`}
            {data.pages > 1 ? ` · page ${data.page} of ${data.pages} (${PAGE_SIZE} a page)` : ''}
          </p>
        ) : null}
      </div>
      <div className="admin-head__actions">
        <TaxCategoryBulk query={query} total={data?.total} />
        {/* Every product, archived ones included, with its stock per size: a streamed download. */}
        <ExportLink className="admin-products__export" href="/api/products/export.csv" />
        <button
          type="button"
          className="btn btn-accent admin-products__add"
          aria-label="Add a product"
          onClick={onAdd}
        >
          Add
        </button>
      </div>
    </div>
  );
}
