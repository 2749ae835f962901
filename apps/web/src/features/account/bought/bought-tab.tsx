import type { BoughtItem } from '@shop/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSpinner } from '../../../components/loading-cards';
import { RatingStars } from '../../../components/rating-stars';
import { formatDay } from '../../../lib/dates';
import { FIT_LABELS } from '../../../lib/sizes';
import { useAccount } from '../account-context';
import { AccountSection } from '../account-section';
import { useBought } from '../api/get-bought';
import { ReviewForm } from './review-form';

export const NO_BOUGHT_TEXT = 'With your first purchase you can add a review to the product.';
export const REVIEW_SENT_MESSAGE = 'Your review was sent. Thank you!';

/** /account/bought: one card per product of the user's aprobed orders, each with its review or 'make your review'. */
export function BoughtTab() {
  const { user } = useAccount();
  const bought = useBought(user.uid);

  return (
    <AccountSection
      name="bought"
      title="Bought"
      aside={
        bought.data && bought.data.length > 0 ? (
          <p className="account-section-count">
            {bought.data.length === 1 ? '1 product' : `${bought.data.length} products`}
          </p>
        ) : null
      }
    >
      {bought.isPending ? (
        <LoadingSpinner label="Loading what you bought" className="py-5" spinnerClassName="text-dark" />
      ) : bought.isError ? (
        <AlertError
          message={`We could not load what you bought: ${bought.error.message}`}
          dismissible={false}
          onRetry={() => bought.refetch()}
        />
      ) : bought.data.length === 0 ? (
        <EmptyState text={NO_BOUGHT_TEXT}>
          <Link to="/home" className="btn btn-accent">
            Browse products
          </Link>
        </EmptyState>
      ) : (
        <ul
          className="row row-cols-1 row-cols-lg-2 g-3 align-items-start list-unstyled mb-0"
          aria-label="Products you bought"
        >
          {bought.data.map((item) => (
            <li key={item.product._id} className="col">
              <BoughtCard uid={user.uid} item={item} />
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}

function BoughtCard({ uid, item }: { uid: string; item: BoughtItem }) {
  const { product, review } = item;
  const [writing, setWriting] = useState(false);
  const [sent, setSent] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const reviewBox = useRef<HTMLDivElement>(null);

  const close = (after: 'sent' | 'back') => {
    setWriting(false);
    setSent(after === 'sent');
    // Focus goes back where the reader was: the review just sent, or the button that opened the form.
    requestAnimationFrame(() => (after === 'sent' ? reviewBox.current : opener.current)?.focus());
  };

  // The button that opens the review form: says what it does, and for which pair.
  const writeButton = (text: string, className: string) => (
    <button
      ref={opener}
      type="button"
      className={className}
      onClick={() => setWriting(true)}
      aria-label={`${text} of ${product.name}`}
    >
      {text}
    </button>
  );

  return (
    <article className="bought-card" aria-labelledby={`bought-${product._id}`}>
      <div className="bought-card__product">
        <img
          src={product.card_picture}
          alt=""
          width={160}
          height={120}
          loading="lazy"
          className="bought-card__img"
        />
        <div className="bought-card__info">
          <p className="bought-card__brand">{product.brand}</p>
          <h3 id={`bought-${product._id}`} className="bought-card__name">
            <Link to={`/home/${product._id}`} className="link-dark">
              {product.name}
            </Link>
          </h3>
          <p className="bought-card__date">Bought on {formatDay(item.date)}</p>
        </div>
      </div>

      {writing ? (
        <ReviewForm
          uid={uid}
          productId={product._id}
          productName={product.name}
          review={review}
          onDone={() => close('sent')}
          onBack={() => close('back')}
        />
      ) : review ? (
        <div ref={reviewBox} tabIndex={-1} className="bought-card__review">
          <div className="d-flex align-items-center gap-2 mb-1">
            <h4 className="bought-card__review-title">Your review</h4>
            <RatingStars rating={review.rating} zeroAsStars />
            <span className="small text-muted ms-auto">{formatDay(review.date)}</span>
          </div>
          {review.fit ? (
            <p className="small fw-semibold text-muted mb-1">Fit: {FIT_LABELS[review.fit].toLowerCase()}</p>
          ) : null}
          <p className="bought-card__review-text">{review.description}</p>
          {sent ? (
            <AlertSuccess
              message={REVIEW_SENT_MESSAGE}
              onClose={() => setSent(false)}
              className="mt-2 mb-2"
            />
          ) : null}
          {writeButton('Edit your review', 'btn btn-outline-dark btn-sm')}
        </div>
      ) : (
        <div className="bought-card__cta">{writeButton('make your review', 'btn btn-accent')}</div>
      )}
    </article>
  );
}
