import type { AccountSession } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, type ApiHandler, errorBody, mockApi } from '../../../test/mock-api';
import { testQueryClient } from '../../../test/query-client';
import { OTHERS_SIGNED_OUT, SessionsTab, THIS_DEVICE } from './sessions-tab';

const session = (id: string, device: string, current = false): AccountSession => ({
  id,
  device,
  ipAddress: current ? '203.0.113.7' : null,
  signedInAt: '2026-11-30T09:15:00.000Z',
  lastSeenAt: '2026-12-02T18:40:00.000Z',
  current,
});
const LAPTOP = session('11111111-1111-4111-8111-111111111111', 'Chrome on macOS', true);
const PHONE = session('22222222-2222-4222-8222-222222222222', 'Safari on iOS');
const TABLET = session('33333333-3333-4333-8333-333333333333', 'Firefox on Android');

/** The section over a scripted API whose list holds `sessions`, changed by the calls it lets through. */
function renderSessions(sessions: AccountSession[], handler: ApiHandler = () => undefined) {
  let list = [...sessions];
  const api = mockApi(async (call) => {
    const answer = await handler(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/account/sessions') return { body: { sessions: list } };
    if (call.method === 'DELETE' && call.path.startsWith('/api/account/sessions/')) {
      list = list.filter((entry) => !call.path.endsWith(entry.id));
      return { status: 204 };
    }
    if (call.method === 'POST' && call.path === '/api/auth/revoke-other-sessions') {
      list = list.filter((entry) => entry.current);
      return { body: { status: true } };
    }
    return undefined;
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SessionsTab />
    </QueryClientProvider>,
  );
  return api;
}

const items = () => within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem');
const changes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('Sessions section', () => {
  it('lists each session with its device, address, sign-in and last seen, this one marked', async () => {
    renderSessions([LAPTOP, PHONE]);
    expect(screen.getByRole('heading', { level: 2, name: 'Sessions' })).toBeInTheDocument();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [laptop, phone] = items() as [HTMLElement, HTMLElement];
    expect(within(laptop).getByRole('heading', { name: 'Chrome on macOS' })).toBeInTheDocument();
    expect(laptop).toHaveTextContent(THIS_DEVICE);
    expect(laptop).toHaveTextContent('203.0.113.7');
    expect(laptop).toHaveTextContent(/Signed in.*2026/);
    expect(laptop).toHaveTextContent(/Last seen.*2026/);
    // This device is signed out with the menu's Sign out, not from here.
    expect(within(laptop).queryByRole('button')).toBeNull();
    expect(phone).not.toHaveTextContent(THIS_DEVICE);
    expect(phone).toHaveTextContent('Unknown');
    expect(within(phone).getByRole('button', { name: /Sign out Safari on iOS/ })).toBeEnabled();
  });

  it('signs one session out and lists the rest', async () => {
    const user = userEvent.setup();
    const { calls } = renderSessions([LAPTOP, PHONE, TABLET]);
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /Sign out Safari on iOS/ }));

    await waitFor(() => expect(items()).toHaveLength(2));
    expect(changes(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/api/account/sessions/${PHONE.id}` }),
    ]);
    expect(screen.getByText('Safari on iOS was signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Safari on iOS' })).toBeNull();
  });

  it('signs out everywhere else, and cannot once this is the only session', async () => {
    const user = userEvent.setup();
    const { calls } = renderSessions([LAPTOP, PHONE, TABLET]);
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));

    await waitFor(() => expect(items()).toHaveLength(1));
    expect(changes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/auth/revoke-other-sessions' }),
    ]);
    expect(screen.getByText(OTHERS_SIGNED_OUT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('says why a session could not be signed out, and keeps it', async () => {
    const user = userEvent.setup();
    renderSessions([LAPTOP, PHONE], (call) =>
      call.method === 'DELETE'
        ? { status: 404, body: errorBody('NOT_FOUND', 'Session not found') }
        : undefined,
    );
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: /Sign out Safari on iOS/ }));
    expect(await screen.findByText(/We could not sign it out: Session not found/)).toBeInTheDocument();
    expect(items()).toHaveLength(2);
  });
});
