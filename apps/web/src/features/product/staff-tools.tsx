import type { Review } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { api, errorText } from '../../lib/api';
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
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete(`/products/${encodeURIComponent(productId)}`);
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      queryClient.removeQueries({ queryKey: ['product', productId] });
      navigate('/account/products', { replace: true });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
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
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={`Delete ${productName}`}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        Delete
      </button>
      <ConfirmModal
        show={asking}
        title="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={busy}
        error={error}
        onConfirm={remove}
        onCancel={() => setAsking(false)}
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
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete(`/reviews/product/${encodeURIComponent(productId)}`, { _idReviews: [review._id] });
      setAsking(false);
      onDeleted();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-link link-danger p-0"
        aria-label={`Delete the review by ${review.user.username}`}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        Delete
      </button>
      <ConfirmModal
        show={asking}
        title="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={busy}
        error={error}
        onConfirm={remove}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-0">The review by {review.user.username} is deleted for good.</p>
      </ConfirmModal>
    </>
  );
}
