import type { ActivityEvent } from '@shop/contracts';
import { Link } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSpinner } from '../../../components/loading-cards';
import { ActivityItem } from './activity-item';
import { ActivityPager } from './activity-pager';
import type { ActivityFilter, useActivity } from './api/get-activity';

export const NO_ACTIVITY_TEXT = 'No staff activity yet';
export const NO_MATCH_TEXT = 'No staff activity matches these filters';
export const NO_MORE_TEXT = 'No more staff activity';

interface ActivityBodyProps {
  activity: ReturnType<typeof useActivity>;
  events: ActivityEvent[];
  filter: ActivityFilter;
  filtered: boolean;
  hasNext: boolean;
  /** The address with these parameters changed (the page restarts at 1 unless it is one of them). */
  withParams: (changes: Record<string, string | undefined>) => string;
  /** Shows every kind and staff member (Show all activity). */
  onShowAll: () => void;
  onFollowPage: () => void;
}

/** The events as they stand: loading, a failure with Retry, none (on this page or filter), or the list. */
export function ActivityBody({
  activity,
  events,
  filter,
  filtered,
  hasNext,
  withParams,
  onShowAll,
  onFollowPage,
}: ActivityBodyProps) {
  if (activity.isPending) return <LoadingSpinner label="Loading the staff activity" />;
  if (activity.isError && !activity.isPlaceholderData) {
    return (
      <AlertError
        message={`We could not load the staff activity: ${activity.error.message}`}
        dismissible={false}
        onRetry={() => activity.refetch()}
      />
    );
  }
  if (events.length === 0) {
    if (filter.page > 1) {
      return (
        <EmptyState text={NO_MORE_TEXT}>
          <Link to={withParams({ page: '1' })} className="btn btn-outline-dark">
            Back to the first page
          </Link>
        </EmptyState>
      );
    }
    if (filtered) {
      return (
        <EmptyState text={NO_MATCH_TEXT}>
          <button type="button" className="btn btn-outline-dark" onClick={onShowAll}>
            Show all activity
          </button>
        </EmptyState>
      );
    }
    return <EmptyState text={NO_ACTIVITY_TEXT} />;
  }
  return (
    <div className="admin-activity__body" aria-busy={activity.isPlaceholderData}>
      <ol className="activity-list" aria-label="Staff actions, newest first">
        {events.map((event) => (
          <ActivityItem
            key={event._id}
            event={event}
            actorLink={filter.actor ? undefined : withParams({ actor: event.actor._id })}
          />
        ))}
      </ol>
      {filter.page > 1 || hasNext ? (
        <ActivityPager
          page={filter.page}
          previous={filter.page > 1 ? withParams({ page: String(filter.page - 1) }) : undefined}
          next={hasNext ? withParams({ page: String(filter.page + 1) }) : undefined}
          onFollow={onFollowPage}
        />
      ) : null}
    </div>
  );
}
