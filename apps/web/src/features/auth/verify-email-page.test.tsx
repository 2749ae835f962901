import { AUTH_MESSAGES } from '@shop/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/session';
import { apiError, mockApi, renderRoutes, sessionReply, testUser } from '../../test/auth-test-utils';
import { VERIFY_LINK_INVALID_MESSAGE, VerifyEmailPage } from './verify-email-page';

const unverified: SessionUser = { ...testUser, emailVerified: false };

function renderVerify(user: SessionUser, path = '/verify-email') {
  return renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], path, user);
}

describe('verify e-mail page', () => {
  it('asks an unverified user to verify and sends the e-mail again', async () => {
    const { calls } = mockApi({ 'POST /api/auth/send-verification-email': { body: { status: true } } });
    renderVerify(unverified);
    expect(screen.getByText('Please verify the email to continue')).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Verification Email' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Everything went right!');
    expect(status).toHaveTextContent('Please check your email and follow the steps');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/send-verification-email', body: { email: 'sam@example.com' } },
    ]);
  });

  it("says 'Too many requestes, try it later' when rate-limited", async () => {
    mockApi({
      'POST /api/auth/send-verification-email': apiError(
        429,
        'RATE_LIMITED',
        AUTH_MESSAGES.TOO_MANY_REQUESTS,
      ),
    });
    renderVerify(unverified);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Verification Email' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oh snap! You got an error!');
    expect(alert).toHaveTextContent('Too many requestes, try it later');
  });

  it("says 'This user isnt verified yet' when continuing unverified", async () => {
    const { calls } = mockApi({ 'GET /api/auth/get-session': sessionReply(unverified) });
    renderVerify(unverified);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This user isnt verified yet');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/get-session']);
  });

  it('completes once the session says verified', async () => {
    mockApi({ 'GET /api/auth/get-session': sessionReply(testUser) });
    renderVerify(unverified);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Verification Completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('shows the completed state to a verified user', () => {
    mockApi({});
    renderVerify(testUser);
    expect(screen.getByRole('heading', { name: 'Verification Completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Send Verification Email' })).not.toBeInTheDocument();
  });

  it('offers the way back when a guard sent the user here', () => {
    mockApi({});
    renderVerify(testUser, '/verify-email?redirect=%2Fcheckout%2Fu1');
    expect(screen.getByRole('link', { name: 'Back to where you were' })).toHaveAttribute(
      'href',
      '/checkout/u1',
    );
  });

  it('says the link was invalid or expired', () => {
    mockApi({});
    renderVerify(unverified, '/verify-email?error=TOKEN_EXPIRED');
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFY_LINK_INVALID_MESSAGE);
    expect(screen.getByRole('button', { name: 'Send Verification Email' })).toBeInTheDocument();
  });
});
