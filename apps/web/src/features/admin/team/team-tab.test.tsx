import type { StaffMember } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY, type SessionUser } from '../../../lib/session';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';
import { AdminTeamTab, END_SESSIONS_TITLE, RESET_TWO_FACTOR_TITLE } from './team-tab';

const OWNER: StaffMember = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  username: 'owner',
  email: 'owner@shop.test',
  role: 'admin',
  twoFactor: true,
  lastSignInAt: '2026-12-02T08:00:00.000Z',
};
const HELPER: StaffMember = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  username: 'helper',
  email: 'helper@shop.test',
  role: 'support',
  twoFactor: true,
  lastSignInAt: '2026-12-01T08:00:00.000Z',
};
const PACKER: StaffMember = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  username: 'packer',
  email: 'packer@shop.test',
  role: 'fulfilment',
  twoFactor: false,
  lastSignInAt: null,
};

function renderTeam(handler: ApiHandler = () => undefined) {
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.path === '/api/auth/get-session')
      return { body: { user: { id: OWNER.id, email: OWNER.email, emailVerified: true, role: 'admin' } } };
    if (call.method === 'GET' && call.path === '/api/staff')
      return { body: { members: [OWNER, PACKER, HELPER] } };
    if (call.method === 'DELETE' && call.path === `/api/staff/${PACKER.id}/sessions`)
      return { body: { ended: 2 } };
    if (call.method === 'DELETE' && call.path === `/api/users/${HELPER.id}/two-factor`)
      return { status: 204 };
    if (call.method === 'POST' && call.path === '/api/staff/invitations') {
      const body = call.body as { email: string; role: string };
      return { status: 201, body: { id: 'i1', ...body, expiresAt: '2026-12-06T08:00:00.000Z' } };
    }
    return undefined;
  });
  // The owner, signed in as a page rendered on the server brings them.
  const client = testQueryClient();
  client.setQueryData(SESSION_QUERY_KEY, {
    uid: OWNER.id,
    username: OWNER.username,
    email: OWNER.email,
    emailVerified: true,
    role: 'admin',
  } satisfies SessionUser);
  render(
    <QueryClientProvider client={client}>
      <AdminTeamTab />
    </QueryClientProvider>,
  );
  return api;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const changes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('Team section', () => {
  it('lists the members with their e-mail, role, second factor and last sign-in', async () => {
    renderTeam();
    expect(screen.getByRole('heading', { level: 2, name: 'Team' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [owner, packer] = rows() as [HTMLElement, HTMLElement];
    expect(within(owner).getByRole('rowheader')).toHaveTextContent('owner');
    expect(owner).toHaveTextContent('owner@shop.test');
    expect(owner).toHaveTextContent('Admin');
    expect(owner).toHaveTextContent('Yes');
    expect(owner).toHaveTextContent(/2026/);
    expect(packer).toHaveTextContent('Fulfilment');
    expect(packer).toHaveTextContent('No');
    expect(packer).toHaveTextContent('Not signed in');
    expect(screen.getByRole('status')).toHaveTextContent('3 members');
    // The admin's own sessions are not ended from here.
    await waitFor(() => expect(owner).toHaveTextContent('You'));
    expect(within(owner).queryByRole('button')).toBeNull();
    expect(within(packer).getByRole('button', { name: 'End the sessions of packer' })).toBeEnabled();
    // Only a member with a second factor has one to reset.
    expect(within(packer).queryByRole('button', { name: /two-factor/ })).toBeNull();
  });

  it("resets a member's two-factor sign-in once it is confirmed", async () => {
    const user = userEvent.setup();
    const { calls } = renderTeam();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Reset the two-factor sign-in of helper' }));
    const dialog = await screen.findByRole('dialog', { name: RESET_TWO_FACTOR_TITLE });
    expect(dialog).toHaveTextContent('helper@shop.test');
    expect(dialog).toHaveTextContent('recovery codes and passkeys');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(
      await screen.findByText("helper's two-factor sign-in was reset; they were e-mailed."),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/api/users/${HELPER.id}/two-factor` }),
    ]);
  });

  it("ends a member's sessions only once it is confirmed", async () => {
    const user = userEvent.setup();
    const { calls } = renderTeam();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'End the sessions of packer' }));
    const dialog = await screen.findByRole('dialog', { name: END_SESSIONS_TITLE });
    expect(dialog).toHaveTextContent('packer@shop.test');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End the sessions of packer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('packer was signed out everywhere (2 sessions).')).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/api/staff/${PACKER.id}/sessions` }),
    ]);
  });

  it('invites someone by e-mail with a role', async () => {
    const user = userEvent.setup();
    const { calls } = renderTeam();
    await user.type(screen.getByLabelText('E-mail'), 'new.hire@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'catalogue');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(
        'new.hire@example.com was invited as Catalogue. The link works once, for 72 hours.',
      ),
    ).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/staff/invitations',
        body: { email: 'new.hire@example.com', role: 'catalogue' },
      }),
    ]);
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  });

  it("shows the server's reason under the e-mail field", async () => {
    const user = userEvent.setup();
    renderTeam((call) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: errorBody('CONFLICT', 'owner@shop.test is already a member of staff', {
              email: 'is already staff',
            }),
          }
        : undefined,
    );
    await user.type(screen.getByLabelText('E-mail'), 'owner@shop.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const field = screen.getByLabelText('E-mail');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('E-mail is already staff');
  });
});
