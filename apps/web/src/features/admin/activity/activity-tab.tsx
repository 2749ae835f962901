import { type ActivityEvent, AUDIT_KINDS, type AuditKind, userIdSchema } from '@shop/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSpinner } from '../../../components/loading-cards';
import { changesOf, describe, KIND_GROUPS, KIND_LABELS, quoteOf, showsChanges } from './activity-describe';
import { ACTIVITY_PAGE_SIZE, type ActivityFilter, useActivity } from './api/get-activity';
import { StaffFilter, type StaffMember, staffName } from './staff-filter';
import './activity.css';

export const NO_ACTIVITY_TEXT = 'No staff activity yet';
export const NO_MATCH_TEXT = 'No staff activity matches these filters';
export const NO_MORE_TEXT = 'No more staff activity';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The filter and page the address names; anything it cannot mean is left out. */
export function readFilter(params: URLSearchParams): ActivityFilter {
  const kind = params.get('kind') ?? '';
  const actor = params.get('actor') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    kind: (AUDIT_KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : undefined,
    actor: userIdSchema.safeParse(actor).success ? actor : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * /account/activity (admins): every staff action, newest first, who did it, when and what changed;
 * by kind and by staff member (`?kind=&actor=`), a page at a time (`?page=`).
 */
export function AdminActivityTab() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const activity = useActivity(filter);
  const headingId = useId();
  const kindId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const [picked, setPicked] = useState<StaffMember | undefined>();

  // After a page change from the pager, reading goes on from the top of the list.
  useEffect(() => {
    if (!focusHeading.current || activity.isPlaceholderData || !activity.data) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [activity.data, activity.isPlaceholderData]);

  /** The address with these parameters changed (undefined removes one); the page restarts at 1. */
  const withParams = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'page' && value === '1')) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const apply = (changes: Record<string, string | undefined>) =>
    setParams(new URLSearchParams(withParams(changes)), { preventScrollReset: true });

  const events = activity.data?.events ?? [];
  const filtered = filter.kind !== undefined || filter.actor !== undefined;
  const hasNext = events.length >= ACTIVITY_PAGE_SIZE;
  const actorName =
    picked && picked._id === filter.actor
      ? picked
      : events.find((event) => event.actor._id === filter.actor)?.actor;

  return (
    <section className="admin-activity" aria-labelledby={headingId}>
      <div className="admin-activity__head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="admin-activity__title">
          Activity
        </h2>
        <p className="admin-activity__lead">Every staff action, newest first.</p>
      </div>

      <div className="activity-filters">
        <div className="activity-filter">
          <label htmlFor={kindId} className="activity-filter__label">
            Kind of action
          </label>
          <select
            id={kindId}
            className="form-select form-select-sm"
            value={filter.kind ?? ''}
            onChange={(event) => apply({ kind: event.target.value })}
          >
            <option value="">All actions</option>
            {KIND_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <StaffFilter
          actor={filter.actor}
          actorName={actorName}
          onPick={(member) => {
            setPicked(member);
            apply({ actor: member._id });
          }}
          onClear={() => apply({ actor: undefined })}
        />
      </div>

      {activity.isPending ? (
        <LoadingSpinner label="Loading the staff activity" />
      ) : activity.isError && !activity.isPlaceholderData ? (
        <AlertError
          message={`We could not load the staff activity: ${activity.error.message}`}
          dismissible={false}
          onRetry={() => activity.refetch()}
        />
      ) : events.length === 0 ? (
        filter.page > 1 ? (
          <EmptyState text={NO_MORE_TEXT}>
            <Link to={withParams({ page: '1' })} className="btn btn-outline-dark">
              Back to the first page
            </Link>
          </EmptyState>
        ) : filtered ? (
          <EmptyState text={NO_MATCH_TEXT}>
            <button
              type="button"
              className="btn btn-outline-dark"
              onClick={() => apply({ kind: undefined, actor: undefined })}
            >
              Show all activity
            </button>
          </EmptyState>
        ) : (
          <EmptyState text={NO_ACTIVITY_TEXT} />
        )
      ) : (
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
            <nav className="activity-pager" aria-label="Activity pages">
              <PagerLink
                to={filter.page > 1 ? withParams({ page: String(filter.page - 1) }) : undefined}
                onFollow={() => {
                  focusHeading.current = true;
                }}
              >
                <span aria-hidden="true">‹</span> Previous
              </PagerLink>
              <span className="activity-pager__page">Page {filter.page}</span>
              <PagerLink
                to={hasNext ? withParams({ page: String(filter.page + 1) }) : undefined}
                onFollow={() => {
                  focusHeading.current = true;
                }}
              >
                Next <span aria-hidden="true">›</span>
              </PagerLink>
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}

function PagerLink({
  to,
  onFollow,
  children,
}: {
  to: string | undefined;
  onFollow: () => void;
  children: ReactNode;
}) {
  if (to === undefined) {
    return (
      <button type="button" className="btn btn-outline-dark btn-sm" disabled>
        {children}
      </button>
    );
  }
  return (
    <Link to={to} className="btn btn-outline-dark btn-sm" onClick={onFollow}>
      {children}
    </Link>
  );
}

function ActivityItem({ event, actorLink }: { event: ActivityEvent; actorLink?: string }) {
  const { action, subject, tail } = describe(event);
  const changes = showsChanges(event) ? changesOf(event) : [];
  const quote = quoteOf(event);
  const name = staffName(event.actor);
  const date = new Date(event.date);
  return (
    <li className="activity-item">
      <div className="activity-item__meta">
        <time dateTime={event.date} className="activity-item__time">
          {Number.isNaN(date.getTime()) ? event.date : dateTime.format(date)}
        </time>
        <span className={`activity-kind activity-kind--${event.kind.split('.')[0]}`}>
          {KIND_LABELS[event.kind] ?? event.kind}
        </span>
      </div>
      <p className="activity-item__what">
        {actorLink ? (
          <Link to={actorLink} className="activity-item__who" aria-label={`${name}: show only their actions`}>
            {name}
          </Link>
        ) : (
          <strong className="activity-item__who">{name}</strong>
        )}
        {event.actor.email && event.actor.username ? (
          <span className="activity-item__email"> ({event.actor.email})</span>
        ) : null}{' '}
        {action}
        {subject ? (
          <>
            {' '}
            {subject.to ? (
              <Link to={subject.to} className="activity-item__subject">
                {subject.text}
              </Link>
            ) : (
              <span className="activity-item__subject">{subject.text}</span>
            )}
          </>
        ) : null}
        {tail ? ` ${tail}` : null}
      </p>
      {changes.length > 0 ? (
        <ul className="activity-diff" aria-label="Changes">
          {changes.map((change) => (
            <li key={change.field}>
              <span className="activity-diff__field">{change.field}:</span>{' '}
              <span className="activity-diff__before">{change.before}</span> →{' '}
              <span className="activity-diff__after">{change.after}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {quote ? <blockquote className="activity-item__quote">“{quote}”</blockquote> : null}
    </li>
  );
}
