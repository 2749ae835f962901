import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ActivityPagerProps {
  page: number;
  /** The addresses of the pages before and after, when there are. */
  previous: string | undefined;
  next: string | undefined;
  /** Called when either link is followed (reading goes on from the top of the list). */
  onFollow: () => void;
}

/** Previous, the page number and Next; a link with no page to go to is a disabled button. */
export function ActivityPager({ page, previous, next, onFollow }: ActivityPagerProps) {
  return (
    <nav className="activity-pager" aria-label="Activity pages">
      <PagerLink to={previous} onFollow={onFollow}>
        <span aria-hidden="true">‹</span> Previous
      </PagerLink>
      <span className="activity-pager__page">Page {page}</span>
      <PagerLink to={next} onFollow={onFollow}>
        Next <span aria-hidden="true">›</span>
      </PagerLink>
    </nav>
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
