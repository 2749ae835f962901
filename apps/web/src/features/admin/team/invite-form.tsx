import { BUILT_IN_ROLES, roleLabel } from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyLabel } from '../../../components/busy-label';
import { ApiError } from '../../../lib/api';
import { useStaffRoles } from '../roles/api/staff-roles';
import { useInvite } from './api/team';

/** Invite someone to the staff by e-mail, with a role; the server's reasons show under their fields. */
export function InviteForm() {
  const id = useId();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('support');
  // The shop's roles, the owner's included; the built-in ones until they come.
  const roles = useStaffRoles();
  const names = roles.data?.map((item) => item.name) ?? Object.keys(BUILT_IN_ROLES);
  const [sent, setSent] = useState<string | null>(null);
  const fields = invite.error instanceof ApiError ? invite.error.fields : {};
  const emailError = fields.email ? `E-mail ${fields.email}` : null;
  const roleError = fields.role ? `Role ${fields.role}` : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          setSent(
            `${invitation.email} was invited as ${roleLabel(role)}. The link works once, for 72 hours.`,
          );
          setEmail('');
        },
      },
    );
  };

  return (
    <form className="admin-form team-invite" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="team-invite__title">
        Invite a member
      </h3>
      {sent ? (
        <AlertSuccess key={sent} message={sent} onClose={() => setSent(null)} className="mb-3" />
      ) : null}
      {invite.error && !emailError && !roleError ? (
        <AlertError message={`The invitation was not sent: ${invite.error.message}`} className="mb-3" />
      ) : null}
      <div className="team-invite__fields">
        <div className="team-invite__field team-invite__field--wide">
          <label htmlFor={`${id}-email`} className="form-label">
            E-mail
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            className={emailError ? 'form-control is-invalid' : 'form-control'}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            required
          />
          {emailError ? (
            <div id={`${id}-email-error`} className="invalid-feedback">
              {emailError}
            </div>
          ) : null}
        </div>
        <div className="team-invite__field">
          <label htmlFor={`${id}-role`} className="form-label">
            Role
          </label>
          <select
            id={`${id}-role`}
            className={roleError ? 'form-select is-invalid' : 'form-select'}
            value={role}
            onChange={(event) => setRole(event.target.value)}
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? `${id}-role-error` : undefined}
          >
            {names.map((value) => (
              <option key={value} value={value}>
                {roleLabel(value)}
              </option>
            ))}
          </select>
          {roleError ? (
            <div id={`${id}-role-error`} className="invalid-feedback">
              {roleError}
            </div>
          ) : null}
        </div>
        <button type="submit" className="btn btn-dark team-invite__submit" disabled={invite.isPending}>
          <BusyLabel busy={invite.isPending} text="Send invitation" busyText="Sending…" />
        </button>
      </div>
    </form>
  );
}
