import { AlertError } from '../../../components/alert-error';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface QueryStatusProps {
  query: QueryLike;
  /** What the spinner says to those who cannot see it: 'Loading the drops'. */
  loading: string;
  /** The start of the failure's sentence, before the server's words: 'We could not load the drops'. */
  failure: string;
  /** Bootstrap's padding around the spinner. */
  spacing?: 'py-3' | 'py-4' | 'py-5';
  small?: boolean;
  /** Whether the failure can be closed (its Retry stays either way). */
  dismissible?: boolean;
}

/** A query's spinner while it loads, or its failure with Retry; nothing once it has answered. */
export function QueryStatus({
  query,
  loading,
  failure,
  spacing = 'py-5',
  small = false,
  dismissible = false,
}: QueryStatusProps) {
  if (query.isPending) {
    return (
      <div className={`d-flex justify-content-center ${spacing}`} role="status">
        <span className={`spinner-border${small ? ' spinner-border-sm' : ''} text-dark`} aria-hidden="true" />
        <span className="visually-hidden">{loading}</span>
      </div>
    );
  }
  if (!query.isError) return null;
  return (
    <AlertError
      message={`${failure}: ${query.error?.message ?? ''}`}
      dismissible={dismissible}
      onRetry={() => query.refetch()}
    />
  );
}
