/**
 * Staff roles and permissions (issue 38, docs/decisions/0037), free of zod so any page can import them
 * cheaply. A person's role is one name: `user` (a shopper) or a staff role, built in or made by the owner
 * from the permissions below. The server checks a permission on every staff route; the dashboard shows
 * only what a member's permissions allow.
 */

export const PERMISSIONS = [
  'orders.read',
  'orders.refund',
  'orders.cancel',
  'fulfilment.ship',
  'returns.decide',
  'returns.receive',
  'products.write',
  'promotions.write',
  'drops.write',
  'shipping.write',
  'tax.write',
  'users.read',
  'users.write',
  'users.roles',
  'credit.grant',
  'exports.read',
  'audit.read',
  'sales.read',
  'settings.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a member do, as the roles screen and a refusal say it. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'orders.read': 'See every order and its customer',
  'orders.refund': 'Refund orders',
  'orders.cancel': 'Cancel orders',
  'fulfilment.ship': 'Pack and ship orders',
  'returns.decide': 'Approve and reject returns',
  'returns.receive': 'Receive returned parcels',
  'products.write': 'Add, change and archive products',
  'promotions.write': 'Create and change promotions',
  'drops.write': 'Plan and run drops',
  'shipping.write': 'Change shipping methods',
  'tax.write': 'Change tax settings, rates and registrations',
  'users.read': 'See customers and their accounts',
  'users.write': 'Suspend, change and delete accounts',
  'users.roles': "Change members' roles, and the roles themselves",
  'credit.grant': 'Grant store credit',
  'exports.read': 'Download CSV exports',
  'audit.read': 'Read the activity trail',
  'sales.read': 'See sales, stock and the tax report',
  'settings.write': "Change the shop's staff and security settings",
};

/** A shopper's role: no staff permission at all. */
export const SHOPPER_ROLE = 'user';
/** The role with every permission; the shop always keeps at least one active member in it. */
export const OWNER_ROLE = 'admin';

const every = (...except: Permission[]): Permission[] =>
  PERMISSIONS.filter((permission) => !except.includes(permission));

/** The built-in staff roles and their permissions (not editable; the owner adds custom roles beside them). */
export const BUILT_IN_ROLES: Readonly<Record<string, readonly Permission[]>> = {
  admin: every(),
  manager: every('users.roles', 'settings.write'),
  fulfilment: ['orders.read', 'fulfilment.ship', 'returns.receive'],
  support: ['orders.read', 'users.read', 'returns.decide', 'credit.grant'],
  catalogue: ['products.write', 'promotions.write', 'drops.write', 'sales.read'],
};

/** How the built-in roles are named in words; a role the owner made goes by its name. */
const ROLE_LABELS: Readonly<Record<string, string>> = {
  user: 'Shopper',
  admin: 'Admin',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
  catalogue: 'Catalogue',
};

/** A role in words: 'Admin', 'Support', or a custom role's own name. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

/** A custom role's name: lower case letters, digits and dashes, 2 to 32, starting with a letter. */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;
export const ROLE_NAME_MESSAGE =
  'must be 2 to 32 lower-case letters, digits or dashes, starting with a letter';

/** Whether a role is a staff role (the spec: 'user' means a shopper, any other value staff). */
export function isStaffRole(role: string | null | undefined): boolean {
  return Boolean(role) && role !== SHOPPER_ROLE;
}

/** Whether a role is one of the built-in ones, or the shopper's. */
export function isBuiltInRole(role: string): boolean {
  return role === SHOPPER_ROLE || Object.hasOwn(BUILT_IN_ROLES, role);
}

/** The days a member of a role that requires a second factor may go without one: 0 to 365. */
export const GRACE_DAYS_MAX = 365;
