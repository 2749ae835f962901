import type { Review } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal, useAskFirst } from '../../components/confirm-modal';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

/** Whether the signed-in member may change products: they see the product page's edit and delete tools. */
export function useIsAdmin(): boolean {
  return useCan('products.write');
}

/**
 * An admin's tools on /home/:id (spec section 2): edit opens the product in the staff's Product Details
 * dialog; delete takes it out of the catalogue (it stays in past orders and in the staff's list).
 */
export function ProductStaffTools({ productId, productName }: { productId: string; productName: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const remove = async () => {
    await api.delete(`/products/${encodeURIComponent(productId)}`);
    await queryClient.invalidateQueries({ queryKey: ['products'] });
    queryClient.removeQueries({ queryKey: ['product', productId] });
    navigate('/account/products', { replace: true });
  };

  return (
    <section className="product__staff" aria-label="Staff tools">
      <span className="product__staff-label">Staff</span>
      <Link
        to={`/account/products?edit=${encodeURIComponent(productId)}`}
        className="btn btn-sm btn-outline-dark"
        aria-label={`Edit ${productName}`}
      >
        Edit
      </Link>
      <DeleteAskingFirst
        className="btn btn-sm btn-outline-danger"
        label={`Delete ${productName}`}
        onDelete={remove}
      >
        <p className="mb-0">
          <strong>{productName}</strong> leaves the catalogue. Past orders keep it, and it stays in the
          staff's product list marked as archived.
        </p>
      </DeleteAskingFirst>
    </section>
  );
}

/** An admin's delete button for one review, asking first (`DELETE /api/reviews/product/:id`). */
export function DeleteReviewButton({
  productId,
  review,
  onDeleted,
}: {
  productId: string;
  review: Review;
  onDeleted: () => void;
}) {
  const remove = async (close: () => void) => {
    await api.delete(`/reviews/product/${encodeURIComponent(productId)}`, { _idReviews: [review._id] });
    close();
    onDeleted();
  };

  return (
    <DeleteAskingFirst
      className="btn btn-sm btn-link link-danger p-0"
      label={`Delete the review by ${review.user.username}`}
      onDelete={remove}
    >
      <p className="mb-0">The review by {review.user.username} is deleted for good.</p>
    </DeleteAskingFirst>
  );
}

/**
 * A Delete button (named `label`) that asks 'Are you sure?' first, saying `children`; once confirmed it
 * runs `onDelete`, which closes the dialog with `close` when the page stays. A failure shows in the dialog.
 */
function DeleteAskingFirst({
  className,
  label,
  onDelete,
  children,
}: {
  className: string;
  label: string;
  onDelete: (close: () => void) => Promise<void>;
  children: ReactNode;
}) {
  const deletion = useAskFirst();
  return (
    <>
      <button type="button" className={className} aria-label={label} onClick={deletion.ask}>
        Delete
      </button>
      <ConfirmModal
        {...deletion.dialog}
        title="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={() => deletion.confirm(() => onDelete(deletion.close))}
      >
        {children}
      </ConfirmModal>
    </>
  );
}
