import { BUILT_IN_ROLES, type StaffRole, type StaffSettings } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, errorBody } from '../../../test/mock-api';
import { renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { AdminRolesTab, DELETE_ROLE_TITLE } from './roles-tab';

const builtIn: StaffRole[] = Object.entries(BUILT_IN_ROLES).map(([name, permissions]) => ({
  name,
  permissions: [...permissions],
  builtIn: true,
  members: name === 'admin' ? 1 : 0,
}));
const PACKERS: StaffRole = { name: 'packers', permissions: ['orders.read'], builtIn: false, members: 0 };
const SETTINGS: StaffSettings = { requireTwoFactor: [], graceDays: 0, creditGrantLimit: null };

/** The tab with a scripted API holding `custom` roles (changed by the calls it lets through). */
function renderRoles(custom: StaffRole[], handler: ApiHandler = () => undefined, role = 'admin') {
  let roles = [...builtIn, ...custom];
  let settings = SETTINGS;
  let privacy = { erasureHoldDays: 0, unverifiedAccountDays: 30, recoveryRecordDays: 90 };
  return renderStaffRoutes({
    routes: { '/account/roles': <AdminRolesTab /> },
    entry: '/account/roles',
    session: staffSession(undefined, role),
    handler: async (call) => {
      const answer = await handler(call);
      if (answer) return answer;
      if (call.method === 'GET' && call.path === '/api/staff/roles') return { body: { roles } };
      if (call.method === 'POST' && call.path === '/api/staff/roles') {
        const made = {
          ...(call.body as { name: string; permissions: StaffRole['permissions'] }),
          builtIn: false,
          members: 0,
        };
        roles = [...roles, made];
        return { status: 201, body: made };
      }
      if (call.method === 'DELETE' && call.path.startsWith('/api/staff/roles/')) {
        roles = roles.filter((item) => !call.path.endsWith(`/${item.name}`));
        return { status: 204, body: null };
      }
      if (call.method === 'GET' && call.path === '/api/staff/settings') return { body: settings };
      if (call.method === 'GET' && call.path === '/api/settings/privacy') return { body: privacy };
      if (call.method === 'PUT' && call.path === '/api/settings/privacy') {
        privacy = call.body as typeof privacy;
        return { body: privacy };
      }
      if (call.method === 'PUT' && call.path === '/api/staff/settings') {
        settings = { ...settings, ...(call.body as Partial<StaffSettings>) };
        return { body: settings };
      }
      return undefined;
    },
  });
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement;

describe('Roles tab', () => {
  it("lists each role with what it may do and its members; only the owner's roles can change", async () => {
    renderRoles([PACKERS]);
    const support = await card('support');
    expect(within(support).getByText('Built in')).toBeInTheDocument();
    expect(within(support).getByRole('list', { name: 'What support may do' })).toHaveTextContent(
      'Grant store credit',
    );
    expect(within(support).queryByRole('button')).not.toBeInTheDocument();
    const packers = await card('packers');
    expect(within(packers).getByText('0 members')).toBeInTheDocument();
    expect(within(packers).getByRole('button', { name: 'Change packers' })).toBeInTheDocument();
  });

  it('makes a role from the permissions ticked, refusing a bad name or none ticked before asking', async () => {
    const { calls } = renderRoles([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New role' }));
    await user.type(screen.getByLabelText('Name'), 'Weekend Crew');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(screen.getByText(/The name must be 2 to 32 lower-case letters/)).toBeInTheDocument();
    expect(screen.getByText('Choose at least one permission')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'weekend-crew');
    await user.click(screen.getByRole('checkbox', { name: /Pack and ship orders/ }));
    await user.click(screen.getByRole('checkbox', { name: /See every order and its customer/ }));
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('The role weekend-crew was created.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'weekend-crew',
      permissions: ['orders.read', 'fulfilment.ship'],
    });
    expect(await card('weekend-crew')).toBeInTheDocument();
  });

  it('deletes a role after asking, and shows why the server refused one that members hold', async () => {
    const held = { ...PACKERS, members: 2 };
    renderRoles([held], (call) =>
      call.method === 'DELETE'
        ? {
            status: 409,
            body: errorBody('CONFLICT', '2 accounts hold the role packers: give them another role first'),
          }
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(within(await card('packers')).getByRole('button', { name: 'Delete packers' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_ROLE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/2 accounts hold the role packers/)).toBeInTheDocument();
  });

  it('saves the days an erasure waits after the last order, refusing what is not a whole number of days', async () => {
    const { calls } = renderRoles([]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: "People's data" });
    const field = within(form).getByLabelText('Days an erasure waits after the last order');
    expect(field).toHaveValue('0');
    await user.clear(field);
    await user.type(field, '12.5');
    await user.click(within(form).getByRole('button', { name: 'Save privacy settings' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('must be a whole number of days'));
    expect(calls.some((call) => call.path === '/api/settings/privacy' && call.method === 'PUT')).toBe(false);
    await user.clear(field);
    await user.type(field, '180');
    await user.click(within(form).getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('The privacy settings were saved.')).toBeInTheDocument();
    expect(
      calls.find((call) => call.path === '/api/settings/privacy' && call.method === 'PUT')?.body,
    ).toEqual({
      erasureHoldDays: 180,
      unverifiedAccountDays: 30,
      recoveryRecordDays: 90,
    });
  });

  it('saves the staff settings: the roles that need a second factor, grace days and the credit cap', async () => {
    const { calls } = renderRoles([]);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Security and limits' });
    await user.click(within(form).getByRole('checkbox', { name: 'admin' }));
    await user.clear(within(form).getByLabelText('Grace days'));
    await user.type(within(form).getByLabelText('Grace days'), '400');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByLabelText('Grace days')).toHaveAccessibleDescription(
      expect.stringContaining('Grace days must be a whole number of days from 0 to 365'),
    );

    await user.clear(within(form).getByLabelText('Grace days'));
    await user.type(within(form).getByLabelText('Grace days'), '3');
    await user.type(within(form).getByLabelText('Most store credit one grant may give'), '50');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The staff settings were saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.find((call) => call.method === 'PUT' && call.path === '/api/staff/settings')?.body,
      ).toEqual({
        requireTwoFactor: ['admin'],
        graceDays: 3,
        creditGrantLimit: 50,
      }),
    );
  });

  it('shows a manager, who may not change roles or settings, neither', async () => {
    const { calls } = renderRoles([PACKERS], undefined, 'manager');
    expect(await screen.findByRole('heading', { name: 'Roles', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Security and limits' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/staff'))).toEqual([]);
  });
});
