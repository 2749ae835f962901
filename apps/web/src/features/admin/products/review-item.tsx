import type { Review } from '@shop/contracts';
import type { RefObject } from 'react';
import { RatingStars } from '../../../components/rating-stars';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDay } from '../../../lib/dates';
import { refInto } from '../shared/element-refs';

interface ReviewItemProps {
  review: Review;
  /** 'Are you sure?' shows in place of Delete. */
  asking: boolean;
  deleting: boolean;
  onAsk: (review: Review) => void;
  onCancel: (review: Review) => void;
  onConfirm: (review: Review) => void;
  /** Where the reviews' Delete and confirming Delete buttons are kept, for focus to move to them. */
  deleteButtons: RefObject<Map<string, HTMLButtonElement>>;
  confirmButtons: RefObject<Map<string, HTMLButtonElement>>;
}

/** One review for the staff: who wrote it, the stars, the date, the text, and Delete (asked first). */
export function ReviewItem({
  review,
  asking,
  deleting,
  onAsk,
  onCancel,
  onConfirm,
  deleteButtons,
  confirmButtons,
}: ReviewItemProps) {
  return (
    <li className="admin-review">
      <UserAvatar image={review.user.image} name={review.user.username} size="sm" />
      <div className="admin-review__body">
        <div className="admin-review__head">
          <span className="admin-review__user">{review.user.username}</span>
          <RatingStars rating={review.rating} zeroAsStars />
          <time className="admin-review__date" dateTime={review.date}>
            {formatDay(review.date)}
          </time>
        </div>
        <p className="admin-review__text">{review.description}</p>
        {asking ? (
          <fieldset className="admin-review__confirm">
            <legend className="admin-review__question">Are you sure?</legend>
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              disabled={deleting}
              onClick={() => onCancel(review)}
            >
              Cancel
            </button>
            <button
              type="button"
              ref={refInto(confirmButtons, review._id)}
              className="btn btn-sm btn-danger"
              disabled={deleting}
              onClick={() => onConfirm(review)}
            >
              {deleting ? 'Deleting…' : 'Delete'}
            </button>
          </fieldset>
        ) : (
          <button
            type="button"
            ref={refInto(deleteButtons, review._id)}
            className="btn btn-sm btn-outline-danger"
            aria-label={`Delete the review by ${review.user.username}`}
            onClick={() => onAsk(review)}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
