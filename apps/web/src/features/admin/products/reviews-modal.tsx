import type { Review } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { AlertError } from '../../../components/alert-error';
import { LoadingSpinner } from '../../../components/loading-cards';
import { RatingStars } from '../../../components/rating-stars';
import { UserAvatar } from '../../../components/user-avatar';
import { errorText } from '../../../lib/api';
import { type AdminProduct, useDeleteReview, useProductReviews } from './products-api';

export const NO_REVIEWS_TEXT = 'There are no reviews yet';

interface ReviewsModalProps {
  /** Whose reviews to show; null closes the modal. */
  product: AdminProduct | null;
  onHide: () => void;
}

/** A product's reviews for the staff: who wrote each, the stars, the text and the date, and Delete. */
export function ReviewsModal({ product, onHide }: ReviewsModalProps) {
  const last = useRef(product);
  if (product) last.current = product;
  const shown = product ?? last.current;
  return (
    <Modal
      show={product !== null}
      onHide={onHide}
      size="lg"
      fullscreen="md-down"
      scrollable
      aria-labelledby="admin-reviews-title"
      className="admin-products-modal"
    >
      <Modal.Header closeButton>
        <Modal.Title id="admin-reviews-title" as="h2" className="admin-products-modal__title">
          Reviews{shown ? <span className="admin-products-modal__subtitle">{shown.name}</span> : null}
        </Modal.Title>
      </Modal.Header>
      {shown ? <ReviewList key={shown._id} productId={shown._id} /> : null}
      <Modal.Footer>
        <button type="button" className="btn btn-dark" onClick={onHide}>
          Close
        </button>
      </Modal.Footer>
    </Modal>
  );
}

function ReviewList({ productId }: { productId: string }) {
  const reviews = useProductReviews(productId);
  const remove = useDeleteReview(productId);
  const [asking, setAsking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const listRef = useRef<HTMLElement | null>(null);
  const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
  const confirmButtons = useRef(new Map<string, HTMLButtonElement>());
  /** Where focus goes once the list has re-rendered: a review's Delete, or the list itself. */
  const focusNext = useRef<string | null>(null);
  const asked = useRef<string | null>(null);

  // Asking puts focus on the 'Delete' that confirms; Cancel gives it back to the review's own Delete; a
  // deletion leaves it on the list.
  useEffect(() => {
    const opened = asking !== null && asking !== asked.current;
    asked.current = asking;
    if (opened && asking) confirmButtons.current.get(asking)?.focus();
    if (asking) return;
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'list') listRef.current?.focus();
    else if (target) deleteButtons.current.get(target)?.focus();
  });

  const cancel = (review: Review) => {
    focusNext.current = review._id;
    setAsking(null);
  };
  const confirm = async (review: Review) => {
    setFailure(null);
    try {
      await remove.mutateAsync(review._id);
      focusNext.current = 'list';
      setAsking(null);
    } catch (refused) {
      setFailure(`The review was not deleted: ${errorText(refused)}`);
    }
  };

  if (reviews.isPending) return <LoadingSpinner label="Loading the reviews…" />;
  if (reviews.isError)
    return (
      <div className="modal-body">
        <AlertError
          message={`We could not load the reviews: ${errorText(reviews.error)}`}
          dismissible={false}
          onRetry={() => reviews.refetch()}
        />
      </div>
    );

  return (
    <div className="modal-body">
      {failure ? <AlertError message={failure} onClose={() => setFailure(null)} className="mb-3" /> : null}
      {reviews.data.length === 0 ? (
        <p
          ref={(node) => {
            listRef.current = node;
          }}
          tabIndex={-1}
          className="admin-reviews__empty"
        >
          {NO_REVIEWS_TEXT}
        </p>
      ) : (
        <ul
          ref={(node) => {
            listRef.current = node;
          }}
          tabIndex={-1}
          className="admin-reviews"
          aria-label="Reviews"
        >
          {reviews.data.map((review) => (
            <li key={review._id} className="admin-review">
              <UserAvatar image={review.user.image} name={review.user.username} size="sm" />
              <div className="admin-review__body">
                <div className="admin-review__head">
                  <span className="admin-review__user">{review.user.username}</span>
                  <RatingStars rating={review.rating} zeroAsStars />
                  <time className="admin-review__date" dateTime={review.date}>
                    {review.date.slice(0, 10)}
                  </time>
                </div>
                <p className="admin-review__text">{review.description}</p>
                {asking === review._id ? (
                  <fieldset className="admin-review__confirm">
                    <legend className="admin-review__question">Are you sure?</legend>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-dark"
                      disabled={remove.isPending}
                      onClick={() => cancel(review)}
                    >
                      Cancel
                    </button>
                    <button
                      type="button"
                      ref={(node) => {
                        if (node) confirmButtons.current.set(review._id, node);
                        else confirmButtons.current.delete(review._id);
                      }}
                      className="btn btn-sm btn-danger"
                      disabled={remove.isPending}
                      onClick={() => confirm(review)}
                    >
                      {remove.isPending ? 'Deleting…' : 'Delete'}
                    </button>
                  </fieldset>
                ) : (
                  <button
                    type="button"
                    ref={(node) => {
                      if (node) deleteButtons.current.set(review._id, node);
                      else deleteButtons.current.delete(review._id);
                    }}
                    className="btn btn-sm btn-outline-danger"
                    aria-label={`Delete the review by ${review.user.username}`}
                    onClick={() => {
                      setFailure(null);
                      setAsking(review._id);
                    }}
                  >
                    Delete
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
