import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_ALERT_TITLE } from '../../../components/alert-error';
import { errorBody } from '../../../test/mock-api';
import { BOSS, renderStaffRoutes, staffSession } from '../shared/staff-test-utils';
import { exportStartedText } from './export-user';
import { AdminUsersTab } from './users-tab';
import { ANA_ID, adminUser, renderUsers } from './users-test-utils';

const exportButton = (email: string) => screen.getByRole('button', { name: `Export the data of ${email}` });

describe('Export data (Users tab)', () => {
  it("asks for a copy of a person's data and says its link will be e-mailed", async () => {
    const { calls } = renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: [adminUser()] };
      if (call.method === 'POST' && call.path === `/api/users/${ANA_ID}/export`)
        return { status: 202, body: { id: '5b0c7a3e-1f2d-4c3b-9a8e-7d6c5b4a3f21' } };
      return undefined;
    });
    const card = await screen.findByRole('article', { name: 'ana' });
    expect(exportButton('ana@example.com')).toHaveTextContent('Export data');
    await userEvent.setup().click(exportButton('ana@example.com'));
    const status = await within(card).findByRole('status');
    expect(status).toHaveTextContent(exportStartedText('ana@example.com'));
    expect(status).toHaveTextContent(
      'The archive of ana@example.com is being prepared: the link will be e-mailed to you.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows why a copy is refused (one copy of a person an hour)', async () => {
    const message =
      "A copy of this person's data was asked for less than an hour ago: one copy an hour. Try again in 12 minutes.";
    renderUsers((call) => {
      if (call.method === 'GET' && call.path === '/api/users') return { body: [adminUser()] };
      if (call.method === 'POST') return { status: 429, body: errorBody('RATE_LIMITED', message) };
      return undefined;
    });
    const card = await screen.findByRole('article', { name: 'ana' });
    await userEvent.setup().click(exportButton('ana@example.com'));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_ALERT_TITLE);
    expect(alert).toHaveTextContent(`The data of ana@example.com was not exported: ${message}`);
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
  });

  it('is offered to support (users.read), who may not erase', async () => {
    renderStaffRoutes({
      routes: { '/account/users': <AdminUsersTab /> },
      entry: '/account/users',
      handler: (call) =>
        call.method === 'GET' && call.path === '/api/users' ? { body: [adminUser()] } : undefined,
      session: staffSession(BOSS, 'support'),
    });
    await screen.findByRole('article', { name: 'ana' });
    expect(exportButton('ana@example.com')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Erase the personal data of ana@example.com' }),
    ).not.toBeInTheDocument();
  });
});
