import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from './busy-label';

interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
}

/** 'Load more' under a list read a page at a time, and why the next page did not come when it failed. */
export function LoadMore({ pages, what }: { pages: MorePages /** 'orders' */; what: string }) {
  return (
    <div className="admin-more">
      {pages.isFetchNextPageError ? (
        <AlertError message={`We could not load more ${what}: ${pages.error?.message ?? ''}`} />
      ) : null}
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-dark"
          disabled={pages.isFetchingNextPage}
          onClick={() => pages.fetchNextPage()}
        >
          <BusyLabel busy={pages.isFetchingNextPage} busyText="Loading…">
            Load more
          </BusyLabel>
        </button>
      ) : null}
    </div>
  );
}
