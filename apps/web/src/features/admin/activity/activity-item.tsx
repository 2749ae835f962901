import type { ActivityEvent } from '@shop/contracts';
import { Link } from 'react-router';
import { formatInstant } from '../../../lib/dates';
import { changesOf, describe, KIND_LABELS, quoteOf, showsChanges } from './activity-describe';
import { staffName } from './staff-member';

/** One staff action: when, its kind, who (a link to only their actions), what, what changed, any quote. */
export function ActivityItem({ event, actorLink }: { event: ActivityEvent; actorLink?: string }) {
  const { action, subject, tail } = describe(event);
  const changes = showsChanges(event) ? changesOf(event) : [];
  const quote = quoteOf(event);
  const name = staffName(event.actor);
  return (
    <li className="activity-item">
      <div className="activity-item__meta">
        <time dateTime={event.date} className="activity-item__time">
          {formatInstant(event.date)}
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
