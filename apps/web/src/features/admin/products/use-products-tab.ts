import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { editButtonId } from './product-grid';
import { readProductQuery, writeProductQuery } from './product-query';
import {
  type AdminProduct,
  type AdminProductQuery,
  useAdminProducts,
  useArchiveProduct,
  useLinkedProduct,
  useRestoreProduct,
} from './products-api';

/**
 * The Products screen's data and actions: the list the address asks for, the dialogs open (create, details,
 * reviews, delete), archiving and restoring, and `?edit=<id>` opening that product's Product Details.
 */
export function useProductsTab() {
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

  return {
    query,
    list,
    archive,
    restore,
    linked,
    creating,
    editing,
    reviewing,
    deleting,
    go,
    openCreate: () => setCreating(true),
    closeCreate: () => setCreating(false),
    openDetails: setEditing,
    closeDetails,
    openReviews: setReviewing,
    closeReviews: () => setReviewing(null),
    askDelete: (product: AdminProduct) => {
      archive.reset();
      setDeleting(product);
    },
    cancelDelete: () => setDeleting(null),
    onArchive,
    restoreProduct: (product: AdminProduct) => {
      restore.reset();
      restore.mutate(product._id);
    },
    /** Closes the message saying the linked product could not be opened (its `?edit=` goes too). */
    forgetLink: () => setParams(writeProductQuery(query), { replace: true }),
  };
}
