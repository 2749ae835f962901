import {
  BUILT_IN_ROLES,
  fromCents,
  isBuiltInRole,
  OWNER_ROLE,
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
  SHOPPER_ROLE,
  type StaffRole,
  type StaffRoleBody,
  type StaffSettings,
  toCents,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../plugins/session';
import * as users from '../users';
import * as repository from './staff.repository';

/** What the staff rules need from the app. */
export interface StaffDeps {
  db: Db;
  /** Where changes to roles and settings are published (the audit trail listens). */
  events: DomainEvents;
}

const NONE: readonly Permission[] = [];

/** Keeps the known permissions of a stored list, in the contracts' order. */
function known(list: readonly string[]): Permission[] {
  return PERMISSIONS.filter((permission) => list.includes(permission));
}

/**
 * What a role may do: a built-in role's permissions, a custom role's as stored (read afresh, so a change
 * holds at once on every instance), nothing for a shopper or a role that no longer exists.
 */
export async function permissionsOfRole(db: DbOrTx, role: string): Promise<readonly Permission[]> {
  if (role === SHOPPER_ROLE) return NONE;
  const builtIn = BUILT_IN_ROLES[role];
  if (builtIn) return builtIn;
  const row = await repository.findRole(db, role);
  return row ? known(row.permissions) : NONE;
}

/** Whether a person may be given this role: the shopper's, a built-in one, or one the owner made. */
export async function roleExists(db: DbOrTx, role: string): Promise<boolean> {
  return isBuiltInRole(role) || (await repository.findRole(db, role)) !== undefined;
}

/** `GET /api/staff/permissions`. */
export function listPermissions() {
  return { permissions: PERMISSIONS.map((name) => ({ name, label: PERMISSION_LABELS[name] })) };
}

/** `GET /api/staff/roles`: the built-in roles, then the owner's, each with how many accounts hold it. */
export async function listRoles(db: DbOrTx): Promise<{ roles: StaffRole[] }> {
  const [custom, members] = await Promise.all([repository.findRoles(db), users.membersByRole(db)]);
  const builtIn = Object.entries(BUILT_IN_ROLES).map(([name, permissions]) => ({
    name,
    permissions: [...permissions],
    builtIn: true,
    members: members.get(name) ?? 0,
  }));
  const made = custom.map((row) => ({
    name: row.name,
    permissions: known(row.permissions),
    builtIn: false,
    members: members.get(row.name) ?? 0,
  }));
  return { roles: [...builtIn, ...made] };
}

function refuseBuiltIn(name: string, what: string): void {
  if (isBuiltInRole(name))
    throw new AppError('CONFLICT', `${name} is a built-in role: it cannot be ${what}`, {
      name: 'is a built-in role',
    });
}

/** One custom role as `GET /api/staff/roles` lists it (after it was made or changed). */
async function roleOf(db: DbOrTx, name: string): Promise<StaffRole> {
  const row = await repository.findRole(db, name);
  if (!row) throw AppError.notFound('Role');
  const members = (await users.membersByRole(db)).get(name) ?? 0;
  return { name, permissions: known(row.permissions), builtIn: false, members };
}

/** `POST /api/staff/roles`: a role of the owner's; 409 when the name is taken (built in, or made before). */
export async function createRole(
  deps: StaffDeps,
  actor: CurrentUser,
  body: StaffRoleBody,
): Promise<StaffRole> {
  refuseBuiltIn(body.name, 'made again');
  await deps.events.transaction(deps.db, async (tx, publish) => {
    if (!(await repository.insertRole(tx, body.name, body.permissions)))
      throw new AppError('CONFLICT', `A role named ${body.name} exists already`, { name: 'is taken' });
    await publish({
      type: 'staff.role-created',
      staffId: body.name,
      actorId: actor.id,
      before: null,
      after: { name: body.name, permissions: body.permissions },
    });
  });
  return roleOf(deps.db, body.name);
}

/** `PUT /api/staff/roles/:name`: a custom role's permissions, for its members from their next request. */
export async function updateRole(
  deps: StaffDeps,
  actor: CurrentUser,
  name: string,
  permissions: Permission[],
): Promise<StaffRole> {
  refuseBuiltIn(name, 'changed');
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.findRole(tx, name, 'update');
    if (!before) throw AppError.notFound('Role');
    await repository.updateRole(tx, name, permissions);
    await publish({
      type: 'staff.role-updated',
      staffId: name,
      actorId: actor.id,
      before: { permissions: known(before.permissions) },
      after: { permissions },
    });
  });
  return roleOf(deps.db, name);
}

/**
 * `DELETE /api/staff/roles/:name`: only a role nobody holds (409 naming how many do). Holds the staff lock,
 * so no one is given the role while it goes.
 */
