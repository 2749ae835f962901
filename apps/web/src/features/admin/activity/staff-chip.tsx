import { type StaffMember, staffName } from './staff-member';

interface StaffChipProps {
  /** Who the list is filtered by, when known. */
  member: StaffMember | undefined;
  showEveryoneRef: (element: HTMLElement | null) => void;
  onShowEveryone: () => void;
}

/** The staff member the activity is filtered by, and 'Show everyone'. */
export function StaffChip({ member, showEveryoneRef, onShowEveryone }: StaffChipProps) {
  return (
    <div className="activity-chip">
      <span className="activity-chip__text">
        {member ? (
          <>
            <strong>{staffName(member)}</strong>
            {member.email && member.username ? (
              <span className="activity-chip__email">{member.email}</span>
            ) : null}
          </>
        ) : (
          <strong>The chosen staff member</strong>
        )}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-dark"
        ref={showEveryoneRef}
        onClick={onShowEveryone}
      >
        Show everyone
      </button>
    </div>
  );
}
