import { AlertError } from '../../../components/alert-error';

/** The paged query a list reads its next rows from (TanStack Query's infinite query). */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
}

/**
 * Under a list read a page at a time: how many rows it shows of all, why the next page could not be read,
 * and 'Show N more' (`onMore` reads it; the caller moves the focus to the first row it adds).
 */
export function ShowMore({
  shown,
  what,
  more,
  pages,
  onMore,
}: {
  /** "Showing 20 of 45 sizes." */
  shown: string;
  /** What the rows are, for the error: "sizes". */
  what: string;
  /** Rows the next page adds. */
  more: number;
  pages: NextPages;
  onMore: () => void;
}) {
  return (
    <div className="sales-low__more">
      <p className="sales-low__shown" role="status">
        {shown}
      </p>
      {pages.isFetchNextPageError ? (
        <AlertError message={`We could not load more ${what}: ${pages.error?.message ?? ''}`} />
      ) : null}
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-dark btn-sm sales-low__button"
          disabled={pages.isFetchingNextPage}
          onClick={onMore}
        >
          {pages.isFetchingNextPage ? (
            <>
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Loading…
            </>
          ) : (
            `Show ${more} more`
          )}
        </button>
      ) : null}
    </div>
  );
}
