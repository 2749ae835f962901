import type { Review } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal, useAskFirst } from '../../components/confirm-modal';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

/** Whether the signed-in user is staff: they see the product page's edit and delete tools. */
export function useIsAdmin(): boolean {
  return useSession().user?.role === 'admin';
}

/**
 * An admin's tools on /home/:id (spec section 2): edit opens the product in the staff's Product Details
 * dialog; delete takes it out of the catalogue (it stays in past orders and in the staff's list).
 */
export function ProductStaffTools({ productId, productName }: { productId: string; productName: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useAskFirst();

  const remove = () =>
    deletion.confirm(async () => {
      await api.delete(`/products/${encodeURIComponent(productId)}`);
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      queryClient.removeQueries({ queryKey: ['product', productId] });
      navigate('/account/products', { replace: true });
    });

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
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={`Delete ${productName}`}
        onClick={deletion.ask}
      >
        Delete
      </button>
      <ConfirmModal
        {...deletion.dialog}
        title="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={remove}
      >
        <p className="mb-0">
          <strong>{productName}</strong> leaves the catalogue. Past orders keep it, and it stays in the
          staff's product list marked as archived.
        </p>
      </ConfirmModal>
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
  const deletion = useAskFirst();

  const remove = () =>
    deletion.confirm(async () => {
      await api.delete(`/reviews/product/${encodeURIComponent(productId)}`, { _idReviews: [review._id] });
      deletion.close();
      onDeleted();
    });

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-link link-danger p-0"
        aria-label={`Delete the review by ${review.user.username}`}
        onClick={deletion.ask}
      >
        Delete
      </button>
      <ConfirmModal
        {...deletion.dialog}
        title="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onConfirm={remove}
      >
        <p className="mb-0">The review by {review.user.username} is deleted for good.</p>
      </ConfirmModal>
    </>
  );
}