export async function deleteRole(deps: StaffDeps, actor: CurrentUser, name: string): Promise<void> {
  refuseBuiltIn(name, 'deleted');
  await deps.events.transaction(deps.db, async (tx, publish) => {
    await users.lockStaff(tx);
    const before = await repository.findRole(tx, name, 'update');
    if (!before) throw AppError.notFound('Role');
    const holders = (await users.membersByRole(tx)).get(name) ?? 0;
    if (holders > 0)
      throw new AppError(
        'CONFLICT',
        `${holders} ${holders === 1 ? 'account holds' : 'accounts hold'} the role ${name}: give them another role first`,
        { name: 'is held by accounts' },
      );
    await repository.deleteRole(tx, name);
    const settings = await repository.findSettings(tx, 'update');
    if (settings.requireTwoFactor.includes(name)) {
      const kept = settings.requireTwoFactor.filter((role) => role !== name);
      await repository.saveSettings(tx, requiredRoles(settings, kept));
    }
    await publish({
      type: 'staff.role-deleted',
      staffId: name,
      actorId: actor.id,
      before: { name, permissions: known(before.permissions) },
      after: null,
    });
  });
}

/**
 * The roles that need a second factor, each with when it began to (kept for a role that stays, now for
 * one added), so a member's grace is counted from then (`twoFactorDue`).
 */
function requiredRoles(before: repository.StaffSettingsRow, roles: readonly string[]) {
  const now = new Date().toISOString();
  const requireTwoFactor = [...new Set(roles)];
  const twoFactorRequiredSince = Object.fromEntries(
    requireTwoFactor.map((role) => [role, before.twoFactorRequiredSince[role] ?? now]),
  );
  return { requireTwoFactor, twoFactorRequiredSince };
}

function settingsToWire(row: repository.StaffSettingsRow): StaffSettings {
  return {
    requireTwoFactor: row.requireTwoFactor,
    graceDays: row.graceDays,
    creditGrantLimit: row.creditGrantLimitCents === null ? null : fromCents(row.creditGrantLimitCents),
  };
}

/** `GET /api/staff/settings`. */
export async function getSettings(db: DbOrTx): Promise<StaffSettings> {
  return settingsToWire(await repository.findSettings(db));
}

/** `PUT /api/staff/settings`: every role it requires a factor of must exist (400 naming the first that does not). */
export async function updateSettings(
  deps: StaffDeps,
  actor: CurrentUser,
  update: Partial<StaffSettings>,
): Promise<StaffSettings> {
  await deps.events.transaction(deps.db, async (tx, publish) => {
    const before = await repository.findSettings(tx, 'update');
    for (const role of update.requireTwoFactor ?? []) {
      if (role === SHOPPER_ROLE || !(await roleExists(tx, role)))
        throw new AppError('VALIDATION_ERROR', `${role} is not a staff role`, {
          requireTwoFactor: `${role} is not a staff role`,
        });
    }
    await repository.saveSettings(tx, {
      ...(update.requireTwoFactor ? requiredRoles(before, update.requireTwoFactor) : {}),
      ...(update.graceDays !== undefined ? { graceDays: update.graceDays } : {}),
      ...(update.creditGrantLimit !== undefined
        ? {
            creditGrantLimitCents: update.creditGrantLimit === null ? null : toCents(update.creditGrantLimit),
          }
        : {}),
    });
    const after = await repository.findSettings(tx);
    await publish({
      type: 'staff.settings-updated',
      staffId: 'settings',
      actorId: actor.id,
      before: settingsToWire(before),
      after: settingsToWire(after),
    });
  });
  return getSettings(deps.db);
}

/**
 * The most one grant of store credit may give `actor`, in cents: no cap for an admin (the owner's role) or
 * while the owner set none.
 */
export async function creditGrantLimitCents(db: DbOrTx, actor: CurrentUser): Promise<number | null> {
  if (actor.role === OWNER_ROLE) return null;
  return (await repository.findSettings(db)).creditGrantLimitCents;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The parts of an account its standing as staff depends on. */
export interface Member {
  id: string;
  role: string;
  /** When it was given its role (null: since it was made). */
  roleSince: Date | null;
  createdAt: Date;
}

/** What a member may do, and by when they must add the second factor their role needs (null: nothing needed). */
export interface Standing {
  permissions: readonly Permission[];
  twoFactorDue: Date | null;
}

/**
 * A member's standing: their role's permissions, and, when the owner requires a second factor of the role
 * and `hasSecondFactor` says the account has none, the moment from which their permissions are held back:
 * the grace (`graceDays`) after the later of when the role began to need one and when they were given it.
 */
export async function standing(
  db: DbOrTx,
  member: Member,
  hasSecondFactor: (db: DbOrTx, userId: string) => Promise<boolean>,
): Promise<Standing> {
  const permissions = await permissionsOfRole(db, member.role);
  if (permissions.length === 0) return { permissions, twoFactorDue: null };
  const settings = await repository.findSettings(db);
  if (!settings.requireTwoFactor.includes(member.role)) return { permissions, twoFactorDue: null };
  if (await hasSecondFactor(db, member.id)) return { permissions, twoFactorDue: null };
  const required = Date.parse(settings.twoFactorRequiredSince[member.role] ?? '') || 0;
  const given = (member.roleSince ?? member.createdAt).getTime();
  return { permissions, twoFactorDue: new Date(Math.max(required, given) + settings.graceDays * DAY_MS) };
}
