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
import { useEndSessions, useResetTwoFactor, useStaff } from './api/team';
import { InviteForm } from './invite-form';
import '../shared/admin.css';
import './team.css';

export const END_SESSIONS_TITLE = 'End their sessions?';
export const RESET_TWO_FACTOR_TITLE = 'Reset their two-factor sign-in?';

/** What the owner asked to do to a member, awaiting confirmation. */
type Asked = { member: StaffMember; act: 'end-sessions' | 'reset-two-factor' };

/** Each act's confirmation: its title, its buttons' words, and what it does to the member. */
const ACTS = {
  'end-sessions': {
    title: END_SESSIONS_TITLE,
    confirm: 'End sessions',
    busy: 'Ending…',
    effect: 'will be signed out on every device at once, and must sign in again.',
  },
  'reset-two-factor': {
    title: RESET_TWO_FACTOR_TITLE,
    confirm: 'Reset two-factor',
    busy: 'Resetting…',
    effect:
      'loses their authenticator app, recovery codes and passkeys, signs in with their password alone, and is e-mailed to set a factor up again.',
  },
} as const;

/**
 * /account/team (users.read): the members of staff (role, second factor, last sign-in), "End sessions" for a
 * member after asking (users.write), "Reset two-factor" for a member who lost their factor (users.roles,
 * with a step-up), and an invitation by e-mail with a role (users.roles).
 */
export function AdminTeamTab() {
  const id = useId();
  const staff = useStaff();
  const permissions = usePermissions();
  const endSessions = useEndSessions();
  const resetTwoFactor = useResetTwoFactor();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const acting = asked?.act === 'reset-two-factor' ? resetTwoFactor : endSessions;
  const act = ACTS[asked?.act ?? 'end-sessions'];

  const confirm = async () => {
    if (!asked) return;
    const { member } = asked;
    if (asked.act === 'reset-two-factor') {
      await resetTwoFactor.mutateAsync(member);
      setDone(`${member.username}'s two-factor sign-in was reset; they were e-mailed.`);
    } else {
      const { ended } = await endSessions.mutateAsync(member);
      setDone(
        `${member.username} was signed out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'}).`,
      );
    }
    setAsked(null);
  };

  const ask = (member: StaffMember, what: Asked['act']) => {
    setDone(null);
    endSessions.reset();
    resetTwoFactor.reset();
    setAsked({ member, act: what });
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
      intro="Who works on the shop, with their role. End a member's sessions to sign them out everywhere at once; reset the two-factor sign-in of one who lost their phone; invite someone with a role by e-mail."
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
          mayReset={permissions.has('users.roles')}
          onAsk={ask}
        />
      )}
      {permissions.has('users.roles') ? <InviteForm /> : null}
      <ConfirmModal
        show={asked !== null}
        title={act.title}
        confirmLabel={act.confirm}
        busyLabel={act.busy}
        busy={acting.isPending}
        error={acting.error ? acting.error.message : null}
        onConfirm={() => {
          confirm().catch(() => undefined);
        }}
        onCancel={() => setAsked(null)}
        onExited={() => heading.current?.focus()}
      >
        {asked ? (
          <p className="mb-0">
            <strong>{asked.member.username}</strong> ({asked.member.email}) {act.effect}
          </p>
        ) : null}
      </ConfirmModal>
    </StaffPage>
  );
}

function MembersTable({
  members,
  mayEnd,
  mayReset,
  onAsk,
}: {
  members: StaffMember[];
  /** Whether the viewer may end others' sessions (users.write). */
  mayEnd: boolean;
  /** Whether the viewer may reset others' second factors (users.roles). */
  mayReset: boolean;
  onAsk: (member: StaffMember, act: Asked['act']) => void;
}) {
  // One's own sessions end from the Sessions tab (or Sign out), and one's own factors change in Security.
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
              ) : (
                <div className="admin-team__acts">
                  {mayReset && member.twoFactor ? (
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => onAsk(member, 'reset-two-factor')}
                      aria-label={`Reset the two-factor sign-in of ${member.username}`}
                    >
                      Reset two-factor
                    </button>
                  ) : null}
                  {mayEnd ? (
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      onClick={() => onAsk(member, 'end-sessions')}
                      aria-label={`End the sessions of ${member.username}`}
                    >
                      End sessions
                    </button>
                  ) : null}
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
