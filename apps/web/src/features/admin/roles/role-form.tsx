import {
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
  ROLE_NAME_MESSAGE,
  ROLE_NAME_PATTERN,
  type StaffRole,
} from '@shop/contracts';
import { type FormEvent, useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { BusyLabel } from '../shared/busy-label';
import { useCreateRole, useUpdateRole } from './api/staff-roles';

/** The permissions grouped as the dashboard's tabs are, so a role reads like a list of what it may do. */
export const PERMISSION_GROUPS: { label: string; permissions: Permission[] }[] = [
  { label: 'Orders', permissions: ['orders.read', 'orders.refund', 'orders.cancel', 'fulfilment.ship'] },
  { label: 'Returns', permissions: ['returns.decide', 'returns.receive'] },
  {
    label: 'Catalogue',
    permissions: ['products.write', 'promotions.write', 'drops.write', 'shipping.write', 'tax.write'],
  },
  { label: 'People', permissions: ['users.read', 'users.write', 'users.roles', 'credit.grant'] },
  { label: 'Figures', permissions: ['sales.read', 'exports.read', 'audit.read', 'settings.write'] },
];

/**
 * A custom role's form: its name (when new) and its permissions as checkboxes. `role` null makes one;
 * a role given changes its permissions (a name does not change: members hold it by name).
 */
export function RoleForm({
  role,
  onSaved,
  onCancel,
}: {
  role: StaffRole | null;
  onSaved: (saved: StaffRole, added: boolean) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [name, setName] = useState(role?.name ?? '');
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const [problem, setProblem] = useState<{ name?: string; permissions?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(permission);
    else next.delete(permission);
    setChosen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const permissions = PERMISSIONS.filter((permission) => chosen.has(permission));
    const found = {
      name: role || ROLE_NAME_PATTERN.test(name) ? undefined : `The name ${ROLE_NAME_MESSAGE}`,
      permissions: permissions.length > 0 ? undefined : 'Choose at least one permission',
    };
    setProblem(found.name || found.permissions ? found : null);
    if (found.name || found.permissions) return;
    try {
      const saved = role
        ? await update.mutateAsync({ name: role.name, permissions })
        : await create.mutateAsync({ name, permissions });
      onSaved(saved, role === null);
    } catch (error) {
      setFailure(errorText(error, 'Please try again.'));
    }
  };

  return (
    <form
      className="admin-form admin-roles__form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="admin-form__title">
        {role ? `Permissions of ${role.name}` : 'A new role'}
      </h3>
      {role ? null : (
        <div className="mb-3">
          <label htmlFor={`${id}-name`} className="form-label">
            Name
          </label>
          <input
            id={`${id}-name`}
            className={`form-control${problem?.name ? ' is-invalid' : ''}`}
            value={name}
            maxLength={32}
            autoComplete="off"
            aria-invalid={problem?.name ? true : undefined}
            aria-describedby={`${id}-name-hint${problem?.name ? ` ${id}-name-error` : ''}`}
            onChange={(event) => setName(event.target.value.toLowerCase())}
          />
          <p id={`${id}-name-hint`} className="form-text">
            Lower-case letters, digits and dashes, such as <code>weekend-support</code>.
          </p>
          {problem?.name ? (
            <p id={`${id}-name-error`} className="invalid-feedback d-block">
              {problem.name}
            </p>
          ) : null}
        </div>
      )}
      <PermissionChecks id={id} chosen={chosen} onToggle={toggle} error={problem?.permissions} />
      {failure ? (
        <AlertError message={`The role was not saved: ${failure}`} onClose={() => setFailure(null)} />
      ) : null}
      <div className="admin-form__buttons">
        <button type="submit" className="btn btn-dark" disabled={busy}>
          <BusyLabel busy={busy} busyText="Saving…">
            {role ? 'Save permissions' : 'Create role'}
          </BusyLabel>
        </button>
        <button type="button" className="btn btn-outline-dark" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The permissions as checkboxes, by group, with the form's complaint when none is chosen. */
function PermissionChecks({
  id,
  chosen,
  onToggle,
  error,
}: {
  id: string;
  chosen: ReadonlySet<Permission>;
  onToggle: (permission: Permission, on: boolean) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="admin-roles__permissions" aria-describedby={error ? `${id}-perm-error` : undefined}>
      <legend className="form-label">What members of the role may do</legend>
      {PERMISSION_GROUPS.map((group) => (
        <div key={group.label} className="admin-roles__group">
          <p className="admin-roles__group-label">{group.label}</p>
          {group.permissions.map((permission) => (
            <div key={permission} className="form-check">
              <input
                id={`${id}-${permission}`}
                className="form-check-input"
                type="checkbox"
                checked={chosen.has(permission)}
                onChange={(event) => onToggle(permission, event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`${id}-${permission}`}>
                {PERMISSION_LABELS[permission]} <code className="admin-roles__code">{permission}</code>
              </label>
            </div>
          ))}
        </div>
      ))}
      {error ? (
        <p id={`${id}-perm-error`} className="invalid-feedback d-block">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
