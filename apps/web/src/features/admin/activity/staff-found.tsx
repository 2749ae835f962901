import type { UseQueryResult } from '@tanstack/react-query';
import { AlertError } from '../../../components/alert-error';
import { STAFF_SEARCH_LIMIT, type StaffSearch } from './api/find-staff';
import { type StaffMember, staffName } from './staff-member';

interface StaffFoundProps {
  /** The text searched for; '' before any search. */
  term: string;
  search: UseQueryResult<StaffSearch>;
  onPick: (member: StaffMember) => void;
}

/** What a staff search found: the staff members to pick from, or why there are none. */
export function StaffFound({ term, search, onPick }: StaffFoundProps) {
  return (
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
              <button type="button" className="activity-found__pick" onClick={() => onPick(member)}>
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
  );
}
