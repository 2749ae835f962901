import { useId } from 'react';
import { ActivityBody } from './activity-body';
import { KindFilter } from './kind-filter';
import { StaffFilter } from './staff-filter';
import { useActivityTab } from './use-activity-tab';
import '../shared/admin.css';
import './activity.css';

export { NO_ACTIVITY_TEXT, NO_MATCH_TEXT, NO_MORE_TEXT } from './activity-body';

/**
 * /account/activity (admins): every staff action, newest first, who did it, when and what changed;
 * by kind and by staff member (`?kind=&actor=`), a page at a time (`?page=`).
 */
export function AdminActivityTab() {
  const tab = useActivityTab();
  const { filter, apply } = tab;
  const headingId = useId();
  const kindId = useId();

  return (
    <section className="admin-page admin-activity" aria-labelledby={headingId}>
      <div className="admin-activity__head">
        <h2 id={headingId} ref={tab.heading} tabIndex={-1} className="admin-title">
          Activity
        </h2>
        <p className="admin-activity__lead">Every staff action, newest first.</p>
      </div>

      <div className="activity-filters">
        <KindFilter id={kindId} kind={filter.kind} onChange={(kind) => apply({ kind })} />
        <StaffFilter
          actor={filter.actor}
          actorName={tab.actorName}
          onPick={tab.pickActor}
          onClear={() => apply({ actor: undefined })}
        />
      </div>

      <ActivityBody
        activity={tab.activity}
        events={tab.events}
        filter={filter}
        filtered={tab.filtered}
        hasNext={tab.hasNext}
        withParams={tab.withParams}
        onShowAll={() => apply({ kind: undefined, actor: undefined })}
        onFollowPage={tab.focusHeadingNext}
      />
    </section>
  );
}
