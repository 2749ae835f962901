import { MAX_RATING } from '@shop/contracts';

/**
 * 0 shows 'New' (a product nobody rated yet); otherwise a star bar filled to rating/5. `zeroAsStars` draws 0
 * as five empty stars instead, for a rating someone gave (a review, the review form).
 */
export function RatingStars({ rating, zeroAsStars = false }: { rating: number; zeroAsStars?: boolean }) {
  const rounded = Number.isFinite(rating) ? Math.min(Math.max(Math.round(rating), 0), MAX_RATING) : 0;
  if (rounded === 0 && !zeroAsStars) return <span className="badge text-bg-warning rating-new">New</span>;
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
