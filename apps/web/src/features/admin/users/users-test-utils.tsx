import type { AdminUser } from '@shop/contracts';
import type { ApiHandler } from '../../../test/mock-api';
import { BOSS, renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { AdminUsersTab } from './users-tab';

/** Test helpers for the staff's Users tab: users shaped as GET /api/users lists them, the tab rendered. */

export const ANA_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** Ana, a shopper since March 2024, unless told otherwise. */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: ANA_ID,
    username: 'ana',
    email: 'ana@example.com',
    emailVerified: true,
    image: '',
    status: true,
    roles: ['user'],
    createdAt: '2024-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The Users tab at `entry` with the admin (BOSS) signed in; the handler answers the users API. */
export function renderUsers(handler: ApiHandler, entry = '/account/users') {
  return renderStaffRoutes({
    routes: { '/account/users': <AdminUsersTab /> },
    entry,
    handler,
    session: staffSession(BOSS),
  });
}
