/** '137 products', or '1,000+ products' past what the shop counts exactly. */
export const countText = (total: number, exact: boolean) =>
  exact ? (total === 1 ? '1 product' : `${total} products`) : `${total.toLocaleString('en-US')}+ products`;

/** The catalogue's heading ('Sneakers', or the search with Clear search) and how many products match. */
export function CatalogHeader({
  search,
  title,
  status,
  onClearSearch,
}: {
  search: string | undefined;
  /** The heading without a search: 'Sneakers', or 'Upcoming drops'. */
  title: string;
  /** How many products match, or that they are loading. */
  status: string;
  onClearSearch: () => void;
}) {
  return (
    <header className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
      <div className="me-auto">
        {search ? (
          <div className="d-flex align-items-center flex-wrap gap-2">
            <h1 className="catalog__title mb-0">Results for "{search}"</h1>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary rounded-pill"
              onClick={onClearSearch}
            >
              <span aria-hidden="true">✕ </span>Clear search
            </button>
          </div>
        ) : (
          <h1 className="catalog__title mb-0">{title}</h1>
        )}
        <p className="text-muted mb-0 mt-1 small" role="status" aria-live="polite" aria-atomic="true">
          {status}
        </p>
      </div>
    </header>
  );
}
