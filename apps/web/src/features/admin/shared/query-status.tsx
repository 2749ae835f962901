import { AlertError } from '../../../components/alert-error';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface QueryStatusProps {
  query: QueryLike;
  /** What is read: 'the drops' ('Loading the drops', 'We could not load the drops: …'). */
  what: string;
  /** What the spinner says to those who cannot see it, when not 'Loading' and `what`. */
  loading?: string;
  /** Bootstrap's padding around the spinner. */
  spacing?: 'py-3' | 'py-4' | 'py-5';
  small?: boolean;
  /** Whether the failure can be closed (its Retry stays either way). */
  dismissible?: boolean;
}

/** A query's spinner while it loads, or its failure with Retry; nothing once it has answered. */
export function QueryStatus({
  query,
  what,
  loading = `Loading ${what}`,
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
      message={`We could not load ${what}: ${query.error?.message ?? ''}`}
      dismissible={dismissible}
      onRetry={() => query.refetch()}
    />
  );
}
