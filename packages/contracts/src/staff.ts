import {
  GRACE_DAYS_MAX,
  PERMISSIONS,
  ROLE_NAME_MESSAGE,
  ROLE_NAME_PATTERN,
  SHOPPER_ROLE,
} from './staff-rules';
import { z } from './zod';

export const permissionSchema = z.enum(PERMISSIONS, {
  error: `must be one of ${PERMISSIONS.join(', ')}`,
});

/** A role's name as a body or a path names it. */
export const roleNameSchema = z
  .string({ error: 'is required' })
  .regex(ROLE_NAME_PATTERN, { error: ROLE_NAME_MESSAGE });

/** `GET /api/staff/permissions`: every permission and what it allows. */
export const permissionListSchema = z.object({
  permissions: z.array(z.object({ name: permissionSchema, label: z.string() })),
});

/** A role as the roles screen shows it. */
export const staffRoleSchema = z.object({
  name: z.string(),
  permissions: z.array(permissionSchema),
  /** Built-in roles cannot be changed or deleted. */
  builtIn: z.boolean(),
  /** Accounts that hold it (suspended ones included). */
  members: z.number().int(),
});
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const staffRoleListSchema = z.object({ roles: z.array(staffRoleSchema) });

const permissionsField = z
  .array(permissionSchema, { error: 'must be a list of permissions' })
  .min(1, { error: 'must name at least one permission' })
  .max(PERMISSIONS.length, { error: `must list at most ${PERMISSIONS.length} permissions` })
  .refine((list) => new Set(list).size === list.length, { error: 'must not name a permission twice' });

/** `POST /api/staff/roles`: a custom role from the permissions. */
export const staffRoleBodySchema = z
  .object({
    name: roleNameSchema.refine((name) => name !== SHOPPER_ROLE, { error: "is the shoppers' role" }),
    permissions: permissionsField,
  })
  .strict();
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;

/** `PUT /api/staff/roles/:name`: a custom role's new permissions. */
export const staffRoleUpdateSchema = z.object({ permissions: permissionsField }).strict();
export const staffRoleParamsSchema = z.object({ name: roleNameSchema });

/** `PUT /api/staff/settings` and its answer. */
export const staffSettingsSchema = z.object({
  /** Roles whose members must have a second factor. */
  requireTwoFactor: z.array(roleNameSchema).max(100, { error: 'must list at most 100 roles' }),
  /** Days a member may go without the required factor after it became required for them. */
  graceDays: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be at least 0' })
    .max(GRACE_DAYS_MAX, { error: `must be at most ${GRACE_DAYS_MAX}` }),
  /** The most store credit one grant may give, in the shop's currency, for every member but an admin (null: no cap). */
  creditGrantLimit: z
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be at least 0' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .nullable(),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;
export const staffSettingsUpdateSchema = staffSettingsSchema.partial().strict();
