import { useId } from 'react';
import { StaffChip } from './staff-chip';
import { StaffFound } from './staff-found';
import type { StaffMember } from './staff-member';
import { useStaffFilter } from './use-staff-filter';

interface StaffFilterProps {
  /** The id the list is filtered by, if any. */
  actor?: string;
  /** Who that is, when known (from the search or from the events listed). */
  actorName?: StaffMember;
  onPick: (member: StaffMember) => void;
  onClear: () => void;
}

/**
 * The "by staff member" filter. The users API cannot list admins alone, so the filter searches users by
 * username or e-mail and offers the admins among them; once one is chosen it shows who, and a way back.
 */
export function StaffFilter({ actor, actorName, onPick, onClear }: StaffFilterProps) {
  const id = useId();
  const filter = useStaffFilter(onPick, onClear);

  return (
    <fieldset className="activity-filter activity-filter--staff">
      <legend className="activity-filter__label">Staff member</legend>
      {/* One fieldset either way: only what is inside it changes when a member is chosen or let go. */}
      {actor ? (
        <StaffChip
          member={actorName}
          showEveryoneRef={filter.focusOnMount('chip')}
          onShowEveryone={filter.clear}
        />
      ) : (
        <>
          <form className="input-group input-group-sm" onSubmit={filter.submit}>
            <label htmlFor={`${id}-staff`} className="visually-hidden">
              Find a staff member by username or e-mail
            </label>
            <input
              id={`${id}-staff`}
              ref={filter.focusOnMount('input')}
              type="search"
              className="form-control"
              placeholder="Username or e-mail"
              autoComplete="off"
              maxLength={100}
              value={filter.text}
              onChange={(event) => filter.setText(event.target.value)}
            />
            <button type="submit" className="btn btn-dark" disabled={filter.text.trim() === ''}>
              Find
            </button>
          </form>
          <StaffFound term={filter.term} search={filter.search} onPick={filter.pick} />
        </>
      )}
    </fieldset>
  );
}
