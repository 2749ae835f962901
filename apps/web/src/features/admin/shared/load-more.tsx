import { AlertError } from '../../../components/alert-error';
import { BusyButton } from './busy-label';

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
        <BusyButton
          className="btn btn-outline-dark"
          onClick={() => pages.fetchNextPage()}
          busy={pages.isFetchingNextPage}
          busyText="Loading…"
        >
          Load more
        </BusyButton>
      ) : null}
    </div>
  );
}
