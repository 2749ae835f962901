import { type FormEvent, useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { STAFF_SEARCH_LIMIT, useStaffSearch } from './api/find-staff';

/** A staff member as the filter names them. */
export interface StaffMember {
  _id: string;
  username: string;
  email: string;
}

interface StaffFilterProps {
  /** The id the list is filtered by, if any. */
  actor?: string;
  /** Who that is, when known (from the search or from the events listed). */
  actorName?: StaffMember;
  onPick: (member: StaffMember) => void;
  onClear: () => void;
}

export const staffName = (member: Pick<StaffMember, 'username' | 'email'>) =>
  member.username || member.email || 'A former staff member';

/**
 * The "by staff member" filter. The users API cannot list admins alone, so the filter searches users by
 * username or e-mail and offers the admins among them; once one is chosen it shows who, and a way back.
 */
export function StaffFilter({ actor, actorName, onPick, onClear }: StaffFilterProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const search = useStaffSearch(term);
  const focusNext = useRef<'chip' | 'input' | null>(null);
  const focusOnMount = (kind: 'chip' | 'input') => (element: HTMLElement | null) => {
    if (element && focusNext.current === kind) {
      element.focus();
      focusNext.current = null;
    }
  };

  if (actor) {
    return (
      <fieldset className="activity-filter activity-filter--staff">
        <legend className="activity-filter__label">Staff member</legend>
        <div className="activity-chip">
          <span className="activity-chip__text">
            {actorName ? (
              <>
                <strong>{staffName(actorName)}</strong>
                {actorName.email && actorName.username ? (
                  <span className="activity-chip__email">{actorName.email}</span>
                ) : null}
              </>
            ) : (
              <strong>The chosen staff member</strong>
            )}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-outline-dark"
            ref={focusOnMount('chip')}
            onClick={() => {
              focusNext.current = 'input';
              onClear();
            }}
          >
            Show everyone
          </button>
        </div>
      </fieldset>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTerm(text.trim());
  };

  const pick = (member: StaffMember) => {
    focusNext.current = 'chip';
    setText('');
    setTerm('');
    onPick(member);
  };

  return (
    <fieldset className="activity-filter activity-filter--staff">
      <legend className="activity-filter__label">Staff member</legend>
      <form className="input-group input-group-sm" onSubmit={submit}>
        <label htmlFor={`${id}-staff`} className="visually-hidden">
          Find a staff member by username or e-mail
        </label>
        <input
          id={`${id}-staff`}
          ref={focusOnMount('input')}
          type="search"
          className="form-control"
          placeholder="Username or e-mail"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-dark" disabled={text.trim() === ''}>
          Find
        </button>
      </form>
      <div className="activity-found" aria-live="polite">
        {term === '' ? null : search.isPending ? (
          <p className="activity-found__note">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Looking for staff members…
          </p>
        ) : search.isError ? (
          <AlertError
            className="mb-0 mt-2"
            message={`We could not look for staff members: ${search.error.message}`}
            dismissible={false}
            onRetry={() => search.refetch()}
          />
        ) : search.data.staff.length === 0 ? (
          <p className="activity-found__note">
            No staff member matches “{term}”
            {search.data.matched > 0
              ? ` (${search.data.matched === 1 ? 'one user does' : `${search.data.matched} users do`}, not staff).`
              : '.'}
          </p>
        ) : (
          <ul className="activity-found__list" aria-label="Staff members found">
            {search.data.staff.map((member) => (
              <li key={member._id}>
                <button type="button" className="activity-found__pick" onClick={() => pick(member)}>
                  <span className="activity-found__name">{staffName(member)}</span>
                  <span className="activity-found__email">{member.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {search.data && search.data.matched >= STAFF_SEARCH_LIMIT ? (
          <p className="activity-found__note">
            Only the first {STAFF_SEARCH_LIMIT} matching users were looked through: type more of the name.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
