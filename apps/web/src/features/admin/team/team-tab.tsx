import { roleLabel, type StaffMember } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatInstant } from '../../../lib/dates';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { TableHead } from '../shared/table-head';
import { useEndSessions, useStaff } from './api/team';
import { InviteForm } from './invite-form';
import '../shared/admin.css';
import './team.css';

export const END_SESSIONS_TITLE = 'End their sessions?';

/**
 * /account/team (users.read): the members of staff (role, second factor, last sign-in), "End sessions" for a
 * member after asking (users.write), and an invitation by e-mail with a role (users.roles).
 */
export function AdminTeamTab() {
  const id = useId();
  const staff = useStaff();
  const permissions = usePermissions();
  const endSessions = useEndSessions();
  const [ending, setEnding] = useState<StaffMember | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = async () => {
    if (!ending) return;
    const { ended } = await endSessions.mutateAsync(ending);
    setDone(
      `${ending.username} was signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'}).`,
    );
    setEnding(null);
  };

  return (
    <StaffPage
      id={id}
      className="admin-team"
      title="Team"
      headingRef={heading}
      count={
        staff.data ? `${staff.data.length} ${staff.data.length === 1 ? 'member' : 'members'}` : undefined
      }
      intro="Who works on the shop, with their role. End a member's sessions to sign them out everywhere at once; invite someone with a role by e-mail."
    >
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}
      {staff.isPending || staff.isError ? (
        <QueryStatus query={staff} what="the team" spacing="py-4" dismissible />
      ) : (
        <MembersTable
          members={staff.data}
          mayEnd={permissions.has('users.write')}
          onEnd={(member) => {
            setDone(null);
            endSessions.reset();
            setEnding(member);
          }}
        />
      )}
      {permissions.has('users.roles') ? <InviteForm /> : null}
      <ConfirmModal
        show={ending !== null}
        title={END_SESSIONS_TITLE}
        confirmLabel="End sessions"
        busyLabel="Ending…"
        busy={endSessions.isPending}
        error={endSessions.error ? endSessions.error.message : null}
        onConfirm={() => {
          confirm().catch(() => undefined);
        }}
        onCancel={() => setEnding(null)}
        onExited={() => heading.current?.focus()}
      >
        {ending ? (
          <p className="mb-0">
            <strong>{ending.username}</strong> ({ending.email}) will be signed out on every device at once,
            and must sign in again.
          </p>
        ) : null}
      </ConfirmModal>
    </StaffPage>
  );
}

function MembersTable({
  members,
  mayEnd,
  onEnd,
}: {
  members: StaffMember[];
  /** Whether the viewer may end others' sessions (users.write). */
  mayEnd: boolean;
  onEnd: (member: StaffMember) => void;
}) {
  // One's own sessions end from the Sessions tab (or Sign out), not from here.
  const { user } = useSession();
  return (
    <table className="admin-table admin-team__table">
      <caption className="visually-hidden">Members of staff, by name</caption>
      <TableHead columns={['Name', 'E-mail', 'Role', 'Second factor', 'Last sign-in']} actions />
      <tbody>
        {members.map((member) => (
          <tr key={member.id}>
            <th scope="row" className="admin-table__wide admin-team__name">
              {member.username}
            </th>
            <td data-label="E-mail" className="admin-table__wide">
              {member.email}
            </td>
            <td data-label="Role">{roleLabel(member.role)}</td>
            <td data-label="Second factor">
              <span className={`admin-team__factor admin-team__factor--${member.twoFactor ? 'on' : 'off'}`}>
                {member.twoFactor ? 'Yes' : 'No'}
              </span>
            </td>
            <td data-label="Last sign-in" className="admin-table__wide">
              {formatInstant(member.lastSignInAt, { none: 'Not signed in' })}
            </td>
            <td className="admin-table__actions">
              {member.id === user?.uid ? (
                <span className="admin-team__you">You</span>
              ) : !mayEnd ? null : (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  onClick={() => onEnd(member)}
                  aria-label={`End the sessions of ${member.username}`}
                >
                  End sessions
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
