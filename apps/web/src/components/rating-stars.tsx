import { MAX_RATING } from '@shop/contracts';

/** 0 shows 'New'; otherwise a star bar filled to rating/5. */
export function RatingStars({ rating }: { rating: number }) {
  const rounded = Math.round(rating);
  if (rounded === 0) return <span className="badge text-bg-warning rating-new">New</span>;
  const width = `${(rounded / MAX_RATING) * 100}%`;
  return (
    <span className="rating-stars" role="img" aria-label={`Rated ${rounded} out of ${MAX_RATING}`}>
      <span className="rating-stars__empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="rating-stars__full" style={{ width }} aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}
