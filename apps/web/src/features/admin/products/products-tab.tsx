import { PAGE_SIZE } from '@shop/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { LoadingCards } from '../../../components/loading-cards';
import { Pagination } from '../../../components/pagination';
import { errorText } from '../../../lib/api';
import { CreateProductModal } from './create-product-modal';
import { ProductDetailsModal } from './product-details-modal';
import { ProductFilters } from './product-filters';
import { editButtonId, ProductGrid } from './product-grid';
import { isFiltered, readProductQuery, writeProductQuery } from './product-query';
import {
  type AdminProduct,
  type AdminProductQuery,
  useAdminProducts,
  useArchiveProduct,
  useLinkedProduct,
  useRestoreProduct,
} from './products-api';
import { ReviewsModal } from './reviews-modal';
import './admin-products.css';

export const NO_PRODUCTS_TEXT = 'There are no products yet';
export const NO_MATCHES_TEXT = 'No product matches these filters';

/**
 * /account/products (staff): every product, archived ones marked, with filters and pages in the address;
 * 'Add' opens the create form; each card has Edit (Product Details), Reviews and Delete (archive).
 */
export function AdminProductsTab() {
  const [params, setParams] = useSearchParams();
  const query = readProductQuery(params);
  const list = useAdminProducts(query);
  const archive = useArchiveProduct();
  const restore = useRestoreProduct();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [reviewing, setReviewing] = useState<AdminProduct | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);

  const go = (next: AdminProductQuery) => setParams(writeProductQuery(next), { preventScrollReset: true });

  // `?edit=<id>` (the product page's Edit) opens that product's Product Details at once.
  const editId = params.get('edit');
  const linked = useLinkedProduct(editId);
  useEffect(() => {
    if (linked.data) setEditing(linked.data);
  }, [linked.data]);
  const closeDetails = () => {
    setEditing(null);
    if (editId) setParams(writeProductQuery(query), { replace: true, preventScrollReset: true });
  };

  const onArchive = async () => {
    if (!deleting) return;
    try {
      await archive.mutateAsync(deleting._id);
      const target = editButtonId(deleting);
      setDeleting(null);
      // The card's Delete button is gone: focus goes to its Edit button once the dialog has gone.
      window.setTimeout(() => document.getElementById(target)?.focus(), 0);
    } catch {
      // Shown in the dialog.
    }
  };

  const data = list.data;
  const total = data?.total ?? 0;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          Loading the products…
        </p>
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3" aria-hidden="true">
          <LoadingCards count={8} />
        </div>
      </>
    );
  } else if (list.isError) {
    body = (
      <AlertError
        message={`We could not load the products: ${errorText(list.error)}`}
        dismissible={false}
        onRetry={() => list.refetch()}
      />
    );
  } else if (data && data.products.length === 0) {
    body = isFiltered(query) ? (
      <EmptyState text={NO_MATCHES_TEXT}>
        <button
          type="button"
          className="btn btn-outline-dark"
          onClick={() => go({ sort: query.sort, page: 1 })}
        >
          Clear filters
        </button>
      </EmptyState>
    ) : (
      <EmptyState text={NO_PRODUCTS_TEXT}>
        <button type="button" className="btn btn-dark" onClick={() => setCreating(true)}>
          Add the first product
        </button>
      </EmptyState>
    );
  } else if (data) {
    body = (
      <>
        <ProductGrid
          products={data.products}
          busy={list.isPlaceholderData}
          onEdit={setEditing}
          onReviews={setReviewing}
          onDelete={(product) => {
            archive.reset();
            setDeleting(product);
          }}
          onRestore={(product) => {
            restore.reset();
            restore.mutate(product._id);
          }}
          restoringId={restore.isPending ? (restore.variables ?? null) : null}
        />
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

  return (
    <section className="admin-products" aria-labelledby="admin-products-heading">
      <div className="admin-products__head">
        <div>
          <h2 id="admin-products-heading" className="admin-products__title">
            Products
          </h2>
          {data ? (
            <p className="admin-products__count" aria-live="polite">
              {total === 1 ? '1 product' : `${total} products`}
              {data.pages > 1 ? ` · page ${data.page} of ${data.pages} (${PAGE_SIZE} a page)` : ''}
            </p>
          ) : null}
        </div>
        <div className="admin-products__actions">
          {/* Every product, archived ones included, with its stock per size: a streamed download. */}
          <a className="btn btn-outline-dark admin-products__export" href="/api/products/export.csv" download>
            Export CSV
          </a>
          <button
            type="button"
            className="btn btn-accent admin-products__add"
            aria-label="Add a product"
            onClick={() => setCreating(true)}
          >
            Add
          </button>
        </div>
      </div>

      <ProductFilters query={query} onChange={go} />
      {restore.isError ? (
        <AlertError
          message={`The product was not restored: ${errorText(restore.error)}`}
          onClose={() => restore.reset()}
          className="mb-3"
        />
      ) : null}
      {linked.isError ? (
        <AlertError
          message={`We could not open that product: ${errorText(linked.error)}`}
          onClose={() => setParams(writeProductQuery(query), { replace: true })}
          className="mb-3"
        />
      ) : null}
      {body}

      <CreateProductModal show={creating} onHide={() => setCreating(false)} />
      <ProductDetailsModal product={editing} onHide={closeDetails} />
      <ReviewsModal product={reviewing} onHide={() => setReviewing(null)} />
      {/* Mounted only while asking: closing it removes it at once, so focus can move to the card. */}
      {deleting ? (
        <ConfirmModal
          show
          title="Are you sure?"
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={archive.isPending}
          error={archive.error ? `The product was not deleted: ${errorText(archive.error)}` : null}
          onConfirm={onArchive}
          onCancel={() => setDeleting(null)}
        >
          <p className="mb-0">
            <strong>{deleting.name}</strong> leaves the shop: shoppers no longer see it, and past orders keep
            it. It stays in this list, marked archived.
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
