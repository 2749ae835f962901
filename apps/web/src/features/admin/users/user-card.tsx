import type { AdminUser } from '@shop/contracts';
import { useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { UserAvatar } from '../../../components/user-avatar';
import { errorText } from '../../../lib/api';
import { type SwitchChange, useUserSwitch } from './api/user-switches';
import { CreditDisclosure } from './user-credit';
import { day } from './users-view';

interface UserCardProps {
  user: AdminUser;
  /** The signed-in admin's own card: nothing on it can be changed from here. */
  self: boolean;
  onDelete: (user: AdminUser) => void;
}

const failureText = (change: SwitchChange, error: unknown) => {
  const reason = errorText(error, 'Please try again.');
  const what =
    change.kind === 'status'
      ? change.value
        ? 'was not reactivated'
        : 'was not suspended'
      : change.value === 'admin'
        ? 'was not made an admin'
        : 'is still an admin';
  return { what, reason };
};

/**
 * One user: picture, username, e-mail, role, joined date, the Status switch (on: active; off suspends) and
 * the Admin switch (on: admin; off: user), and Delete. A refused flip goes back and says why.
 */
export function UserCard({ user, self, onDelete }: UserCardProps) {
  const id = useId();
  const flip = useUserSwitch(user);
  const [failure, setFailure] = useState<{ what: string; reason: string } | null>(null);
  const isAdmin = user.roles[0] === 'admin';
  const nameId = `${id}-name`;
  const noteId = `${id}-self`;
  const locked = self || flip.isPending;

  const change = (next: SwitchChange) => {
    setFailure(null);
    flip.mutate(next, { onError: (error) => setFailure(failureText(next, error)) });
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
        <li className={`admin-user-badge admin-user-badge--${isAdmin ? 'admin' : 'user'}`}>
          <span className="visually-hidden">Role: </span>
          {isAdmin ? 'admin' : 'user'}
        </li>
        {user.status ? null : <li className="admin-user-badge admin-user-badge--suspended">suspended</li>}
        {user.emailVerified ? null : <li className="admin-user-badge">e-mail not verified</li>}
        {self ? <li className="admin-user-badge admin-user-badge--self">you</li> : null}
      </ul>

      <p className="admin-user-card__joined">
        Joined <time dateTime={user.createdAt}>{day(user.createdAt)}</time>
      </p>

      <div className="admin-user-card__switches">
        <div className="form-check form-switch admin-user-switch">
          <input
            id={`${id}-status`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={user.status}
            aria-checked={user.status}
            disabled={locked}
            aria-describedby={self ? noteId : undefined}
            onChange={(event) => change({ kind: 'status', value: event.target.checked })}
          />
          <label className="form-check-label" htmlFor={`${id}-status`}>
            Status <span className="visually-hidden">of {user.email}</span>
            <span className="admin-user-switch__value" aria-hidden="true">
              {user.status ? 'active' : 'suspended'}
            </span>
          </label>
        </div>
        <div className="form-check form-switch admin-user-switch">
          <input
            id={`${id}-admin`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={isAdmin}
            aria-checked={isAdmin}
            disabled={locked}
            aria-describedby={self ? noteId : undefined}
            onChange={(event) => change({ kind: 'role', value: event.target.checked ? 'admin' : 'user' })}
          />
          <label className="form-check-label" htmlFor={`${id}-admin`}>
            Admin <span className="visually-hidden">role for {user.email}</span>
            <span className="admin-user-switch__value" aria-hidden="true">
              {isAdmin ? 'on' : 'off'}
            </span>
          </label>
        </div>
      </div>

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
      </div>
    </article>
  );
}
