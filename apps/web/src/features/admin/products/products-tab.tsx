import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { ArchiveProductDialog } from './archive-product-dialog';
import { CreateProductModal } from './create-product-modal';
import { ProductDetailsModal } from './product-details-modal';
import { ProductFilters } from './product-filters';
import { ProductsHead } from './products-head';
import { ProductsListBody } from './products-list-body';
import { ReviewsModal } from './reviews-modal';
import { useProductsTab } from './use-products-tab';
import '../shared/admin.css';
import './admin-products.css';

export { NO_MATCHES_TEXT, NO_PRODUCTS_TEXT } from './products-list-body';

/**
 * /account/products (staff): every product, archived ones marked, with filters and pages in the address;
 * 'Add' opens the create form; each card has Edit (Product Details), Reviews and Delete (archive).
 */
export function AdminProductsTab() {
  const tab = useProductsTab();
  const { query, list, archive, restore, linked, deleting } = tab;

  return (
    <section className="admin-page admin-products" aria-labelledby="admin-products-heading">
      <ProductsHead data={list.data} query={query} onAdd={tab.openCreate} />

      <ProductFilters query={query} onChange={tab.go} />
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
          onClose={tab.forgetLink}
          className="mb-3"
        />
      ) : null}
      <ProductsListBody
        list={list}
        query={query}
        onQueryChange={tab.go}
        onAdd={tab.openCreate}
        onEdit={tab.openDetails}
        onReviews={tab.openReviews}
        onDelete={tab.askDelete}
        onRestore={tab.restoreProduct}
        restoringId={restore.isPending ? (restore.variables ?? null) : null}
      />

      <CreateProductModal show={tab.creating} onHide={tab.closeCreate} />
      <ProductDetailsModal product={tab.editing} onHide={tab.closeDetails} />
      <ReviewsModal product={tab.reviewing} onHide={tab.closeReviews} />
      {/* Mounted only while asking: closing it removes it at once, so focus can move to the card. */}
      {deleting ? (
        <ArchiveProductDialog
          product={deleting}
          busy={archive.isPending}
          error={archive.error}
          onConfirm={tab.onArchive}
          onCancel={tab.cancelDelete}
        />
      ) : null}
    </section>
  );
}
