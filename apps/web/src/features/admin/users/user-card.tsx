import { type AdminUser, isStaffRole } from '@shop/contracts';
import { useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { UserAvatar } from '../../../components/user-avatar';
import { errorText } from '../../../lib/api';
import { formatDay } from '../../../lib/dates';
import { usePermissions } from '../../../lib/permissions';
import { useStaffRoles } from '../roles/api/staff-roles';
import { type SwitchChange, useUserSwitch } from './api/user-switches';
import { EraseUser } from './erase-user';
import { ExportUser } from './export-user';
import { CreditDisclosure } from './user-credit';

interface UserCardProps {
  user: AdminUser;
  /** The signed-in admin's own card: nothing on it can be changed from here. */
  self: boolean;
  onDelete: (user: AdminUser) => void;
}

const failureText = (change: SwitchChange, role: string, error: unknown) => {
  const reason = errorText(error, 'Please try again.');
  const what =
    change.kind === 'status'
      ? change.value
        ? 'was not reactivated'
        : 'was not suspended'
      : change.value === 'admin'
        ? 'was not made an admin'
        : change.value === 'user'
          ? `is still ${role === 'admin' ? 'an admin' : `staff (${role})`}`
          : `was not given the role ${change.value}`;
  return { what, reason };
};

/**
 * One user: picture, username, e-mail, role, joined date, the Status switch (on: active; off suspends) and
 * the Admin switch (on: admin; off: user), Export data, Erase data and Delete. A refused flip goes back and
 * says why.
 */
export function UserCard({ user, self, onDelete }: UserCardProps) {
  const id = useId();
  const flip = useUserSwitch(user);
  const [failure, setFailure] = useState<{ what: string; reason: string } | null>(null);
  const role = user.roles[0] ?? 'user';
  const isAdmin = role === 'admin';
  const permissions = usePermissions();
  const mayWrite = permissions.has('users.write');
  const mayRead = permissions.has('users.read');
  const mayGiveRoles = permissions.has('users.roles');
  const nameId = `${id}-name`;
  const noteId = `${id}-self`;
  const locked = self || flip.isPending;

  const change = (next: SwitchChange) => {
    setFailure(null);
    flip.mutate(next, { onError: (error) => setFailure(failureText(next, role, error)) });
  };

  return (
    <article
      className={`admin-card admin-user-card${user.status ? '' : ' admin-user-card--suspended'}${self ? ' admin-user-card--self' : ''}`}
      aria-labelledby={nameId}
    >
      <div className="admin-user-card__head">
        <UserAvatar image={user.image} name={user.username || user.email} size="md" />
        <div className="admin-user-card__who">
          <h3 id={nameId} className="admin-user-card__name">
            {user.username || user.email}
          </h3>
          <p className="admin-user-card__email">{user.email}</p>
        </div>
      </div>

      <ul className="admin-user-card__badges" aria-label={`About ${user.email}`}>
        <li className={`admin-user-badge admin-user-badge--${isStaffRole(role) ? 'admin' : 'user'}`}>
          <span className="visually-hidden">Role: </span>
          {role}
        </li>
        {user.status ? null : <li className="admin-user-badge admin-user-badge--suspended">suspended</li>}
        {user.emailVerified ? null : <li className="admin-user-badge">e-mail not verified</li>}
        {self ? <li className="admin-user-badge admin-user-badge--self">you</li> : null}
      </ul>

      <p className="admin-user-card__joined">
        Joined <time dateTime={user.createdAt}>{formatDay(user.createdAt)}</time>
      </p>

      <div className="admin-user-card__switches">
        {mayWrite ? (
          <UserSwitch
            id={`${id}-status`}
            checked={user.status}
            label="Status"
            hidden={`of ${user.email}`}
            value={user.status ? 'active' : 'suspended'}
            disabled={locked}
            describedBy={self ? noteId : undefined}
            onChange={(checked) => change({ kind: 'status', value: checked })}
          />
        ) : null}
        {mayGiveRoles ? (
          <UserSwitch
            id={`${id}-admin`}
            checked={isAdmin}
            label="Admin"
            hidden={`role for ${user.email}`}
            value={isAdmin ? 'on' : 'off'}
            disabled={locked}
            describedBy={self ? noteId : undefined}
            onChange={(checked) => change({ kind: 'role', value: checked ? 'admin' : 'user' })}
          />
        ) : null}
      </div>
      {mayGiveRoles ? (
        <RoleSelect
          id={`${id}-role`}
          email={user.email}
          role={role}
          disabled={locked}
          describedBy={self ? noteId : undefined}
          onChange={(value) => change({ kind: 'role', value })}
        />
      ) : null}

      {failure ? (
        <AlertError
          message={`${user.username || user.email} ${failure.what}: ${failure.reason}`}
          onClose={() => setFailure(null)}
          className="admin-user-card__alert mb-0"
        />
      ) : null}

      <CreditDisclosure user={user} />

      <div className="admin-user-card__foot">
        {self ? (
          <p id={noteId} className="admin-user-card__self">
            This is you: another admin must change or delete your account.
          </p>
        ) : null}
        {mayRead ? <ExportUser user={user} /> : null}
        {mayWrite && !self && !isStaffRole(role) ? <EraseUser user={user} disabled={locked} /> : null}
        {mayWrite ? (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm admin-user-card__delete"
            disabled={locked}
            aria-label={`Delete user ${user.email}`}
            aria-describedby={self ? noteId : undefined}
            onClick={() => onDelete(user)}
          >
            Delete
          </button>
        ) : null}
      </div>
    </article>
  );
}

/** The role select (users.roles): a shopper, a built-in role or one the owner made. */
function RoleSelect({
  id,
  email,
  role,
  disabled,
  describedBy,
  onChange,
}: {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  describedBy: string | undefined;
  onChange: (role: string) => void;
}) {
  const roles = useStaffRoles();
  const names = ['user', ...(roles.data?.map((item) => item.name) ?? [])];
  if (!names.includes(role)) names.push(role);
  return (
    <div className="admin-user-card__role">
      <label className="form-label" htmlFor={id}>
        Role <span className="visually-hidden">of {email}</span>
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={role}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {names.map((name) => (
          <option key={name} value={name}>
            {name === 'user' ? 'user (shopper)' : name}
          </option>
        ))}
      </select>
    </div>
  );
}

interface UserSwitchProps {
  id: string;
  checked: boolean;
  label: string;
  /** Said after the label to screen readers: whose switch it is. */
  hidden: string;
  /** Shown after the label: where the switch stands, in words. */
  value: string;
  disabled: boolean;
  describedBy: string | undefined;
  onChange: (checked: boolean) => void;
}

/** One of a card's switches (a real checkbox), large enough to hit with a thumb. */
function UserSwitch({ id, checked, label, hidden, value, disabled, describedBy, onChange }: UserSwitchProps) {
  return (
    <div className="form-check form-switch admin-user-switch">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label} <span className="visually-hidden">{hidden}</span>
        <span className="admin-user-switch__value" aria-hidden="true">
          {value}
        </span>
      </label>
    </div>
  );
}
