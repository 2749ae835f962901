import {
  permissionListSchema,
  staffRoleBodySchema,
  staffRoleListSchema,
  staffRoleParamsSchema,
  staffRoleSchema,
  staffRoleUpdateSchema,
  staffSettingsSchema,
  staffSettingsUpdateSchema,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireStepUp } from '../../plugins/session';
import * as staff from './staff.service';

/** The owner's roles and staff settings (issue 38): who may do what on the staff's routes. */
export const staffRoutes: FastifyPluginAsyncZod<{ deps: staff.StaffDeps }> = async (app, { deps }) => {
  /** The member changing roles: users.roles, and a fresh second factor (or the password). */
  const roleChanger = async (request: FastifyRequest) => {
    const member = await requirePermission(request, 'users.roles');
    await requireStepUp(request);
    return member;
  };

  app.get(
    '/api/staff/permissions',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['staff'],
        summary: 'Every permission a role can hold, and what it allows (users.roles)',
        response: { 200: permissionListSchema, ...refusals(401, 403) },
      },
    },
    async () => staff.listPermissions(),
  );

  app.get(
    '/api/staff/roles',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['staff'],
        summary: "The built-in roles, then the owner's, with their permissions and members (users.roles)",
        response: { 200: staffRoleListSchema, ...refusals(401, 403) },
      },
    },
    async () => staff.listRoles(app.db),
  );

  app.post(
    '/api/staff/roles',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['staff'],
        summary: 'Make a role from the permissions (users.roles, stepped up); 409 when the name is taken',
        body: staffRoleBodySchema,
        response: { 201: staffRoleSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await staff.createRole(deps, await roleChanger(request), request.body)),
  );

  app.put(
    '/api/staff/roles/:name',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['staff'],
        summary: "Change a role's permissions (users.roles); built-in roles cannot change (409)",
        params: staffRoleParamsSchema,
        body: staffRoleUpdateSchema,
        response: { 200: staffRoleSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      staff.updateRole(deps, await roleChanger(request), request.params.name, request.body.permissions),
  );

  app.delete(
    '/api/staff/roles/:name',
    {
      preValidation: permitted('users.roles'),
      schema: {
        tags: ['staff'],
        summary: 'Delete a role nobody holds (users.roles); 409 for a built-in or held role',
        params: staffRoleParamsSchema,
        response: { 204: z.null(), ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await staff.deleteRole(deps, await roleChanger(request), request.params.name);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/staff/settings',
    {
      preValidation: permitted('settings.write'),
      schema: {
        tags: ['staff'],
        summary:
          'The staff settings: roles that must have a second factor, its grace days, the credit grant cap',
        response: { 200: staffSettingsSchema, ...refusals(401, 403) },
      },
    },
    async () => staff.getSettings(app.db),
  );

  app.put(
    '/api/staff/settings',
    {
      preValidation: permitted('settings.write'),
      schema: {
        tags: ['staff'],
        summary: 'Change the staff settings (settings.write); every role named must be a staff role',
        body: staffSettingsUpdateSchema,
        response: { 200: staffSettingsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const owner = await requirePermission(request, 'settings.write');
      await requireStepUp(request);
      return staff.updateSettings(deps, owner, request.body);
    },
  );
};
