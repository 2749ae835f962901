import type { InvitationView } from '@shop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../test/mock-api';
import { renderInRouter, Where } from '../../test/render-routes';
import { InvitationPage } from './invitation-page';

const TOKEN = 'A'.repeat(43);
const OPEN: InvitationView = {
  email: 'new.hire@example.com',
  role: 'support',
  expiresAt: '2026-12-06T08:00:00.000Z',
  state: 'open',
};

function renderInvitation(
  view: InvitationView | null,
  signedInAs: string | null,
  handler: ApiHandler = () => undefined,
) {
  const accepted = false;
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.path === '/api/auth/get-session')
      return {
        body: signedInAs
          ? { user: { id: 'u1', email: signedInAs, emailVerified: false, username: 'newhire', role: 'user' } }
          : null,
      };
    if (call.method === 'GET' && call.path === `/api/invitations/${TOKEN}`)
      return view
        ? { body: accepted ? { ...view, state: 'accepted' } : view }
        : { status: 404, body: errorBody('NOT_FOUND', 'Invitation not found') };
    if (call.method === 'POST' && call.path === `/api/invitations/${TOKEN}/accept`)
      return { body: { role: view?.role } };
    return undefined;
  });
  renderInRouter(
    [
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '*', element: <Where name="elsewhere" /> },
    ],
    `/invitation/${TOKEN}`,
  );
  return api;
}

const accepts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('the invitation page', () => {
  it('asks a guest to create an account with the address or sign in, and brings them back', async () => {
    renderInvitation(OPEN, null);
    expect(await screen.findByText('new.hire@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Join the team' })).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    const back = encodeURIComponent(`/invitation/${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?redirect=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirect=${back}`);
  });

  it('lets the invited account accept, once', async () => {
    const user = userEvent.setup();
    const { calls } = renderInvitation(OPEN, 'new.hire@example.com');
    const button = await screen.findByRole('button', { name: 'Accept the invitation' });
    const sessionReads = () => calls.filter((call) => call.path === '/api/auth/get-session').length;
    const before = sessionReads();
    await user.click(button);
    expect(await screen.findByText('You are now on the team as Support.')).toBeInTheDocument();
    // The session and the dashboard are asked again; the page keeps saying what happened.
    await waitFor(() => expect(sessionReads()).toBeGreaterThan(before));
    const invitationReads = calls.filter((call) => call.path === `/api/invitations/${TOKEN}`);
    expect(invitationReads).toHaveLength(1);
    expect(screen.getByText('You are now on the team as Support.')).toBeInTheDocument();
    expect(accepts(calls)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
  });

  it('tells another account which address the invitation is for, and offers no acceptance', async () => {
    const { calls } = renderInvitation(OPEN, 'someone.else@example.com');
    expect(await screen.findByText(/This invitation is for new.hire@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
    expect(accepts(calls)).toHaveLength(0);
  });

  it('says when the invitation expired, was used, or is no invitation', async () => {
    renderInvitation({ ...OPEN, state: 'expired' }, 'new.hire@example.com');
    expect(await screen.findByText(/This invitation expired on/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a link is not valid', async () => {
    renderInvitation(null, null);
    expect(
      await screen.findByText('This invitation link is not valid. Ask for a new one.'),
    ).toBeInTheDocument();
  });
});
