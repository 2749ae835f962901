import { PERMISSION_LABELS, type StaffRole } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { usePermissions } from '../../../lib/permissions';
import { ConfirmDelete } from '../shared/confirm-delete';
import { QueryStatus } from '../shared/query-status';
import { StaffPage } from '../shared/staff-page';
import { useDeleteRole, useStaffRoles } from './api/staff-roles';
import { PrivacySettingsForm } from './privacy-settings-form';
import { RoleForm } from './role-form';
import { StaffSettingsForm } from './staff-settings-form';
import '../shared/admin.css';
import './roles.css';

export const DELETE_ROLE_TITLE = 'Delete this role?';

type Editing = { role: StaffRole | null } | null;

/**
 * /account/roles: the roles staff hold and what each may do (users.roles), the owner's own roles made,
 * changed and deleted here; and the staff settings (settings.write): which roles must have a second
 * factor, the grace days, and the most one grant of store credit may give.
 */
export function AdminRolesTab() {
  const id = useId();
  const permissions = usePermissions();
  const mayRoles = permissions.has('users.roles');
  const roles = useStaffRoles(mayRoles);
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StaffRole | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.name);
    setDone(`The role ${deleting.name} was deleted.`);
    setDeleting(null);
  };

  return (
    <StaffPage
      id={id}
      className="admin-roles"
      title="Roles"
      headingRef={heading}
      actions={
        mayRoles && !editing ? (
          <button
            type="button"
            className="btn btn-dark"
            onClick={() => {
              setDone(null);
              setEditing({ role: null });
            }}
          >
            New role
          </button>
        ) : null
      }
      intro="What each member of staff may do. Give a member a role in the Users tab; the built-in roles stay as they are, and you can make your own from the permissions."
    >
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}
      {editing ? (
        <RoleForm
          key={editing.role?.name ?? 'new'}
          role={editing.role}
          onSaved={(saved, added) => {
            setEditing(null);
            setDone(added ? `The role ${saved.name} was created.` : `The role ${saved.name} was saved.`);
            heading.current?.focus();
          }}
          onCancel={() => {
            setEditing(null);
            heading.current?.focus();
          }}
        />
      ) : null}

      {!mayRoles ? null : roles.isPending || roles.isError ? (
        <QueryStatus query={roles} what="the roles" spacing="py-4" dismissible />
      ) : (
        <ul className="admin-roles__list">
          {roles.data.map((role) => (
            <RoleCard
              key={role.name}
              role={role}
              onEdit={() => {
                setDone(null);
                setEditing({ role });
              }}
              onDelete={() => {
                setDone(null);
                remove.reset();
                setDeleting(role);
              }}
            />
          ))}
        </ul>
      )}

      {permissions.has('settings.write') ? <StaffSettingsForm roles={roles.data} /> : null}
      {permissions.has('settings.write') ? <PrivacySettingsForm /> : null}

      <ConfirmDelete
        show={deleting !== null}
        title={DELETE_ROLE_TITLE}
        busy={remove.isPending}
        error={remove.error ? remove.error.message : null}
        onConfirm={() => {
          confirmDelete().catch(() => undefined);
        }}
        onCancel={() => setDeleting(null)}
        onExited={() => heading.current?.focus()}
      >
        {deleting ? (
          <p className="mb-0">
            <strong>{deleting.name}</strong> will be gone. A role that members still hold cannot be deleted:
            give them another role first.
          </p>
        ) : null}
      </ConfirmDelete>
    </StaffPage>
  );
}

function RoleCard({ role, onEdit, onDelete }: { role: StaffRole; onEdit: () => void; onDelete: () => void }) {
  const id = useId();
  return (
    <li className="admin-card admin-roles__card" aria-labelledby={`${id}-name`}>
      <div className="admin-roles__head">
        <h3 id={`${id}-name`} className="admin-roles__name">
          {role.name}
        </h3>
        <span className="admin-roles__badge">{role.builtIn ? 'Built in' : 'Your role'}</span>
        <span className="admin-roles__members">
          {role.members} {role.members === 1 ? 'member' : 'members'}
        </span>
      </div>
      <ul className="admin-roles__permission-list" aria-label={`What ${role.name} may do`}>
        {role.permissions.map((permission) => (
          <li key={permission}>{PERMISSION_LABELS[permission]}</li>
        ))}
      </ul>
      {role.builtIn ? null : (
        <div className="admin-roles__actions">
          <button
            type="button"
            className="btn btn-outline-dark btn-sm"
            onClick={onEdit}
            aria-label={`Change ${role.name}`}
          >
            Change
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={onDelete}
            aria-label={`Delete ${role.name}`}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
