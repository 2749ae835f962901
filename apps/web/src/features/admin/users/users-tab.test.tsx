import type { AdminUser } from '@shop/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { dashboardFixture } from '../../../test/fixtures';
import { type ApiAnswer, type ApiCall, errorBody } from '../../../test/mock-api';
import { retryFailedLoad } from '../../../test/retry';
import { BOSS, renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { AdminUsersTab, DELETE_CONFIRM_TITLE } from './users-tab';
import { ANA_ID, adminUser, renderUsers } from './users-test-utils';

const ADMIN_ID = BOSS.id;
const BEN_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const me = () =>
  adminUser({
    _id: ADMIN_ID,
    username: 'boss',
    email: 'boss@shop.test',
    roles: ['admin'],
    createdAt: '2023-01-01T00:00:00.000Z',
  });
const ana = () => adminUser({ image: '/uploads/avatars/ana.webp' });
const ben = () =>
  adminUser({ _id: BEN_ID, username: 'ben', email: 'ben@example.com', status: false, emailVerified: false });

type Handler = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;

/** A users API over a stored list: GET answers it (search and sort ignored), the switches change it. */
function usersApi(store: { users: AdminUser[] }): Handler {
  return (call) => {
    if (call.method === 'GET' && call.path === '/api/users') return { body: store.users };
    const patch = (id: string, change: Partial<AdminUser>) => {
      store.users = store.users.map((user) => (user._id === id ? { ...user, ...change } : user));
      const user = store.users.find((item) => item._id === id) as AdminUser;
      return {
        body: [dashboardFixture({ _id: id, email: user.email, status: user.status, roles: user.roles })],
      };
    };
    if (call.method === 'PUT' && call.path.startsWith('/api/users/update/')) {
      return patch(call.path.split('/').at(-1) as string, call.body as Partial<AdminUser>);
    }
    if (call.method === 'PUT' && call.path === '/api/user-suspended') {
      const email = (call.body as { email: string }).email;
      const user = store.users.find((item) => item.email === email) as AdminUser;
      return patch(user._id, { status: false });
    }
    return undefined;
  };
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/users');
const orderSearchOf = (call: ApiCall | undefined) => JSON.parse(call?.search.get('orderSearch') ?? 'null');
const card = (name: string) => screen.getByRole('article', { name });
const badges = (email: string) => screen.getByRole('list', { name: `About ${email}` });
const statusSwitch = (email: string) => screen.getByRole('switch', { name: `Status of ${email}` });
const adminSwitch = (email: string) => screen.getByRole('switch', { name: `Admin role for ${email}` });

function deferred() {
  let resolve: (answer: ApiAnswer) => void = () => undefined;
  const promise = new Promise<ApiAnswer>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('Users tab (admin)', () => {
  it('lists the users with picture, username, e-mail, role, joined date and their switches', async () => {
    const { calls } = renderUsers(usersApi({ users: [me(), ana(), ben()] }));
    expect(await screen.findByRole('article', { name: 'ana' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();

    const first = listCalls(calls)[0];
    expect(orderSearchOf(first)).toEqual({ orderBy: { createdAt: -1 } });
    expect(first?.search.get('page')).toBe('1');
    expect(first?.search.get('limit')).toBe('20');

    const anaCard = card('ana');
    expect(anaCard).toHaveTextContent('ana@example.com');
    expect(anaCard).toHaveTextContent('Role: user');
    expect(anaCard).toHaveTextContent('Joined 2024-03-02');
    expect(anaCard.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/ana.webp');
    expect(statusSwitch('ana@example.com')).toBeChecked();
    expect(statusSwitch('ana@example.com')).toHaveClass('form-check-input');
    expect(adminSwitch('ana@example.com')).not.toBeChecked();
    expect(within(anaCard).getByRole('button', { name: 'Delete user ana@example.com' })).toBeEnabled();

    expect(badges('ben@example.com')).toHaveTextContent('suspended');
    expect(badges('ben@example.com')).toHaveTextContent('e-mail not verified');
    expect(badges('ana@example.com')).not.toHaveTextContent('suspended');
    expect(statusSwitch('ben@example.com')).not.toBeChecked();
    expect(card('boss')).toHaveTextContent('Role: admin');
    expect(adminSwitch('boss@shop.test')).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 users');
  });

  it("disables the signed-in admin's own switches and Delete, and says why", async () => {
    renderUsers(usersApi({ users: [me(), ana()] }));
    const mine = await screen.findByRole('article', { name: 'boss' });
    expect(mine).toHaveTextContent('This is you');
    expect(statusSwitch('boss@shop.test')).toBeDisabled();
    expect(adminSwitch('boss@shop.test')).toBeDisabled();
    const del = within(mine).getByRole('button', { name: 'Delete user boss@shop.test' });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription(/This is you/);
    expect(statusSwitch('ana@example.com')).toBeEnabled();
    expect(card('ana')).not.toHaveTextContent('This is you');
  });

  it('searches only when the form is submitted, with the sort in orderSearch, and keeps it in the address', async () => {
    const { calls, router } = renderUsers(usersApi({ users: [ana()] }));
    await screen.findByRole('article', { name: 'ana' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, 'ana');
    expect(listCalls(calls)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(orderSearchOf(listCalls(calls)[1])).toEqual({ orderBy: { createdAt: -1 }, search: 'ana' });
    expect(router.state.location.search).toBe('?q=ana');
    expect(await screen.findByText('1 user matches “ana”')).toHaveAttribute('role', 'status');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'email-asc');
    await waitFor(() =>
      expect(orderSearchOf(listCalls(calls).at(-1))).toEqual({ orderBy: { email: 1 }, search: 'ana' }),
    );
    expect(router.state.location.search).toBe('?q=ana&sort=email-asc');
    // Enter submits too; the typed text alone never does.
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ben');
    const before = listCalls(calls).length;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(before + 1));
    expect(orderSearchOf(listCalls(calls).at(-1))).toEqual({ orderBy: { email: 1 }, search: 'ben' });
  });

  it('says when no user matches, and clears the search', async () => {
    const { calls } = renderUsers(
      (call) =>
        call.path === '/api/users'
          ? { body: call.search.get('orderSearch')?.includes('zzz') ? [] : [ana()] }
          : undefined,
      '/account/users?q=zzz',
    );
    expect(await screen.findByText('No users match “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No users match “zzz”');
    expect(orderSearchOf(listCalls(calls)[0])).toEqual({ orderBy: { createdAt: -1 }, search: 'zzz' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('article', { name: 'ana' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });

  it('turns the pages: Next appears while a page comes back full', async () => {
    const page = (n: number) =>
      Array.from({ length: n === 1 ? 20 : 3 }, (_, i) =>
        adminUser({
          _id: `dddddddd-dddd-4ddd-8ddd-${String(n * 100 + i).padStart(12, '0')}`,
          username: `u${n}_${i}`,
          email: `u${n}_${i}@example.com`,
        }),
      );
    const { calls } = renderUsers((call) =>
      call.path === '/api/users' ? { body: page(Number(call.search.get('page'))) } : undefined,
    );
    await screen.findByRole('article', { name: 'u1_0' });
    const user = userEvent.setup();
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'u2_0' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.search.get('page')).toBe('2');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(
      within(screen.getByRole('navigation', { name: 'Users pages' })).getByRole('button', {
        name: 'Next page',
      }),
    ).toBeDisabled();
  });

  it("suspends with the spec's call (PUT /user-suspended with the e-mail) and reactivates with status true", async () => {
    const store = { users: [me(), ana()] };
    const { calls } = renderUsers(usersApi(store));
    await screen.findByRole('article', { name: 'ana' });
    const user = userEvent.setup();

    await user.click(statusSwitch('ana@example.com'));
    await waitFor(() => expect(badges('ana@example.com')).toHaveTextContent('suspended'));
    expect(statusSwitch('ana@example.com')).not.toBeChecked();
    const suspend = calls.filter((call) => call.method === 'PUT');
    expect(suspend).toHaveLength(1);
    expect(suspend[0]?.path).toBe('/api/user-suspended');
    expect(suspend[0]?.body).toEqual({ email: 'ana@example.com' });

    await waitFor(() => expect(statusSwitch('ana@example.com')).toBeEnabled());
    await user.click(statusSwitch('ana@example.com'));
    await waitFor(() => expect(statusSwitch('ana@example.com')).toBeChecked());
    const reactivate = calls.filter((call) => call.method === 'PUT')[1];
    expect(reactivate?.path).toBe(`/api/users/update/${ANA_ID}`);
    expect(reactivate?.body).toEqual({ status: true });
  });

  it('makes a user an admin and back with roles', async () => {
    const store = { users: [me(), ana()] };
    const { calls } = renderUsers(usersApi(store));
    await screen.findByRole('article', { name: 'ana' });
    const user = userEvent.setup();
    await user.click(adminSwitch('ana@example.com'));
    await waitFor(() => expect(card('ana')).toHaveTextContent('Role: admin'));
    await waitFor(() => expect(adminSwitch('ana@example.com')).toBeEnabled());
    await user.click(adminSwitch('ana@example.com'));
    await waitFor(() => expect(card('ana')).toHaveTextContent('Role: user'));
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      [`/api/users/update/${ANA_ID}`, { roles: ['admin'] }],
      [`/api/users/update/${ANA_ID}`, { roles: ['user'] }],
    ]);
  });

  it('gives a user any role from the Role select, the roles listed from the shop', async () => {
    const store = { users: [me(), ana()] };
    const { calls } = renderUsers(async (call) =>
      call.method === 'GET' && call.path === '/api/staff/roles'
        ? {
            body: {
              roles: [
                { name: 'admin', permissions: [], builtIn: true, members: 1 },
                { name: 'support', permissions: [], builtIn: true, members: 0 },
                { name: 'packers', permissions: [], builtIn: false, members: 0 },
              ],
            },
          }
        : usersApi(store)(call),
    );
    await screen.findByRole('article', { name: 'ana' });
    const select = screen.getByRole('combobox', { name: 'Role of ana@example.com' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'packers' })).toBeInTheDocument());
    const user = userEvent.setup();
    await user.selectOptions(select, 'packers');
    await waitFor(() => expect(card('ana')).toHaveTextContent('Role: packers'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { roles: ['packers'] },
    ]);
  });

  it('shows a manager (users.write, not users.roles) the status switch and Delete, but no role controls', async () => {
    const store = { users: [me(), ana()] };
    renderStaffRoutes({
      routes: { '/account/users': <AdminUsersTab /> },
      entry: '/account/users',
      handler: usersApi(store),
      session: staffSession(BOSS, 'manager'),
    });
    await screen.findByRole('article', { name: 'ana' });
    expect(statusSwitch('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete user ana@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Admin role for ana@example.com' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of ana@example.com' })).not.toBeInTheDocument();
  });

  it("flips at once, then rolls back and shows the server's refusal", async () => {
    const other = adminUser({ roles: ['admin'] });
    const answer = deferred();
    renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: [me(), other] };
      if (call.method === 'PUT') return answer.promise;
      return undefined;
    });
    await screen.findByRole('article', { name: 'ana' });
    const user = userEvent.setup();
    await user.click(adminSwitch('ana@example.com'));
    // Optimistic: off at once, and locked while the server decides.
    expect(adminSwitch('ana@example.com')).not.toBeChecked();
    expect(adminSwitch('ana@example.com')).toBeDisabled();

    answer.resolve({
      status: 409,
      body: errorBody('CONFLICT', 'The shop must keep at least one active admin'),
    });
    const alert = await within(card('ana')).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent('ana is still an admin: The shop must keep at least one active admin');
    expect(adminSwitch('ana@example.com')).toBeChecked();
    expect(adminSwitch('ana@example.com')).toBeEnabled();
  });

  it('rolls back a refused suspension too', async () => {
    renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: [me(), ana()] };
      if (call.method === 'PUT' && call.path === '/api/user-suspended')
        return { status: 403, body: errorBody('FORBIDDEN', 'Only an admin can do this') };
      return undefined;
    });
    await screen.findByRole('article', { name: 'ana' });
    await userEvent.setup().click(statusSwitch('ana@example.com'));
    expect(await within(card('ana')).findByRole('alert')).toHaveTextContent(
      'ana was not suspended: Only an admin can do this',
    );
    expect(statusSwitch('ana@example.com')).toBeChecked();
    expect(badges('ana@example.com')).not.toHaveTextContent('suspended');
  });

  it("deletes a user after 'Are you sure?', with Cancel doing nothing", async () => {
    let users = [me(), ana(), ben()];
    const { calls } = renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: users };
      if (call.method === 'DELETE' && call.path === `/api/users/${ANA_ID}`) {
        users = users.filter((user) => user._id !== ANA_ID);
        return { body: users };
      }
      return undefined;
    });
    await screen.findByRole('article', { name: 'ana' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete user ana@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    expect(dialog).toHaveTextContent('ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete user ana@example.com' }));
    dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ana' })).not.toBeInTheDocument());
    const del = calls.find((call) => call.method === 'DELETE');
    expect(orderSearchOf(del)).toEqual({ orderBy: { createdAt: -1 } });
    expect(del?.search.get('page')).toBe('1');
    expect(screen.getByText(/ana@example.com was deleted/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Users' })).toHaveFocus());
  });

  it("erases a shopper's data after asking, or says why the erasure waits", async () => {
    let users = [me(), ana(), ben()];
    let held = true;
    const { calls } = renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: users };
      if (call.method === 'POST' && call.path === `/api/users/${ANA_ID}/erase`) {
        if (held) return { status: 202, body: { heldUntil: null, reason: 'Order #7 is still open.' } };
        users = users.filter((user) => user._id !== ANA_ID);
        return { body: { erased: true } };
      }
      return undefined;
    });
    await screen.findByRole('article', { name: 'ana' });
    expect(
      screen.queryByRole('button', { name: 'Erase the personal data of boss@shop.test' }),
      'never on your own card',
    ).not.toBeInTheDocument();
    const user = userEvent.setup();
    const erase = () =>
      user.click(screen.getByRole('button', { name: 'Erase the personal data of ana@example.com' }));
    await erase();
    let dialog = await screen.findByRole('dialog', { name: "Erase this person's data?" });
    expect(dialog).toHaveTextContent('ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Erase data' }));
    const status = (await screen.findByRole('heading', { name: 'Erasure of ana held' })).closest(
      '[role="status"]',
    );
    expect(status).toHaveTextContent('Order #7 is still open.');
    expect(screen.getByRole('article', { name: 'ana' })).toBeInTheDocument();

    held = false;
    await erase();
    dialog = await screen.findByRole('dialog', { name: "Erase this person's data?" });
    await user.click(within(dialog).getByRole('button', { name: 'Erase data' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ana' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/erase'))).toHaveLength(2);
  });

  it('shows the refusal of a deletion in the dialog', async () => {
    renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: [me(), ana()] };
      if (call.method === 'DELETE')
        return { status: 409, body: errorBody('CONFLICT', 'The shop must keep at least one active admin') };
      return undefined;
    });
    await screen.findByRole('article', { name: 'ana' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete user ana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(
      'ana@example.com was not deleted: The shop must keep at least one active admin',
    );
    expect(screen.getByRole('article', { name: 'ana' })).toBeInTheDocument();
  });

  it("shows the spec's red alert with Try again when the users cannot be loaded", async () => {
    let fail = true;
    renderUsers((call) => {
      if (call.path !== '/api/users') return undefined;
      return fail ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Users are down') } : { body: [ana()] };
    });
    await retryFailedLoad('Users are down', () => {
      fail = false;
    });
    expect(await screen.findByRole('article', { name: 'ana' })).toBeInTheDocument();
  });
});
