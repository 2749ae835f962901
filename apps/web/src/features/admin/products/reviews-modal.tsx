import Modal from 'react-bootstrap/Modal';
import { AlertError } from '../../../components/alert-error';
import { LoadingSpinner } from '../../../components/loading-cards';
import { errorText } from '../../../lib/api';
import type { AdminProduct } from './products-api';
import { ProductsModal } from './products-modal';
import { ReviewItem } from './review-item';
import { useLastShown } from './use-last-shown';
import { useReviewList } from './use-review-list';

export const NO_REVIEWS_TEXT = 'There are no reviews yet';

interface ReviewsModalProps {
  /** Whose reviews to show; null closes the modal. */
  product: AdminProduct | null;
  onHide: () => void;
}

/** A product's reviews for the staff: who wrote each, the stars, the text and the date, and Delete. */
export function ReviewsModal({ product, onHide }: ReviewsModalProps) {
  // The last product stays on screen while the modal fades out.
  const shown = useLastShown(product);
  return (
    <ProductsModal
      show={product !== null}
      onHide={onHide}
      titleId="admin-reviews-title"
      title={
        <>Reviews{shown ? <span className="admin-products-modal__subtitle">{shown.name}</span> : null}</>
      }
      scrollable
    >
      {shown ? <ReviewList key={shown._id} productId={shown._id} /> : null}
      <Modal.Footer>
        <button type="button" className="btn btn-dark" onClick={onHide}>
          Close
        </button>
      </Modal.Footer>
    </ProductsModal>
  );
}

function ReviewList({ productId }: { productId: string }) {
  const list = useReviewList(productId);
  const { reviews } = list;

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
      {list.failure ? (
        <AlertError message={list.failure} onClose={list.dismissFailure} className="mb-3" />
      ) : null}
      {reviews.data.length === 0 ? (
        <p ref={list.listRef} tabIndex={-1} className="admin-reviews__empty">
          {NO_REVIEWS_TEXT}
        </p>
      ) : (
        <ul ref={list.listRef} tabIndex={-1} className="admin-reviews" aria-label="Reviews">
          {reviews.data.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              asking={list.asking === review._id}
              deleting={list.deleting}
              onAsk={list.ask}
              onCancel={list.cancel}
              onConfirm={list.confirm}
              deleteButtons={list.deleteButtons}
              confirmButtons={list.confirmButtons}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
